// Every known result of spec section 4 that a single-matrix solve can confirm: small cases, 2x2,
// the 3x3 lists, the families A^n, B^n, C_k, and the extension facts for A1..A7.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::ForEachMatrix;
using testing::M;
constexpr Result W = Result::W, D = Result::D, L = Result::L;

SekiClass ClassOf(ExhaustiveSolver& s, const Matrix& a, Game g) {
  return s.Solve(a)[g].seki_class();
}

std::set<Matrix> CanonicalSet(const std::vector<std::string>& texts) {
  std::set<Matrix> out;
  for (const auto& t : texts) out.insert(canon::CanonicalForm(M(t)));
  return out;
}

TEST(SmallCases, OneByOne) {
  ExhaustiveSolver s;
  const Solution one = s.Solve(M("1"));
  EXPECT_EQ(one.seki.R, W);  // first player wins SEKI
  EXPECT_EQ(one.seki.C, W);
  EXPECT_EQ(one.dseki.R, D);  // draw in D-SEKI
  EXPECT_EQ(one.dseki.C, D);
  EXPECT_EQ(ClassOf(s, M("2"), Game::kSeki), SekiClass::kComplete);
  EXPECT_NE(ClassOf(s, M("2"), Game::kDSeki), SekiClass::kComplete);
  for (int k = 3; k <= 40; ++k) {
    Matrix a(1, 1);
    a.set(0, 0, k);
    EXPECT_TRUE(s.Solve(a).seki.is_seki()) << k;
    EXPECT_NE(ClassOf(s, a, Game::kSeki), SekiClass::kComplete) << k;
  }
  for (int k = 1; k <= 40; ++k) {
    Matrix a(1, 1);
    a.set(0, 0, k);
    EXPECT_TRUE(s.Solve(a).dseki.is_seki()) << k;                       // every 1x1 is a d-seki ...
    EXPECT_NE(ClassOf(s, a, Game::kDSeki), SekiClass::kComplete) << k;  // ... none complete
  }
}

TEST(SmallCases, OneByNColumnPlayerWins) {
  ExhaustiveSolver s;
  for (int n = 2; n <= 4; ++n)
    ForEachMatrix(1, n, 4, [&](const Matrix& a) {
      if (a.has_zero_line()) return;
      const Solution v = s.Solve(a);
      for (Game g : kGames) {
        EXPECT_EQ(v[g].R, L) << FormatMatrix(a);
        EXPECT_EQ(v[g].C, W) << FormatMatrix(a);
      }
    });
}

TEST(SmallCases, TwoByNHasNoSekiButHasDSeki) {
  ExhaustiveSolver s;
  int checked = 0;
  for (int n = 3; n <= 4; ++n)
    ForEachMatrix(2, n, n == 3 ? 4 : 2, [&](const Matrix& a) {
      if (a.has_zero_line()) return;
      EXPECT_FALSE(s.Solve(a).seki.is_seki()) << FormatMatrix(a);
      ++checked;
    });
  EXPECT_GT(checked, 10000);
  EXPECT_TRUE(s.Solve(M("111/233")).dseki.is_seki());
  EXPECT_FALSE(s.Solve(M("111/233")).seki.is_seki());
}

TEST(SmallCases, TwoByTwoCompleteSeki) {
  ExhaustiveSolver s;
  std::set<Matrix> complete, complete_d;
  ForEachMatrix(2, 2, 9, [&](const Matrix& a) {
    if (a.has_zero_line()) return;
    if (ClassOf(s, a, Game::kSeki) == SekiClass::kComplete)
      complete.insert(canon::CanonicalForm(a));
    if (ClassOf(s, a, Game::kDSeki) == SekiClass::kComplete)
      complete_d.insert(canon::CanonicalForm(a));
  });
  EXPECT_EQ(complete, CanonicalSet({"11/11", "20/02", "21/12", "22/22"}));
  EXPECT_EQ(complete_d, CanonicalSet({"11/11"}));
}

TEST(SmallCases, OnlyCompleteDSekiAmongOneAndTwoRowMatrices) {
  ExhaustiveSolver s;
  std::set<Matrix> complete_d;
  for (int m = 1; m <= 2; ++m)
    for (int n = 1; n <= 4; ++n)
      ForEachMatrix(m, n, n <= 3 ? 3 : 2, [&](const Matrix& a) {
        if (a.has_zero_line()) return;
        if (ClassOf(s, a, Game::kDSeki) == SekiClass::kComplete)
          complete_d.insert(canon::CanonicalForm(a));
      });
  EXPECT_EQ(complete_d, CanonicalSet({"11/11"}));
}

TEST(SmallCases, OneKFamily) {
  ExhaustiveSolver s;
  EXPECT_EQ(ClassOf(s, M("11/11"), Game::kSeki), SekiClass::kComplete);
  for (int k = 2; k <= 12; ++k) {
    Matrix a(2, 2);
    a.set(0, 0, 1), a.set(0, 1, k), a.set(1, 0, k), a.set(1, 1, k);
    EXPECT_EQ(s.Solve(a).seki.R, W) << k;                        // R begins and wins ...
    EXPECT_EQ(Negate(s.ChildSolution(a, 0, 1).seki.C), W) << k;  // ... by playing at (1,2)
  }
}

const std::vector<std::string> kSevenComplete3x3 = {"033/303/330", "133/313/331", "301/022/121",
                                                    "320/212/023", "320/203/032", "320/213/033",
                                                    "033/331/312"};

TEST(ThreeByThree, SevenCompleteSekiOfHeightThree) {
  ExhaustiveSolver s;
  for (std::size_t k = 0; k < kSevenComplete3x3.size(); ++k) {
    const Matrix a = M(kSevenComplete3x3[k]);
    EXPECT_EQ(ClassOf(s, a, Game::kSeki), SekiClass::kComplete) << kSevenComplete3x3[k];
    EXPECT_TRUE(IsSymmetric(a)) << kSevenComplete3x3[k];
    EXPECT_TRUE(IsPrime(a)) << kSevenComplete3x3[k];
    EXPECT_EQ(IsIdsm(a), k < 5) << kSevenComplete3x3[k];  // the last two are not IDSMs
    EXPECT_EQ(a.height(), 3);
  }
}

// Exhaustive over all 3x3 matrices with entries <= 3: the prime complete seki of height 3 are
// exactly the seven, and there is no semi-complete 3x3 seki of height <= 3.
TEST(ThreeByThree, ExhaustiveHeightAtMostThree) {
  ExhaustiveSolver s;
  std::set<Matrix> prime_complete_h3, semi;
  ForEachMatrix(3, 3, 3, [&](const Matrix& a) {
    if (a.has_zero_line()) return;
    const SekiClass k = ClassOf(s, a, Game::kSeki);
    if (k == SekiClass::kComplete && a.height() == 3 && IsPrime(a))
      prime_complete_h3.insert(canon::CanonicalForm(a));
    if (k == SekiClass::kSemiComplete) semi.insert(canon::CanonicalForm(a));
  });
  EXPECT_EQ(prime_complete_h3, CanonicalSet(kSevenComplete3x3));
  EXPECT_TRUE(semi.empty());
}

TEST(ThreeByThree, SemiCompleteMatrices) {
  ExhaustiveSolver s;
  for (const char* text : {"033/403/430", "035/305/440"}) {
    const Matrix a = M(text);
    const Outcome v = s.Solve(a).seki;
    EXPECT_EQ(v.seki_class(), SekiClass::kSemiComplete) << text;
    EXPECT_EQ(v.r, L) << text;                       // R must pass ...
    EXPECT_EQ(v.c, D) << text;                       // ... C has a move that keeps the draw
    const Outcome t = s.Solve(a.transposed()).seki;  // the transpose swaps the roles
    EXPECT_EQ(t.seki_class(), SekiClass::kSemiComplete) << text;
    EXPECT_EQ(t.r, D) << text;
    EXPECT_EQ(t.c, L) << text;
  }
  // In 033/403/430, C may lower A(1,2) from 3 to 2 and keep the draw.
  const Matrix fig4 = M("033/403/430");
  EXPECT_EQ(Negate(s.ChildSolution(fig4, 0, 1).seki.R), D);
}

TEST(Families, SequencesAandB) {
  ExhaustiveSolver s;
  EXPECT_EQ(SequenceA(3), M("310/112/022"));
  EXPECT_EQ(SequenceA(5), M("31000/12100/01210/00112/00022"));
  EXPECT_EQ(SequenceB(3), M("320/212/023"));
  EXPECT_EQ(SequenceB(5), M("32000/21200/02120/00212/00023"));
  for (int n = 2; n <= 5; ++n) {
    const Matrix a = SequenceA(n), b = SequenceB(n);
    EXPECT_TRUE(IsIdsm(a) && a.row_sum(0) == 4) << n;
    EXPECT_TRUE(IsIdsm(b) && b.row_sum(0) == 5) << n;
    EXPECT_EQ(ClassOf(s, a, Game::kSeki), SekiClass::kComplete) << "A^" << n;
    EXPECT_EQ(ClassOf(s, b, Game::kSeki), n == 2 ? SekiClass::kSeki : SekiClass::kComplete)
        << "B^" << n;
  }
}

TEST(Families, TwoCyclesArePrimeCompleteDSeki) {
  ExhaustiveSolver s;
  EXPECT_EQ(canon::CanonicalForm(TwoCycle(3)), canon::CanonicalForm(M("220/202/022")));
  for (int k = 3; k <= 5; ++k) {
    const Matrix c = TwoCycle(k);
    EXPECT_TRUE(IsPrime(c)) << k;
    EXPECT_EQ(ClassOf(s, c, Game::kDSeki), SekiClass::kComplete) << "C_" << k;
  }
}

// Extensions E1 of the seven 3x3 complete seki A1..A7 (spec "Infinite families").
TEST(Families, ExtensionsOfTheSevenCompleteSeki) {
  ExhaustiveSolver s;
  for (int k = 0; k < 5; ++k) {  // A1..A5: E1 at every positive entry is a complete seki
    const Matrix a = M(kSevenComplete3x3[k]);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (a(i, j) > 0) {
          EXPECT_EQ(ClassOf(s, *Extend(a, i, j, Extension::kE1), Game::kSeki), SekiClass::kComplete)
              << kSevenComplete3x3[k] << " at " << i + 1 << "," << j + 1;
        }
  }
  const Matrix a6 = M("320/213/033");
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      if (a6(i, j) == 0) continue;
      const Solution v = s.Solve(*Extend(a6, i, j, Extension::kE1));
      if (i == 0 && j == 0) {
        EXPECT_EQ(v.seki.R, W);  // the first player wins
        EXPECT_EQ(v.seki.C, W);
      } else {
        EXPECT_EQ(v.seki.seki_class(), SekiClass::kComplete) << i + 1 << "," << j + 1;
      }
    }
  const Matrix a7 = M("033/331/312");
  auto class7 = [&](int i, int j) {
    return ClassOf(s, *Extend(a7, i - 1, j - 1, Extension::kE1), Game::kSeki);
  };
  for (auto [i, j] : {std::pair{2, 2}, {2, 3}, {3, 2}, {3, 3}})
    EXPECT_EQ(class7(i, j), SekiClass::kComplete) << i << "," << j;
  for (auto [i, j] : {std::pair{1, 2}, {2, 1}})
    EXPECT_EQ(class7(i, j), SekiClass::kSemiComplete) << i << "," << j;
  for (auto [i, j] : {std::pair{1, 3}, {3, 1}})
    EXPECT_EQ(class7(i, j), SekiClass::kNone) << i << "," << j;
}

}  // namespace
}  // namespace seki
