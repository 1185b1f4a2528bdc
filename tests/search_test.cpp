// The search engine (engine/solve/search.hpp) against the exhaustive ExhaustiveSolver: every class
// of 3x3 with entries <= 3 and of 4x4 with entries <= 2, random matrices up to 6x6, moves and lines
// of optimal play, invariance under transposition and row/column permutation, the spec's known
// facts; the same answers for any thread count, under a memory limit (or Stopped), and the
// stop flag.
#include "engine/solve/search.hpp"

#include <gtest/gtest.h>

#include <atomic>

#include "canon/canonical_form.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/play.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "solver_compare.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::ForEachClass;
using testing::M;
using testing::RandomPermuted;
using testing::RandomStart;
using testing::Rng;

int CompareOnEveryClass(int rows, int cols, int max_entry, const SearchOptions& options = {}) {
  SearchEngine search(options);
  return testing::CompareWithSolverOnEveryClass(rows, cols, max_entry, search);
}

TEST(SearchEngine, EqualsSolverOnEveryThreeByThreeClassWithEntriesUpTo3) {
  EXPECT_EQ(CompareOnEveryClass(3, 3, 3), 7456);  // of the 8240 classes, those without a zero line
}

TEST(SearchEngine, EqualsSolverOnEveryFourByFourClassWithEntriesUpTo2) {
  EXPECT_EQ(CompareOnEveryClass(4, 4, 2), 81124);  // of 90492
}

TEST(SearchEngine, EqualsSolverOnEveryThreeByFourClassWithEntriesUpTo3) {
  EXPECT_EQ(CompareOnEveryClass(3, 4, 3), 121699);  // of 131505
}

TEST(SearchEngine, EqualsSolverOnEveryShapeUpTo2x4) {
  for (int m = 1; m <= 2; ++m)
    for (int n = 1; n <= 4; ++n) CompareOnEveryClass(m, n, m == 1 ? 12 : 5);
}

// Random matrices up to 6x6; a fresh search per matrix, so nothing is reused from earlier ones.
TEST(SearchEngine, EqualsSolverOnRandomMatrices) {
  Rng rng(20261123);
  std::uniform_int_distribution<int> dim(2, 6), entry(1, 3);
  int compared = 0;
  while (compared < 2500) {
    const int m = dim(rng), n = dim(rng), e = entry(rng);
    const int cap = m * n <= 16 ? 2 * (m + n) : m + n + 4;  // keeps each exhaustive solve small
    const Matrix a = RandomStart(rng, m, n, e, cap);
    ExhaustiveSolver exhaustive;
    SearchEngine search;
    ASSERT_EQ(search.Solve(a), exhaustive.Solve(a)) << FormatMatrix(a);
    ++compared;
  }
}

// --moves through the search: every active move's value and the lines of optimal play are those
// of the exhaustive ExhaustiveSolver (both are exact, and the line takes the first move of best
// value).
TEST(SearchEngine, MovesAndLinesEqualTheSolvers) {
  Rng rng(5);
  std::uniform_int_distribution<int> dim(1, 5);
  for (int t = 0; t < 300; ++t) {
    const int m = dim(rng), n = dim(rng);
    const Matrix a = RandomStart(rng, m, n, 3, m + n + 6);
    ExhaustiveSolver exhaustive;
    SearchEngine search;
    for (Game g : kGames)
      for (Player p : {Player::kR, Player::kC}) {
        const std::vector<MoveValue> want = ActiveMoves(exhaustive, a, g, p);
        const std::vector<MoveValue> got = ActiveMoves(search, a, g, p);
        ASSERT_EQ(got.size(), want.size()) << FormatMatrix(a);
        for (std::size_t k = 0; k < want.size(); ++k) {
          EXPECT_EQ(got[k].row, want[k].row);
          EXPECT_EQ(got[k].col, want[k].col);
          EXPECT_EQ(got[k].value, want[k].value) << FormatMatrix(a);
        }
        testing::ExpectSameOptimalLine(search, exhaustive, a, g, p);
      }
  }
}

TEST(SearchEngine, TranspositionSwapsPlayersAndPermutationsChangeNothing) {
  Rng rng(11);
  SearchEngine search;
  for (int t = 0; t < 1500; ++t) {
    std::uniform_int_distribution<int> dim(2, 5);
    const int m = dim(rng), n = dim(rng);
    const Matrix a = RandomStart(rng, m, n, 3, m + n + 5);
    const Solution v = search.Solve(a);
    const Solution vt = search.Solve(a.transposed());
    EXPECT_EQ(SearchEngine().Solve(RandomPermuted(rng, a)), v) << FormatMatrix(a);
    for (Game g : kGames) {
      EXPECT_EQ(vt[g].R, v[g].C) << FormatMatrix(a);
      EXPECT_EQ(vt[g].C, v[g].R) << FormatMatrix(a);
      EXPECT_EQ(vt[g].r, v[g].c) << FormatMatrix(a);
      EXPECT_EQ(vt[g].c, v[g].r) << FormatMatrix(a);
    }
  }
}

TEST(SearchEngine, KnownFacts) {
  SearchEngine s;
  for (const char* text :
       {"033/303/330", "133/313/331", "301/022/121", "320/212/023", "320/203/032", "320/213/033",
        "033/331/312", "11/11", "20/02", "21/12", "22/22", "2", "0044/0404/4040/4400"})
    EXPECT_EQ(s.Solve(M(text)).seki.seki_class(), SekiClass::kComplete) << text;
  for (const char* text : {"033/403/430", "035/305/440"}) {
    const Outcome o = s.Solve(M(text)).seki;
    EXPECT_EQ(o.seki_class(), SekiClass::kSemiComplete) << text;
    EXPECT_EQ(o.r, Result::L) << text;  // R must pass, C may lower A(1,2)
  }
  EXPECT_EQ(s.Solve(M("11/11")).dseki.seki_class(), SekiClass::kComplete);
  EXPECT_TRUE(s.Solve(M("111/233")).dseki.is_seki());
  EXPECT_FALSE(s.Solve(M("111/233")).seki.is_seki());
  for (int n = 3; n <= 5; ++n)
    EXPECT_EQ(s.Solve(SequenceB(n)).seki.seki_class(), SekiClass::kComplete) << n;
  EXPECT_EQ(s.Solve(M("220/202/022")).dseki.seki_class(), SekiClass::kComplete);
  const Solution one = s.Solve(M("1"));  // first player wins SEKI, draws D-SEKI
  EXPECT_EQ(one.seki.R, Result::W);
  EXPECT_EQ(one.dseki.C, Result::D);
}

TEST(SearchEngine, RefusesAZeroLineAndRespectsItsLimit) {
  SearchEngine s;
  EXPECT_THROW(s.Solve(M("10/00")), std::invalid_argument);
  SearchEngine small(SolverLimits{.max_positions = 10});
  EXPECT_THROW(small.Solve(M("033/331/312")), SolveTooLarge);
}

TEST(SearchEngine, ThreadCountsGiveTheSameAnswersOnEveryThreeByThreeClass) {
  for (int threads : {2, 4})
    EXPECT_EQ(
        CompareOnEveryClass(3, 3, 3, SearchOptions{.threads = threads, .min_parallel_sum = 0}),
        7456)
        << threads;
}

TEST(SearchEngine, ThreadCountsGiveTheSameAnswersOnRandomMatrices) {
  Rng rng(777);
  std::uniform_int_distribution<int> dim(2, 6), entry(1, 3);
  SearchEngine one(SearchOptions{.threads = 1}),
      two(SearchOptions{.threads = 2, .min_parallel_sum = 0}),
      four(SearchOptions{.threads = 4, .min_parallel_sum = 0});
  for (int t = 0; t < 3000; ++t) {
    const int m = dim(rng), n = dim(rng);
    const Matrix a = RandomStart(rng, m, n, entry(rng), m * n <= 16 ? 2 * (m + n) : m + n + 4);
    const Solution want = one.Solve(a);
    ASSERT_EQ(two.Solve(a), want) << FormatMatrix(a);
    ASSERT_EQ(four.Solve(a), want) << FormatMatrix(a);
    if (t % 10 == 0) {
      ASSERT_EQ(ExhaustiveSolver().Solve(a), want) << FormatMatrix(a);
    }
  }
}

constexpr const char* kSixBySix = "110111/110201/002120/111101/202010/020012";

// Tables dropped when full: the same answers (only slower), or Stopped, never wrong values.
TEST(SearchEngine, MemoryLimitDropsTablesOrStops) {
  ExhaustiveSolver exhaustive;
  for (const char* text : {"033/331/312", "0044/0404/4040/4400"}) {
    SearchEngine small(SearchOptions{.memory_bytes = 256 << 10, .max_drops = 1 << 20});
    EXPECT_EQ(small.Solve(M(text)), exhaustive.Solve(M(text))) << text;
    EXPECT_LE(small.table_bytes(), std::size_t{256} << 10);
  }
  const Solution want = SearchEngine().Solve(M(kSixBySix));
  for (std::size_t limit : {std::size_t{1} << 20, std::size_t{4} << 20, std::size_t{64} << 20})
    for (int threads : {1, 2}) {
      SearchEngine search(
          SearchOptions{.memory_bytes = limit, .threads = threads, .min_parallel_sum = 0});
      try {
        EXPECT_EQ(search.Solve(M(kSixBySix)), want) << limit;
      } catch (const Stopped& e) {
        EXPECT_EQ(e.reason(), Stopped::Reason::kMemoryLimit) << limit;
        EXPECT_LT(limit, std::size_t{64} << 20);
      }
      EXPECT_LE(search.table_bytes(), limit);
    }
  // An 8x8 table cannot even start in 100 KiB.
  SearchEngine tiny(SearchOptions{.memory_bytes = 100 << 10});
  try {
    tiny.Solve(M("22100000/02210000/00221000/00022100/00002210/00000221/10000022/21000002"));
    ADD_FAILURE() << "no Stopped";
  } catch (const Stopped& e) {
    EXPECT_EQ(e.reason(), Stopped::Reason::kMemoryLimit);
  }
}

TEST(SearchEngine, StopFlagStopsAndTheTablesStayValid) {
  std::atomic<bool> stop{true};
  for (int threads : {1, 2}) {
    SearchEngine search(SearchOptions{.threads = threads, .min_parallel_sum = 0, .stop = &stop});
    try {
      search.Solve(M(kSixBySix));
      ADD_FAILURE() << "no Stopped";
    } catch (const Stopped& e) {
      EXPECT_EQ(e.reason(), Stopped::Reason::kInterrupted);
    }
    stop = false;
    EXPECT_EQ(search.Solve(M(kSixBySix)), SearchEngine().Solve(M(kSixBySix)));
    stop = true;
  }
}

}  // namespace
}  // namespace seki
