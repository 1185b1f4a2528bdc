// The down-set engine (engine/solve/downset.hpp) against the exhaustive ExhaustiveSolver and the
// search engine: every class of 3x3 with entries <= 3 and of 4x4 with entries <= 2, random
// matrices up to 6x6, the matrices of docs/rules.md and docs/results.md, moves and lines of optimal
// play, ring and full tables, one byte a matrix and one game a pass at 4 bits a matrix
// (DownsetMode), 1 and 2 threads, refusal before allocating (in the smallest mode), and a solve
// stopped at a random point and resumed from its checkpoint in either mode.
#include "engine/solve/downset.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>

#include "engine/solve/downset_layout.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/game_search.hpp"
#include "engine/solve/play.hpp"
#include "engine/solve/search.hpp"
#include "solver_compare.hpp"
#include "stop_part_way.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::ForEachClass;
using testing::M;
using testing::RandomStart;
using testing::Rng;

// Options that keep only the ring (no full table) unless the pass is tiny.
DownsetOptions RingOnly(int threads = 1) {
  return DownsetOptions{.full_table_bytes = 0, .threads = threads};
}

// Options that keep only the ring at 4 bits a matrix, one game a pass.
DownsetOptions OneGame(int threads = 1) {
  DownsetOptions options = RingOnly(threads);
  options.mode = DownsetMode::kOneGame;
  return options;
}

TEST(DownsetEngine, LayoutPutsTheLargestRadixOutermost) {
  const DownsetLayout layout = DownsetLayout::For(M("120/031/004"));
  ASSERT_EQ(layout.digits.size(), 5u);
  EXPECT_EQ(layout.total, 2u * 3 * 4 * 2 * 5);
  EXPECT_EQ(layout.outer().radix, 5);
  EXPECT_EQ(layout.ring, layout.total / 5);
  EXPECT_EQ(DownsetMatrices(M("120/031/004")), 240.0);
  EXPECT_EQ(layout.Index(M("120/031/004")), layout.total - 1);
  EXPECT_EQ(layout.Index(M("000/000/000")), 0u);
}

// The memory of each mode from the layout's own numbers: the ring (one byte, or half a byte, a
// matrix) and 8 bytes a chunk; the mode used under a limit is the larger one only when it fits.
TEST(DownsetEngine, BytesOfEachMode) {
  const Matrix a = M("2222/2222/2222/2222");  // 3^16 matrices, ring 3^15
  const DownsetLayout layout = DownsetLayout::For(a);
  const double ring = std::pow(3.0, 15), order = 8.0 * double(layout.chunks_per_slab());
  EXPECT_EQ(layout.ring % layout.chunk, 0u);
  EXPECT_EQ(layout.chunk % layout.block, 0u);
  EXPECT_EQ(DownsetBytes(a, false, DownsetMode::kBothGames), ring + order);
  EXPECT_EQ(DownsetBytes(a, false, DownsetMode::kOneGame), (ring + 1) / 2 + order);
  EXPECT_EQ(DownsetBytes(a, true, DownsetMode::kOneGame), std::pow(3.0, 16) + order);
  // The one storage decision: one byte a matrix when it fits, else 4 bits; a full table when
  // asked for and it fits.
  EXPECT_EQ(DownsetStorageFor(a, ring + order).mode, DownsetMode::kBothGames);
  EXPECT_EQ(DownsetStorageFor(a, ring + order).bytes, ring + order);
  EXPECT_EQ(DownsetStorageFor(a, ring + order - 1).mode, DownsetMode::kOneGame);
  EXPECT_EQ(DownsetStorageFor(a, ring + order - 1).bytes, (ring + 1) / 2 + order);
  EXPECT_EQ(DownsetStorageFor(a, 0.0).bytes, (ring + 1) / 2 + order);
  EXPECT_EQ(DownsetStorageFor(a, 0.0).passes(), 2);
  const DownsetStorage full = DownsetStorageFor(a, 1e12, 1, 1e12);
  EXPECT_TRUE(full.full);
  EXPECT_EQ(full.bytes, std::pow(3.0, 16) + order);
  EXPECT_FALSE(DownsetStorageFor(a, 1e12, 1, 1e12, DownsetMode::kOneGame).full);
  EXPECT_FALSE(DownsetStorageFor(a, std::pow(3.0, 16), 1, 1e12).full) << "does not fit";
}

TEST(DownsetEngine, EqualsSolverOnEveryThreeByThreeClassWithEntriesUpTo3) {
  DownsetEngine ring(RingOnly()), full(DownsetOptions{}), half(OneGame());
  EXPECT_EQ(testing::CompareWithSolverOnEveryClass(3, 3, 3, ring, full, half), 7456);
}

TEST(DownsetEngine, EqualsSolverOnEveryFourByFourClassWithEntriesUpTo2) {
  DownsetEngine ring(RingOnly());
  EXPECT_EQ(testing::CompareWithSolverOnEveryClass(4, 4, 2, ring), 81124);
}

// The same in one game a pass (a test of its own, so that CTest runs the two side by side).
TEST(DownsetEngine, OneGameAPassEqualsSolverOnEveryFourByFourClassWithEntriesUpTo2) {
  DownsetEngine half(OneGame());
  EXPECT_EQ(testing::CompareWithSolverOnEveryClass(4, 4, 2, half), 81124);
}

TEST(DownsetEngine, EqualsSolverAndSearchOnRandomMatricesAtOneAndTwoThreads) {
  Rng rng(20261124);
  std::uniform_int_distribution<int> dim(1, 6), entry(1, 4);
  for (int compared = 0; compared < 3000; ++compared) {
    const int m = dim(rng), n = dim(rng), e = entry(rng);
    const int cap = m * n <= 16 ? 2 * (m + n) : m + n + 4;
    const Matrix a = RandomStart(rng, m, n, e, cap);
    ExhaustiveSolver exhaustive;
    SearchEngine search;
    DownsetEngine one(RingOnly(1)), two(RingOnly(2)), half(OneGame(1 + compared % 2));
    const Solution want = exhaustive.Solve(a);
    ASSERT_EQ(search.Solve(a), want) << FormatMatrix(a);
    ASSERT_EQ(one.Solve(a), want) << FormatMatrix(a);
    ASSERT_EQ(two.Solve(a), want) << FormatMatrix(a);
    ASSERT_EQ(half.Solve(a), want) << FormatMatrix(a);
  }
}

// Larger passes (past the size where a pass starts threads): 1 and 2 threads, ring and full
// table, against the search.
TEST(DownsetEngine, ThreadsAndTablesAgreeOnLargerMatrices) {
  for (const char* text : {"220000/022000/002200/000220/000022/200002", "0033/0330/3300/3003",
                           "033/331/312", "0034/0340/3400/4003", "44000/04400/00440/00044/40004",
                           "0303/3030/0340/3004", "2222/2222/2222/2222"}) {
    const Matrix a = M(text);
    SearchEngine search;
    const Solution want = search.Solve(a);
    for (int threads : {1, 2}) {
      DownsetEngine ring(RingOnly(threads));
      EXPECT_EQ(ring.Solve(a), want) << text << " threads " << threads;
      DownsetEngine half(OneGame(threads));
      EXPECT_EQ(half.Solve(a), want) << text << " threads " << threads;
      EXPECT_EQ(half.positions(), 2 * static_cast<std::uint64_t>(DownsetMatrices(a)));
      DownsetEngine full(DownsetOptions{.threads = threads});
      EXPECT_EQ(full.Solve(a), want) << text << " threads " << threads;
      EXPECT_EQ(full.positions(), static_cast<std::uint64_t>(DownsetMatrices(a)));
    }
  }
}

TEST(DownsetEngine, KnownMatricesOfTheDocs) {
  SearchEngine search;  // equals the ExhaustiveSolver (tests/search_test.cpp), and fast on these
  DownsetEngine downset;
  for (const char* text : {"1",
                           "2",
                           "3",
                           "11/11",
                           "20/02",
                           "21/12",
                           "22/22",
                           "12/22",
                           "111/233",
                           "033/303/330",
                           "133/313/331",
                           "301/022/121",
                           "320/212/023",
                           "320/203/032",
                           "320/213/033",
                           "033/331/312",
                           "033/403/430",
                           "035/305/440",
                           "0023/1310/2012/2210",
                           "0113/1130/2102/2210",
                           "0222/0222/3111/3111",
                           "0223/3220/2113/2221",
                           "022/202/220",
                           "0022/0220/2200/2002",
                           "00222/02220/22200/22002/20022"}) {
    const Matrix a = M(text);
    EXPECT_EQ(downset.Solve(a), search.Solve(a)) << text;
  }
}

// Every active move's value and both lines of optimal play equal the ExhaustiveSolver's, from a
// full table and from ring passes (each position asked is then solved by a pass of its own).
TEST(DownsetEngine, MovesAndLinesEqualTheSolvers) {
  Rng rng(7);
  std::uniform_int_distribution<int> dim(1, 5);
  for (int t = 0; t < 200; ++t) {
    const int m = dim(rng), n = dim(rng);
    const Matrix a = RandomStart(rng, m, n, 3, m + n + 6);
    ExhaustiveSolver exhaustive;
    DownsetEngine full, ring(RingOnly()), half(OneGame());
    for (Game g : kGames)
      for (Player p : {Player::kR, Player::kC})
        for (DownsetEngine* engine : {&full, &ring, &half}) {
          const std::vector<MoveValue> want = ActiveMoves(exhaustive, a, g, p);
          const std::vector<MoveValue> got = ActiveMoves(*engine, a, g, p);
          ASSERT_EQ(got.size(), want.size()) << FormatMatrix(a);
          for (std::size_t k = 0; k < want.size(); ++k)
            EXPECT_EQ(got[k].value, want[k].value) << FormatMatrix(a);
          testing::ExpectSameOptimalLine(*engine, exhaustive, a, g, p);
        }
  }
}

TEST(DownsetEngine, RefusesBeforeAllocatingAndRefusesAZeroLine) {
  DownsetEngine small(DownsetOptions{.memory_bytes = 1000});
  const Matrix a = M("2222/2222/2222/2222");  // 3^16 matrices, ring 3^15
  try {
    small.Solve(a);
    FAIL() << "no refusal";
  } catch (const DownsetTooLarge& e) {  // the memory of the smallest mode, half a byte a matrix
    EXPECT_GE(e.needed(), std::pow(3.0, 15) / 2);
    EXPECT_LT(e.needed(), std::pow(3.0, 15) / 2 + 65536);
    EXPECT_EQ(e.needed(), DownsetBytes(a, false, DownsetMode::kOneGame));
  }
  EXPECT_EQ(small.positions(), 0u);
  EXPECT_THROW(small.Solve(M("10/00")), std::invalid_argument);
  // Between the two modes' memory: solved in one game a pass, as the search solves it.
  const double half = DownsetBytes(a, false, DownsetMode::kOneGame);
  DownsetEngine between(
      DownsetOptions{.memory_bytes = static_cast<std::size_t>(half) + 1000, .full_table_bytes = 0});
  EXPECT_EQ(between.Solve(a), SearchEngine().Solve(a));
  EXPECT_EQ(between.positions(), 2 * static_cast<std::uint64_t>(DownsetMatrices(a)));
}

// A solve stopped by the stop flag when a random share of its matrices is done (in either pass of
// one game a pass) writes a checkpoint; a new engine resumes from it and gives the same values as
// a solve that never stopped, in both modes and at 1 and 2 threads.
TEST(DownsetEngine, StoppedSolveResumesFromItsCheckpoint) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "seki_downset_test";
  std::filesystem::create_directories(dir);
  const std::filesystem::path ck = dir / "checkpoint";
  const std::filesystem::path file = DownsetCheckpointOf(ck).file();
  Rng rng(11);
  std::uniform_real_distribution<double> share(0.05, 0.95);
  bool second_pass = false;  // a one-game solve was stopped in its D-SEKI pass
  for (const char* text : {"44000/04400/00440/00044/40004", "0044/0440/4400/4004"})
    for (const bool one_game : {false, true})
      for (int threads : {1, 2}) {
        const Matrix a = M(text);
        const Solution want = SearchEngine().Solve(a);
        std::atomic<bool> stop{false};
        std::filesystem::remove(file);
        DownsetOptions options = one_game ? OneGame(threads) : RingOnly(threads);
        options.checkpoint = ck;
        options.stop = &stop;
        DownsetEngine first(options);
        const double at = share(rng);
        Solution got{};
        const bool stopped = testing::StopPartWay(first, at, stop, [&] { got = first.Solve(a); });
        if (stopped) {
          ASSERT_TRUE(std::filesystem::exists(file)) << text;
          second_pass = second_pass || (one_game && at > 0.55);
          options.stop = nullptr;
          options.resume = true;
          DownsetEngine second(options);
          got = second.Solve(a);
        }
        EXPECT_EQ(got, want) << text << " threads " << threads << " one game " << one_game;
        EXPECT_FALSE(std::filesystem::exists(file)) << "removed once the solve completed";
        EXPECT_TRUE(std::filesystem::is_empty(ck)) << "and its data file";
      }
  EXPECT_TRUE(second_pass) << "no one-game solve was stopped in its second pass";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace seki
