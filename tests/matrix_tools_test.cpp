// Matrix tools: planarity of the graph of positive entries, prime blocks of direct sums, IDSMs,
// symmetry, the E1/E2 extensions (including where they are undefined), the families A^n, B^n and
// C_k, and the planar= field of catalogue lines.
#include "engine/structure/matrix_tools.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/structure/planarity.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::M;

Matrix Ones(int rows, int cols) {
  Matrix a(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) a.set(i, j, 1);
  return a;
}

std::multiset<Matrix> CanonicalBlocks(const Matrix& a) {
  std::multiset<Matrix> out;
  for (const Matrix& b : PrimeBlocks(a)) out.insert(canon::CanonicalForm(b));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Planarity

TEST(Planarity, CompleteBipartiteGraphs) {
  EXPECT_FALSE(IsPlanar(M("111/111/111")));  // K3,3
  EXPECT_FALSE(IsPlanar(M("333/123/321")));  // the sizes of the entries do not matter
  EXPECT_TRUE(IsPlanar(M("111/111")));       // K2,3
  EXPECT_TRUE(IsPlanar(M("11/11/11")));      // K3,2
  EXPECT_TRUE(IsPlanar(Ones(2, 8)));         // K2,8
  EXPECT_TRUE(IsPlanar(Ones(8, 1)));
  EXPECT_FALSE(IsPlanar(Ones(3, 8)));  // contains K3,3
  EXPECT_FALSE(IsPlanar(Ones(8, 8)));
  EXPECT_TRUE(IsPlanar(M("1")));
}

TEST(Planarity, PaperThreeByThreeExamples) {
  // 033/303/330: the 6-cycle r1-c2-r3-c1-r2-c3-r1, planar.
  EXPECT_TRUE(IsPlanar(M("033/303/330")));
  // 033/331/312 (Fig. 2) has one zero: its graph is K3,3 minus the edge r1-c1. Every proper
  // subgraph of K3,3 is planar (K3,3 is edge-minimal non-planar; by hand: draw r1 inside the face
  // c2-r2-c3-r3 of the 4-cycle through the other five vertices), so Fig. 2 IS planar.
  EXPECT_TRUE(IsPlanar(M("033/331/312")));
  EXPECT_TRUE(IsPlanar(M("011/111/111")));
  // The seven 3x3 complete seki of height 3: those without a zero entry are K3,3.
  EXPECT_FALSE(IsPlanar(M("133/313/331")));
  EXPECT_TRUE(IsPlanar(M("301/022/121")));
  // Fig. 4 (033/403/430): a 6-cycle again.
  EXPECT_TRUE(IsPlanar(M("033/403/430")));
}

TEST(Planarity, SubdivisionWithoutKuratowskiSubgraph) {
  // K3,3 on rows 1-3 / columns 1-3 minus the edge r1-c1, with that edge replaced by the path
  // r1-c4-r4-c1: a subdivision of K3,3, though no three rows share three columns.
  const Matrix a = M("0111/1110/1110/1001");
  EXPECT_FALSE(IsPlanar(a));
  // Cutting the path (r4-c1 removed, c1 kept alive by rows 2 and 3) makes it planar again.
  Matrix b = a;
  b.set(3, 0, 0);
  b.set(3, 3, 1);
  EXPECT_TRUE(IsPlanar(b));
}

TEST(Planarity, DirectSumsAndZeroLines) {
  EXPECT_TRUE(IsPlanar(DirectSum(M("111/111"), M("11/11/11"))));
  EXPECT_FALSE(IsPlanar(DirectSum(M("22/22"), M("111/111/111"))));
  EXPECT_TRUE(IsPlanar(M("000/011/011")));  // a zero line is an isolated vertex
}

// The shortcuts of IsPlanar (edge bound, cycle rank) agree with Boyer–Myrvold alone: on every
// 0/1 pattern of 3x3, 3x4 and 4x4, and on random 5x5 .. 8x8 patterns.
TEST(Planarity, ShortcutsAgreeWithBoyerMyrvold) {
  int planar = 0, total = 0;
  for (auto [m, n] : {std::pair{3, 3}, {3, 4}, {4, 4}})
    testing::ForEachMatrix(m, n, 1, [&](const Matrix& a) {
      ASSERT_EQ(IsPlanar(a), IsPlanarBoyerMyrvold(a)) << FormatMatrix(a);
      planar += IsPlanar(a);
      ++total;
    });
  EXPECT_GT(planar, 0);
  EXPECT_LT(planar, total);
  testing::Rng rng(6);
  for (int t = 0; t < 4000; ++t) {
    const int m = 5 + t % 4, n = 5 + (t / 4) % 4;
    std::bernoulli_distribution edge(0.15 + 0.1 * (t % 5));
    Matrix a(m, n);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) a.set(i, j, edge(rng));
    ASSERT_EQ(IsPlanar(a), IsPlanarBoyerMyrvold(a)) << FormatMatrix(a);
  }
}

TEST(Planarity, CatalogueLineEndsWithPlanarField) {
  ExhaustiveSolver solver;
  for (const auto& [text, planar] : std::vector<std::pair<std::string, std::string>>{
           {"033/303/330", "yes"}, {"133/313/331", "no"}}) {
    const Matrix a = M(text);
    const std::string line = CatalogueLine(a, solver.Solve(a).seki);
    const std::string tail = " planar=" + planar;
    ASSERT_GE(line.size(), tail.size());
    EXPECT_EQ(line.substr(line.size() - tail.size()), tail) << line;
  }
}

// ---------------------------------------------------------------------------------------------
// Direct sums and prime blocks

TEST(PrimeBlocks, OfDirectSums) {
  const Matrix a = M("21/12"), b = M("3"), c = M("033/303/330");
  const Matrix ab = DirectSum(a, b);
  EXPECT_EQ(ab, M("210/120/003"));
  EXPECT_FALSE(IsPrime(ab));
  EXPECT_EQ(PrimeBlocks(ab), (std::vector<Matrix>{a, b}));

  const Matrix abc = DirectSum(ab, c);
  EXPECT_EQ(abc.rows(), 6);
  EXPECT_EQ(CanonicalBlocks(abc),
            (std::multiset<Matrix>{canon::CanonicalForm(a), canon::CanonicalForm(b),
                                   canon::CanonicalForm(c)}));

  // Shuffling rows and columns changes nothing up to isomorphism.
  testing::Rng rng(7);
  for (int k = 0; k < 20; ++k)
    EXPECT_EQ(CanonicalBlocks(testing::RandomPermuted(rng, abc)), CanonicalBlocks(abc));
}

TEST(PrimeBlocks, PrimeMatricesAndZeroLines) {
  for (const char* text : {"1", "11", "033/303/330", "033/331/312", "3100/1210/0112/0022"}) {
    EXPECT_TRUE(IsPrime(M(text))) << text;
    EXPECT_EQ(PrimeBlocks(M(text)).size(), 1u) << text;
  }
  EXPECT_FALSE(IsPrime(M("20/02")));
  EXPECT_EQ(PrimeBlocks(M("20/02")), (std::vector<Matrix>{M("2"), M("2")}));
  // A zero row is dropped; the matrix is not prime (it is not a starting position).
  EXPECT_EQ(PrimeBlocks(M("11/00")), (std::vector<Matrix>{M("11")}));
  EXPECT_FALSE(IsPrime(M("11/00")));
  EXPECT_THROW(DirectSum(Ones(5, 5), Ones(4, 4)), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// IDSM and symmetry

TEST(Idsm, Examples) {
  EXPECT_TRUE(IsIdsm(M("033/303/330")));
  EXPECT_TRUE(IsIdsm(M("22/22")));
  EXPECT_TRUE(IsIdsm(M("1")));
  EXPECT_FALSE(IsIdsm(M("320/213/033")));          // row sums 5, 6, 6
  EXPECT_FALSE(IsIdsm(M("033/331/312")));          // row sums 6, 7, 6
  EXPECT_FALSE(IsIdsm(M("111/111")));              // not square
  EXPECT_FALSE(IsIdsm(M("21/21")));                // rows agree, columns do not
  EXPECT_FALSE(IsIdsm(M("0123/0213/2220/2220")));  // listed by the paper; column sums 4,7,7,6
}

TEST(Symmetry, IsomorphicToTranspose) {
  for (const char* text : {"033/303/330", "133/313/331", "301/022/121", "320/212/023",
                           "320/203/032", "320/213/033", "033/331/312"})
    EXPECT_TRUE(IsSymmetric(M(text))) << text;  // the paper: all seven are symmetric
  EXPECT_FALSE(IsSymmetric(M("033/403/430")));  // its transpose is another class
  EXPECT_FALSE(IsSymmetric(M("21/11/11")));     // not square
  // 12/30: the row through the zero holds 3, the column through it holds 2; transposing swaps
  // them, and no row/column permutation can.
  EXPECT_FALSE(IsSymmetric(M("12/30")));
  EXPECT_TRUE(IsSymmetric(M("12/21")));
}

// ---------------------------------------------------------------------------------------------
// Extensions

TEST(Extensions, E1AndE2Shape) {
  const Matrix a = M("033/331/312");
  // E1 at (1,2) (0-based (0,1)): new row 0 = 3 at column 0 and 1 at column 2; new column 0 = 1 at
  // row 1; A(1,2) lowered from 3 to 2.
  EXPECT_EQ(Extend(a, 0, 1, Extension::kE1), M("3010/1023/0331/0312"));
  EXPECT_EQ(Extend(a, 2, 2, Extension::kE1), M("3001/0033/0331/1311"));
  EXPECT_EQ(Extend(a, 0, 1, Extension::kE2), M("3020/2013/0331/0312"));
  // The new row and column sum to 3 + k and the old lines keep their sums, so an IDSM with line
  // sum 3 + k stays an IDSM (E1 of 22/22 is how A^3 is made).
  const Matrix idsm4 = M("22/22");
  const auto e = Extend(idsm4, 1, 0, Extension::kE1);
  ASSERT_TRUE(e.has_value());
  EXPECT_TRUE(IsIdsm(*e));
  EXPECT_EQ(e->row_sum(0), 4);
}

TEST(Extensions, UndefinedCases) {
  const Matrix a = M("033/331/312");
  EXPECT_FALSE(Extend(a, 0, 0, Extension::kE1).has_value());             // A(1,1) = 0
  EXPECT_FALSE(Extend(a, 1, 2, Extension::kE2).has_value());             // A(2,3) = 1 < 2
  EXPECT_TRUE(Extend(a, 1, 2, Extension::kE1).has_value());              // 1 - 1 = 0 is fine
  EXPECT_FALSE(Extend(a, 2, 1, Extension::kE2).has_value());             // A(3,2) = 1 < 2
  EXPECT_EQ(Extend(a, 2, 0, Extension::kE2), M("3200/0033/0331/2112"));  // A(3,1) = 3 - 2
  EXPECT_FALSE(Extend(Ones(8, 3), 0, 0, Extension::kE1).has_value());    // 9 rows do not fit
  EXPECT_FALSE(Extend(Ones(3, 8), 0, 0, Extension::kE1).has_value());
  EXPECT_TRUE(Extend(Ones(7, 7), 0, 0, Extension::kE1).has_value());
}

TEST(Extensions, PaperFactsForA7) {
  // E1 of A7 = 033/331/312: complete at (2,2),(2,3),(3,2),(3,3); semi-complete at (1,2),(2,1);
  // no seki at (1,3),(3,1) (1-based).
  ExhaustiveSolver solver;
  const Matrix a7 = M("033/331/312");
  auto cls = [&](int i, int j) { return solver.Solve(*Extend(a7, i, j, Extension::kE1)).seki; };
  for (auto [i, j] : {std::pair{1, 1}, {1, 2}, {2, 1}, {2, 2}})
    EXPECT_EQ(cls(i, j).seki_class(), SekiClass::kComplete) << i << "," << j;
  for (auto [i, j] : {std::pair{0, 1}, {1, 0}})
    EXPECT_EQ(cls(i, j).seki_class(), SekiClass::kSemiComplete) << i << "," << j;
  for (auto [i, j] : {std::pair{0, 2}, {2, 0}}) EXPECT_FALSE(cls(i, j).is_seki()) << i << "," << j;
}

// ---------------------------------------------------------------------------------------------
// Families

TEST(Families, PrintedMembers) {
  EXPECT_EQ(SequenceA(2), M("22/22"));
  EXPECT_EQ(SequenceA(3), M("310/112/022"));
  EXPECT_EQ(SequenceA(4), M("3100/1210/0112/0022"));
  EXPECT_EQ(SequenceA(5), M("31000/12100/01210/00112/00022"));
  EXPECT_EQ(SequenceB(2), M("32/23"));
  EXPECT_EQ(SequenceB(3), M("320/212/023"));
  EXPECT_EQ(SequenceB(4), M("3200/2120/0212/0023"));
  EXPECT_EQ(SequenceB(5), M("32000/21200/02120/00212/00023"));
  EXPECT_EQ(canon::CanonicalForm(TwoCycle(3)), canon::CanonicalForm(M("220/202/022")));
}

TEST(Families, Structure) {
  for (int n = 2; n <= kMaxDim; ++n) {
    const Matrix a = SequenceA(n), b = SequenceB(n);
    EXPECT_TRUE(IsIdsm(a) && a.row_sum(0) == 4) << n;
    EXPECT_TRUE(IsIdsm(b) && b.row_sum(0) == 5) << n;
    EXPECT_TRUE(IsPrime(a) && IsPrime(b)) << n;
    EXPECT_TRUE(IsPlanar(a) && IsPlanar(b)) << n;  // band matrices: paths of small cycles
    if (n >= 3) {
      EXPECT_EQ(a.height(), 3);
      EXPECT_EQ(Extend(SequenceA(n - 1), 0, 0, Extension::kE1), a);
      EXPECT_EQ(Extend(SequenceB(n - 1), 0, 0, Extension::kE2), b);
    }
  }
  for (int k = 3; k <= kMaxDim; ++k) {
    const Matrix c = TwoCycle(k);
    EXPECT_TRUE(IsIdsm(c) && c.row_sum(0) == 4) << k;
    EXPECT_TRUE(IsPrime(c)) << k;
    EXPECT_TRUE(IsPlanar(c)) << k;  // a single cycle
    EXPECT_EQ(c.height(), 2);
  }
  EXPECT_THROW(SequenceA(1), std::invalid_argument);
  EXPECT_THROW(SequenceB(9), std::invalid_argument);
  EXPECT_THROW(TwoCycle(9), std::invalid_argument);
}

TEST(Families, SmallMembersSolve) {
  ExhaustiveSolver solver;
  EXPECT_EQ(solver.Solve(SequenceA(4)).seki.seki_class(), SekiClass::kComplete);
  EXPECT_EQ(solver.Solve(SequenceB(3)).seki.seki_class(), SekiClass::kComplete);
  EXPECT_EQ(solver.Solve(SequenceB(2)).seki.seki_class(), SekiClass::kSeki);  // not complete
  EXPECT_EQ(solver.Solve(TwoCycle(4)).dseki.seki_class(), SekiClass::kComplete);
}

}  // namespace
}  // namespace seki
