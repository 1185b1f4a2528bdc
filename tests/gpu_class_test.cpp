// The thrust engine's per-class functions (engine/gpu/gpu_class.hpp), on the CPU: orderly
// generation makes every class of a level exactly once and the same children as the CPU engine's,
// the look-up finds exactly the level's keys, and the contributions and values follow the
// project's rules.
#include "engine/gpu/gpu_class.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/rules.hpp"
#include "engine/gpu/thrust_level_engine.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/level/orderly_generation.hpp"
#include "test_support.hpp"

namespace {

using namespace seki;
// The children each parent generates, for every parent of a level of the CPU engine: the union is
// the next level, no class is made twice, and each parent makes exactly the children that the CPU
// engine's orderly generation (the same rule) makes.
void ExpectOrderlyGeneration(int rows, int cols, int max_entry, int max_sum) {
  SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) +
               " <= " + std::to_string(max_entry));
  const EnumerationSpace space = EnumerationSpace::Make(rows, cols, max_entry, max_sum);
  const LevelBuilder builder(space, false);
  Level level = builder.First();
  for (int sum = 1; sum <= space.max_sum; ++sum) {
    const std::vector<std::uint64_t> below = level.SortedKeys();
    level = builder.Next(level);
    const std::vector<std::uint64_t> here = level.SortedKeys();
    std::map<std::uint64_t, int> made;
    for (const std::uint64_t parent : below) {
      std::uint64_t children[gpu::kMaxDim * gpu::kMaxDim];
      int count = 0;
      gpu::DispatchShape(rows, cols, [&](auto tag) {
        count = gpu::GenerateChildren<decltype(tag)::kRows, decltype(tag)::kCols>(
            parent, space.codec.bits(), space.max_entry, children);
      });
      std::vector<std::uint64_t> mine(children, children + count), cpu;
      GenerateChildren(space, space.codec.Unpack(parent), parent, cpu);
      std::sort(mine.begin(), mine.end());
      ASSERT_EQ(mine, cpu) << "sum " << sum;
      for (const std::uint64_t child : mine) ++made[child];
    }
    ASSERT_EQ(made.size(), here.size()) << "sum " << sum;
    for (const std::uint64_t key : here) ASSERT_EQ(made[key], 1) << "sum " << sum;
  }
}

TEST(GpuClass, EveryClassComesFromExactlyOneParentOnce) {
  ExpectOrderlyGeneration(3, 3, 3, 10);
  ExpectOrderlyGeneration(4, 4, 1, -1);  // many automorphisms and ties
  ExpectOrderlyGeneration(2, 4, 2, -1);
  ExpectOrderlyGeneration(4, 2, 2, -1);
  ExpectOrderlyGeneration(5, 5, 1, 9);
  ExpectOrderlyGeneration(5, 3, 3, 8);
}

// A directory of the top bits of mixed keys, as the engine builds it.
std::vector<std::uint64_t> Directory(const std::vector<std::uint64_t>& keys, int bits) {
  std::vector<std::uint64_t> directory;
  for (std::uint64_t t = 0; t <= (std::uint64_t{1} << bits); ++t)
    directory.push_back(
        t >> bits ? keys.size()
                  : std::uint64_t(std::lower_bound(keys.begin(), keys.end(), t << (64 - bits)) -
                                  keys.begin()));
  return directory;
}

TEST(GpuClass, MixedKeysAreABijectionAndCarryTheShard) {
  std::mt19937_64 rng(7);
  for (int t = 0; t < 100000; ++t) {
    const std::uint64_t key = rng() >> (rng() % 64);
    ASSERT_EQ(gpu::Unmixed(gpu::Mixed(key)), key);
    ASSERT_EQ(int(gpu::Mixed(key) >> (64 - kShardBits)), ShardOf(key));
  }
}

TEST(GpuClass, FindMixedFindsExactlyTheKeysOfTheLevel) {
  std::mt19937_64 rng(24);
  for (const std::uint64_t size : {0u, 1u, 7u, 8u, 9u, 1000u, 4099u}) {
    std::set<std::uint64_t> set;
    while (set.size() < size) set.insert(gpu::Mixed(rng() % 5000));
    const std::vector<std::uint64_t> keys(set.begin(), set.end());
    const int bits = gpu::DirectoryBits(keys.size());
    const std::vector<std::uint64_t> directory = Directory(keys, bits);
    const std::vector<std::uint8_t> values(keys.size(), 0);
    const gpu::LevelView view{keys.data(), values.data(), keys.size(), directory.data(), bits};
    for (std::uint64_t key = 0; key < 5000; ++key) {
      const std::uint64_t at = gpu::FindMixed(view, gpu::Mixed(key));
      const auto it = std::lower_bound(keys.begin(), keys.end(), gpu::Mixed(key));
      if (it != keys.end() && *it == gpu::Mixed(key))
        ASSERT_EQ(at, std::uint64_t(it - keys.begin())) << key;
      else
        ASSERT_EQ(at, keys.size()) << key;
    }
  }
}

TEST(GpuClass, OffersAreTheRulesOffers) {
  const gpu::ContributionTable t = gpu::MakeContributionTable();
  EXPECT_EQ(t.terminal[1], 0x33);  // a zero row: R has won; R moving there wins, C loses
  EXPECT_EQ(t.terminal[2], 0xCC);  // a zero column
  EXPECT_EQ(t.terminal[3], 0x5F);  // both: SEKI the mover wins, D-SEKI a draw
  for (int v = 0; v < 256; ++v)
    EXPECT_EQ(t.by_value[v],
              MoveContribution(Solution::From(PackedOutcome{static_cast<std::uint8_t>(v)})).bits);
}

TEST(GpuClass, ClassValuesOfSmallMatrices) {
  // 1x1: (1) has only a terminal child (both lines empty): r = c = W in SEKI, D in D-SEKI.
  const gpu::ContributionTable t = gpu::MakeContributionTable();
  const int bits = KeyCodec::BitsPerEntry(3);
  const std::uint64_t none[] = {0, 0, 0};
  EXPECT_EQ((gpu::ClassValues<1, 1>(0x1, bits, gpu::LevelView{nullptr, nullptr, 0, none, 1}, t)),
            0x5F);
  // (2): its child (1) offers MoveContribution of its values.
  const std::vector<std::uint64_t> below_keys = {gpu::Mixed(0x1)};
  const std::vector<std::uint64_t> directory = Directory(below_keys, 1);
  const std::uint8_t below_values[] = {0x5F};
  const gpu::LevelView below{below_keys.data(), below_values, 1, directory.data(), 1};
  const std::uint8_t two = gpu::ClassValues<1, 1>(0x2, bits, below, t);
  EXPECT_EQ(Solution::From(PackedOutcome{two}).seki.seki_class(), SekiClass::kComplete);
  EXPECT_EQ(Solution::From(PackedOutcome{two}).dseki.seki_class(), SekiClass::kSeki);
}

}  // namespace
