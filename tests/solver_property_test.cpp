// Property tests on random matrices (shapes up to 4x4, entries up to 4): the sufficient conditions
// of Section 3, the invariants of spec section 3, Prop. 5.1 on direct sums, and the canonical-memo
// solver against the raw-matrix solver.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "engine/solve/exhaustive_solver.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::RandomIdsm;
using testing::RandomPermuted;
using testing::RandomStart;
using testing::Rng;
constexpr Result W = Result::W, D = Result::D, L = Result::L;

// Some row i with s^c_j - s^r_i >= A(i,j) for every column j (strictly where A(i,j) = 0).
bool RowWinnable(const Matrix& a, bool strict) {
  for (int i = 0; i < a.rows(); ++i) {
    bool ok = true;
    for (int j = 0; j < a.cols() && ok; ++j) {
      const int slack = a.col_sum(j) - a.row_sum(i) - a(i, j);
      ok = slack > 0 || (slack == 0 && !(strict && a(i, j) == 0));
    }
    if (ok) return true;
  }
  return false;
}

// One solver per shape so that the memo is shared across samples of that shape.
class Solvers {
 public:
  ExhaustiveSolver& For(const Matrix& a) { return solvers_[{a.rows(), a.cols()}]; }

 private:
  std::map<std::pair<int, int>, ExhaustiveSolver> solvers_;
};

constexpr int kSamples = 12000;
constexpr int kMaxEntry = 4;

// Shapes 1x1 .. 4x4; the total is capped so that each solve stays small.
Matrix Sample(Rng& rng) {
  std::uniform_int_distribution<int> dim(1, 4);
  const int m = dim(rng), n = dim(rng);
  return RandomStart(rng, m, n, kMaxEntry, 3 * std::max(m, n) + 2);
}

TEST(Properties, InvariantsOnRandomMatrices) {
  Rng rng(20261121);
  Solvers solvers;
  int symmetric = 0;
  for (int t = 0; t < kSamples; ++t) {
    const Matrix a = Sample(rng);
    const Solution v = solvers.For(a).Solve(a);
    const Solution vt = solvers.For(a.transposed()).Solve(a.transposed());
    for (Game g : kGames) {
      const Outcome o = v[g];
      // Never (D,L), (L,D) or (L,L) at a starting position: first is never worse than second.
      EXPECT_FALSE(o.R == D && o.C == L) << FormatMatrix(a);
      EXPECT_FALSE(o.R == L && o.C == D) << FormatMatrix(a);
      EXPECT_FALSE(o.R == L && o.C == L) << FormatMatrix(a);
      // Transposition swaps the players.
      EXPECT_EQ(vt[g].R, o.C) << FormatMatrix(a);
      EXPECT_EQ(vt[g].C, o.R) << FormatMatrix(a);
      EXPECT_EQ(vt[g].r, o.c) << FormatMatrix(a);
      EXPECT_EQ(vt[g].c, o.r) << FormatMatrix(a);
      if (IsSymmetric(a)) {  // the second player cannot win
        EXPECT_NE(o.R, L) << FormatMatrix(a);
        EXPECT_NE(o.C, L) << FormatMatrix(a);
      }
    }
    symmetric += IsSymmetric(a);
    // Containments: complete d-seki => complete seki => seki => d-seki.
    if (v.dseki.seki_class() == SekiClass::kComplete) {
      EXPECT_EQ(v.seki.seki_class(), SekiClass::kComplete) << FormatMatrix(a);
    }
    if (v.seki.seki_class() == SekiClass::kComplete) {
      EXPECT_TRUE(v.seki.is_seki());
    }
    if (v.seki.is_seki()) {
      EXPECT_TRUE(v.dseki.is_seki()) << FormatMatrix(a);
    }
    // Values are invariant under row and column permutations.
    const Matrix p = RandomPermuted(rng, a);
    EXPECT_EQ(solvers.For(p).Solve(p), v) << FormatMatrix(a);
  }
  EXPECT_GT(symmetric, 500);  // the symmetric branch was exercised
}

// Random symmetric matrices (B = B^T, then shuffled): the second player never wins.
TEST(Properties, SymmetricMatricesNeverLetTheSecondPlayerWin) {
  Rng rng(7);
  Solvers solvers;
  for (int t = 0; t < 3000; ++t) {
    const int n = 1 + t % 4;
    Matrix b = RandomStart(rng, n, n, kMaxEntry, 3 * n + 2);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j) b.set(i, j, b(j, i));
    if (b.has_zero_line()) continue;
    const Matrix a = RandomPermuted(rng, b);
    ASSERT_TRUE(IsSymmetric(a));
    const Solution v = solvers.For(a).Solve(a);
    for (Game g : kGames) {
      EXPECT_NE(v[g].R, L) << FormatMatrix(a);
      EXPECT_NE(v[g].C, L) << FormatMatrix(a);
    }
  }
}

TEST(Properties, Lemma31And33WinnableMatrices) {
  Rng rng(31);
  Solvers solvers;
  int winnable = 0, strictly = 0;
  for (int t = 0; t < kSamples; ++t) {
    const Matrix a = Sample(rng);
    const Solution v = solvers.For(a).Solve(a);
    if (RowWinnable(a, false)) {  // Lemma 3.1: R, moving first, wins D-SEKI
      ++winnable;
      EXPECT_EQ(v.dseki.R, W) << FormatMatrix(a);
    }
    if (RowWinnable(a.transposed(), false)) {
      EXPECT_EQ(v.dseki.C, W) << FormatMatrix(a);
    }
    if (RowWinnable(a, true)) {  // Lemma 3.3: R wins SEKI even as the second player
      ++strictly;
      EXPECT_EQ(v.seki.R, W) << FormatMatrix(a);
      EXPECT_EQ(v.seki.C, L) << FormatMatrix(a);
    }
  }
  EXPECT_GT(winnable, 1000);
  EXPECT_GT(strictly, 500);
}

TEST(Properties, IdsmTheorems) {
  Rng rng(34);
  Solvers solvers;
  for (int t = 0; t < 400; ++t) {
    const int n = 2 + t % 3;  // 2..4
    // Prop. 3.2: every (0,1)-IDSM with s >= 2 is a complete d-seki.
    const Matrix a01 = RandomIdsm(rng, n, 2 + t % (n - 1), 1);
    EXPECT_EQ(solvers.For(a01).Solve(a01).dseki.seki_class(), SekiClass::kComplete)
        << FormatMatrix(a01);
    // Theorem 3.4: every (0,1,2)-IDSM with s >= 2 is a complete seki.
    const Matrix a012 = RandomIdsm(rng, n, 2 + t % n, 2);
    EXPECT_EQ(solvers.For(a012).Solve(a012).seki.seki_class(), SekiClass::kComplete)
        << FormatMatrix(a012);
  }
}

// Prop. 5.1: a direct sum is a seki / complete seki / complete d-seki iff every block is; for
// D-SEKI, blocks that are all d-seki give a d-seki.
TEST(Properties, DirectSums) {
  Rng rng(51);
  Solvers solvers;
  int seki_sums = 0;
  for (int t = 0; t < 3000; ++t) {
    std::uniform_int_distribution<int> dim(1, 2);
    // Bias toward seki blocks: square blocks built from IDSMs half of the time.
    auto block = [&](int k) {
      const int n = dim(rng);
      return k % 2 ? RandomIdsm(rng, n, 1 + t % (n + 1), 2) : RandomStart(rng, n, dim(rng), 3, 6);
    };
    const Matrix a = block(t), b = block(t / 2);
    const Matrix s = RandomPermuted(rng, DirectSum(a, b));
    const Solution va = solvers.For(a).Solve(a), vb = solvers.For(b).Solve(b),
                   vs = solvers.For(s).Solve(s);
    EXPECT_EQ(vs.seki.is_seki(), va.seki.is_seki() && vb.seki.is_seki()) << FormatMatrix(s);
    auto complete = [](const Outcome& o) { return o.seki_class() == SekiClass::kComplete; };
    EXPECT_EQ(complete(vs.seki), complete(va.seki) && complete(vb.seki)) << FormatMatrix(s);
    EXPECT_EQ(complete(vs.dseki), complete(va.dseki) && complete(vb.dseki)) << FormatMatrix(s);
    if (va.dseki.is_seki() && vb.dseki.is_seki()) {
      EXPECT_TRUE(vs.dseki.is_seki()) << FormatMatrix(s);
    }
    seki_sums += vs.seki.is_seki();
  }
  EXPECT_GT(seki_sums, 200);
}

// The canonical-memo solver against a solver that memoises raw matrices (no canonical forms).
TEST(Properties, CanonicalMemoAgreesWithRawMemo) {
  Rng rng(99);
  std::map<std::pair<int, int>, RawExhaustiveSolver> raw;
  Solvers canonical;
  for (int t = 0; t < 4000; ++t) {
    std::uniform_int_distribution<int> dim(1, 4);
    const int m = dim(rng), n = dim(rng);
    const Matrix a = RandomStart(rng, m, n, kMaxEntry, 2 * std::max(m, n) + 2);
    EXPECT_EQ(canonical.For(a).Solve(a), raw[std::make_pair(m, n)].Solve(a)) << FormatMatrix(a);
  }
}

// The memo solver keeps its tables within SolverLimits::memory_bytes, a table's growth included:
// a solve that needs more stops with SolveOutOfMemory, never past the budget; one with room gives
// what an unlimited solver gives; MaxPositions is what that budget holds.
TEST(MemoBudget, TheMemoSolverStaysWithinItsBytes) {
  for (const char* text : {"3322/2233/3030", "2221/1222/2122/2212"}) {
    const Matrix a = testing::M(text);
    ExhaustiveSolver free;
    const Solution want = free.Solve(a);
    const std::size_t held = free.bytes();  // the last growth held 3/2 of this at once
    ExhaustiveSolver tight(SolverLimits{.memory_bytes = held});
    EXPECT_THROW(tight.Solve(a), SolveOutOfMemory) << text;
    EXPECT_LE(tight.bytes(), held) << text;
    EXPECT_LT(tight.positions(), free.positions()) << text;
    ExhaustiveSolver room(SolverLimits{.memory_bytes = held / 2 * 3});
    EXPECT_EQ(room.Solve(a), want) << text;
    EXPECT_EQ(room.positions(), free.positions()) << text;
    EXPECT_LE(room.positions(), MaxPositions(held / 2 * 3, a.rows(), a.cols())) << text;
  }
}

}  // namespace
}  // namespace seki
