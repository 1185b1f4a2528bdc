// The level engine: class counts per level against an independent Burnside count, values against
// the single-matrix solver on every class, and identical levels for any thread count.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>

#include "canon/canonical_form.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/run/level_driver.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "storage/flat_key_table.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

std::vector<std::uint64_t> LevelSizes(const EnumerationSpace& space, bool solve = true) {
  std::vector<std::uint64_t> sizes;
  ForEachLevel(
      space, [&](const Level& level) { sizes.push_back(level.size()); }, solve);
  return sizes;
}

std::uint64_t Total(const std::vector<std::uint64_t>& v) {
  std::uint64_t t = 0;
  for (auto x : v) t += x;
  return t;
}

struct Bounds {
  int rows, cols, max_entry, max_sum;  // -1: unbounded
};

class LevelCounts : public ::testing::TestWithParam<Bounds> {};

TEST_P(LevelCounts, MatchBurnsidePerLevel) {
  const Bounds b = GetParam();
  const EnumerationSpace space = EnumerationSpace::Make(b.rows, b.cols, b.max_entry, b.max_sum);
  const auto expected = ClassCountsBySum(b.rows, b.cols, space.max_entry, space.max_sum);
  EXPECT_EQ(LevelSizes(space, /*solve=*/true), expected);   // push generation
  EXPECT_EQ(LevelSizes(space, /*solve=*/false), expected);  // orderly generation
}

// The two generators (push with deduplication, orderly by canonical augmentation) produce the
// same canonical keys level by level.
TEST_P(LevelCounts, PushAndOrderlyGeneratorsAgree) {
  const Bounds b = GetParam();
  const EnumerationSpace space = EnumerationSpace::Make(b.rows, b.cols, b.max_entry, b.max_sum);
  std::vector<std::vector<std::uint64_t>> pushed, orderly;
  ForEachLevel(
      space, [&](const Level& level) { pushed.push_back(level.SortedKeys()); }, true);
  ForEachLevel(
      space, [&](const Level& level) { orderly.push_back(level.SortedKeys()); }, false);
  EXPECT_EQ(pushed, orderly);
}

INSTANTIATE_TEST_SUITE_P(Shapes, LevelCounts,
                         ::testing::Values(Bounds{1, 1, 5, -1}, Bounds{1, 5, 3, -1},
                                           Bounds{2, 2, 6, -1}, Bounds{2, 4, 3, -1},
                                           Bounds{3, 3, 1, -1}, Bounds{3, 3, 2, -1},
                                           Bounds{3, 3, 3, -1}, Bounds{3, 4, 2, -1},
                                           Bounds{4, 3, 2, -1}, Bounds{4, 4, 1, -1},
                                           Bounds{4, 4, 2, 12}, Bounds{3, 3, -1, 9},
                                           Bounds{2, 5, 4, 10}, Bounds{5, 5, 1, -1}));

TEST(LevelCountsKnownTotals, ThreeByThreeAndThreeByFourAndFourByFour) {
  // Known totals of m x n matrices up to row/column permutation, entries 0..k.
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(3, 3, 1, -1))), 36u);
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(3, 3, 2, -1))), 738u);
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(3, 3, 3, -1))), 8240u);
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(3, 4, 1, -1))), 87u);
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(3, 4, 2, -1))), 5053u);
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(4, 4, 1, -1))), 317u);
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(4, 4, 2, -1))), 90492u);
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(3, 4, 3, -1), /*solve=*/false)), 131505u);
}

TEST(LevelCountsKnownTotals, FourByFourEntriesAtMostThree) {
  EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(4, 4, 3, -1), /*solve=*/false)), 7880456u);
}

// nauty's own pipeline counts the same classes: bipartite graphs with the first `rows` vertices
// fixed as one side (genbg), edge multiplicities 1..k (multig -f<rows> -m<k>).
std::uint64_t NautyCount(int rows, int cols, int max_entry) {
  const std::string command = "nauty-genbg -q " + std::to_string(rows) + " " +
                              std::to_string(cols) + " | nauty-multig -f" + std::to_string(rows) +
                              " -m" + std::to_string(max_entry) + " -u 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return 0;
  std::string output;
  char buffer[256];
  while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
  pclose(pipe);
  const auto at = output.find("graphs read from stdin; ");
  return at == std::string::npos ? 0 : std::stoull(output.substr(at + 24));
}

TEST(LevelCountsKnownTotals, AgreeWithNautyGenbgMultig) {
  for (auto [m, n, k] : {std::tuple{3, 3, 3}, {3, 4, 2}, {4, 3, 2}, {2, 5, 3}, {4, 4, 2}})
    EXPECT_EQ(Total(LevelSizes(EnumerationSpace::Make(m, n, k, -1), false)), NautyCount(m, n, k))
        << m << "x" << n << " k=" << k;
}

// Every class with no zero line gets the single-matrix solver's values.
void ExpectAgreesWithSolver(int rows, int cols, int max_entry, int max_sum) {
  const EnumerationSpace space = EnumerationSpace::Make(rows, cols, max_entry, max_sum);
  ExhaustiveSolver solver;
  std::uint64_t checked = 0;
  ForEachLevel(space, [&](const Level& level) {
    for (const LevelShard& shard : level.shards)
      for (std::size_t k = 0; k < shard.keys.size(); ++k) {
        const Matrix a = space.codec.Unpack(shard.keys[k]);
        EXPECT_EQ(CanonicalKey(space, a), shard.keys[k]);  // stored keys are canonical
        if (a.has_zero_line()) continue;
        ASSERT_EQ(Solution::From(shard.values[k]), solver.Solve(a)) << FormatMatrix(a);
        ++checked;
      }
  });
  EXPECT_GT(checked, 0u);
}

TEST(LevelValues, AgreeWithSingleMatrixSolver) {
  ExpectAgreesWithSolver(1, 4, 4, -1);
  ExpectAgreesWithSolver(2, 2, 7, -1);
  ExpectAgreesWithSolver(2, 3, 4, -1);
  ExpectAgreesWithSolver(3, 2, 4, -1);
  ExpectAgreesWithSolver(3, 3, 3, -1);
  ExpectAgreesWithSolver(3, 4, 2, -1);
  ExpectAgreesWithSolver(4, 4, 2, 10);
  ExpectAgreesWithSolver(3, 3, -1, 10);
}

std::vector<Level> AllLevels(const EnumerationSpace& space, int threads,
                             double push_batch_bytes = LevelBuilder::kPushBatchBytes) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const LevelBuilder builder(space, true, {}, push_batch_bytes);
  std::vector<Level> levels{builder.First()};
  while (levels.back().sum < space.max_sum) levels.push_back(builder.Next(levels.back()));
  return levels;
}

void ExpectSameLevels(const std::vector<Level>& a, const std::vector<Level>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t s = 0; s < a.size(); ++s)
    for (int shard = 0; shard < kShardCount; ++shard) {
      EXPECT_EQ(a[s].shards[shard].keys, b[s].shards[shard].keys);
      EXPECT_EQ(a[s].shards[shard].values, b[s].shards[shard].values);
    }
}

TEST(LevelDeterminism, SameLevelsForOneAndTwoThreads) {
  const EnumerationSpace space = EnumerationSpace::Make(4, 4, 2, -1);
  ExpectSameLevels(AllLevels(space, 1), AllLevels(space, 2));
}

// Tiny push batches (one parent shard at a time, the records of a batch absorbed by tables that
// live across batches) give the same levels as one batch.
TEST(LevelDeterminism, SameLevelsForAnyPushBatchSize) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 4, 3, -1);
  const std::vector<Level> whole = AllLevels(space, 2);
  ExpectSameLevels(whole, AllLevels(space, 2, 1.0));
  ExpectSameLevels(whole, AllLevels(space, 1, 64.0 * 1024));
  const std::vector<std::uint64_t> counts = ClassCountsBySum(3, 4, 3, space.max_sum);
  for (const Level& level : whole) EXPECT_EQ(level.size(), counts[level.sum]);
}

// The deduplicating table against std::map: ORed values, key 0, growth far past the first size,
// one key at a time and in batches of words (whose slots, computed ahead, must follow a growth).
class FlatKeyTableBatch : public ::testing::TestWithParam<std::size_t> {};

TEST_P(FlatKeyTableBatch, AgreesWithMap) {
  std::mt19937_64 random(7);
  FlatKeyTable table(4);
  std::map<std::uint64_t, std::uint8_t> expected;
  std::vector<std::uint64_t> batch;
  for (int n = 0; n < 200000; ++n) {
    const std::uint64_t key = n % 1000 == 0 ? 0 : random() % 150000 << (random() % 3 * 18);
    const std::uint8_t value = static_cast<std::uint8_t>(1u << random() % 8);
    if (GetParam() == 1) {
      table.InsertOr(key, value);
    } else {
      batch.push_back(key << FlatKeyTable::kValueBits | value);
      if (batch.size() == GetParam())
        table.InsertWordsOr(batch.data(), batch.size()), batch.clear();
    }
    expected[key] |= value;
  }
  table.InsertWordsOr(batch.data(), batch.size());
  ASSERT_EQ(table.size(), expected.size());
  const std::vector<std::uint64_t> words = table.TakeSorted();
  ASSERT_EQ(words.size(), expected.size());
  std::size_t k = 0;
  for (const auto& [key, value] : expected) {
    EXPECT_EQ(words[k] >> FlatKeyTable::kValueBits, key);
    EXPECT_EQ(words[k] & 0xFF, value);
    ++k;
  }
  EXPECT_EQ(table.size(), 0u);
}

INSTANTIATE_TEST_SUITE_P(OneOrMany, FlatKeyTableBatch, ::testing::Values(1, 3, 1000, 200000));

// The radix sort of a table's words gives std::sort's order (distinct keys; small and large sets;
// keys that differ only in high bytes or only in low ones).
TEST(FlatKeyTable, SortWordsAgreesWithStdSort) {
  std::mt19937_64 random(11);
  for (std::size_t n : {0u, 5u, 1023u, 1024u, 5000u, 70000u})
    for (int spread : {12, 24, 55}) {
      if (n > (std::size_t{1} << spread) / 2) continue;  // not that many distinct keys
      std::set<std::uint64_t> keys;
      while (keys.size() < n) keys.insert(random() >> (64 - spread) << (55 - spread));
      std::vector<std::uint64_t> words;
      for (std::uint64_t key : keys) words.push_back(key << 8 | (random() & 0xFF));
      std::shuffle(words.begin(), words.end(), random);
      std::vector<std::uint64_t> expected = words;
      std::sort(expected.begin(), expected.end());
      FlatKeyTable::SortWords(words);
      ASSERT_EQ(words, expected) << n << " words, spread " << spread;
    }
}

// The 3x3, entries <= 3 run: complete seki are the seven of height 3 plus those of height <= 2.
TEST(LevelCatalogue, ThreeByThreeCompleteSeki) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 3, 3, -1);
  std::set<Matrix> height3, low;
  ForEachLevel(space, [&](const Level& level) {
    for (const LevelShard& shard : level.shards)
      for (std::size_t k = 0; k < shard.keys.size(); ++k) {
        const Matrix a = space.codec.Unpack(shard.keys[k]);
        if (a.has_zero_line()) continue;
        if (shard.values[k].Get(Game::kSeki).seki_class() != SekiClass::kComplete) continue;
        (a.height() == 3 ? height3 : low).insert(a);
      }
  });
  std::set<Matrix> seven;
  for (const char* t : {"033/303/330", "133/313/331", "301/022/121", "320/212/023", "320/203/032",
                        "320/213/033", "033/331/312"})
    seven.insert(canon::CanonicalForm(testing::M(t)));
  // A direct sum of height 3 would need a 1x1 or 2x2 complete seki of height 3, and there is
  // none, so the height-3 complete seki are exactly the seven (all prime).
  EXPECT_EQ(height3, seven);
  for (const Matrix& a : low) EXPECT_LE(a.height(), 2);
  for (const char* t : {"111/111/111", "200/020/002", "220/202/022", "110/011/101", "211/121/112"})
    EXPECT_EQ(low.count(canon::CanonicalForm(testing::M(t))), 1u) << t;
}

}  // namespace
}  // namespace seki
