// A level built in parts: canon::ClassPart against the filtered children of IncrementKeys (fast
// path, transposed shapes, nauty), and LevelBuilder::NextPart from a compact level below against
// the level built whole (LevelBuilder::Next), level by level, at one and two threads; the parts'
// balance.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <random>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/run/level_driver.hpp"
#include "storage/compact_level.hpp"
#include "storage/packed_key.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using namespace seki::testing;  // NOLINT(google-build-using-namespace)

Matrix Unpack(std::uint64_t key, int rows, int cols, int bits) {
  Matrix a(rows, cols);
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  for (int k = rows * cols - 1; k >= 0; --k, key >>= bits)
    a.set(k / cols, k % cols, static_cast<int>(key & mask));
  return a;
}

// The children of every part, together, are the children; each lies in its part.
TEST(ClassPart, FiltersChildrenByTheirClassesPart) {
  Rng rng(11);
  const int shapes[][2] = {{3, 3}, {2, 5}, {5, 2}, {4, 4}, {3, 6}, {6, 3}, {7, 7}};
  for (const auto& shape : shapes) {
    const int rows = shape[0], cols = shape[1], max_entry = rows * cols > 40 ? 1 : 3;
    const int bits = max_entry == 1 ? 1 : 2;
    for (int trial = 0; trial < 40; ++trial) {
      const Matrix a = RandomStart(rng, rows, cols, max_entry, rows * cols * max_entry);
      std::uint64_t all[kMaxDim * kMaxDim];
      const int count = canon::IncrementKeys(a, max_entry, bits, all);
      for (const int parts : {1, 2, 7}) {
        std::vector<std::uint64_t> joined;
        for (int p = 0; p < parts; ++p) {
          std::uint64_t some[kMaxDim * kMaxDim];
          const int n = canon::IncrementKeys(a, max_entry, bits, some, {parts, p});
          for (int k = 0; k < n; ++k) {
            EXPECT_EQ(canon::ClassPart(Unpack(some[k], rows, cols, bits), parts), p);
            joined.push_back(some[k]);
          }
        }
        std::vector<std::uint64_t> expected(all, all + count);
        std::sort(expected.begin(), expected.end());
        std::sort(joined.begin(), joined.end());
        EXPECT_EQ(joined, expected) << rows << "x" << cols << " parts " << parts;
      }
    }
  }
}

TEST(ClassPart, IsAnInvariant) {
  Rng rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const Matrix a = RandomStart(rng, 4, 5, 4, 40);
    for (const int parts : {2, 3, 64})
      EXPECT_EQ(canon::ClassPart(a, parts), canon::ClassPart(RandomPermuted(rng, a), parts));
  }
}

CompactLevel Compacted(const std::vector<Level>& parts) {
  CompactLevel compact;
  compact.sum = parts.front().sum;
  for (const Level& part : parts) compact.parts.push_back(CompactFromLevel(part));
  return compact;
}

struct Region {
  int rows, cols, max_entry;
};

class LevelParts : public ::testing::TestWithParam<std::tuple<Region, int>> {};

// Every level of the region built in parts, each from the level below in parts (compact), equals
// the level built whole, class for class and value for value.
TEST_P(LevelParts, EqualTheLevelBuiltWhole) {
  const auto [region, threads] = GetParam();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const EnumerationSpace space =
      EnumerationSpace::Make(region.rows, region.cols, region.max_entry, -1);
  std::vector<Level> whole;
  ForEachLevel(space, [&](const Level& level) { whole.push_back(level); });
  const LevelBuilder builder(space);
  for (const int parts : {3, 8}) {
    std::vector<Level> below{whole.front()};
    for (int sum = 1; sum <= space.max_sum; ++sum) {
      const CompactLevel compact = Compacted(below);
      below.clear();
      Level joined;
      joined.sum = sum;
      for (int p = 0; p < parts; ++p) {
        Level part = builder.NextPart(compact, p, parts);
        ASSERT_EQ(part.sum, sum);
        for (int s = 0; s < kShardCount; ++s)
          for (std::size_t k = 0; k < part.shards[s].keys.size(); ++k) {
            const std::uint64_t key = part.shards[s].keys[k];
            ASSERT_EQ(canon::ClassPart(space.codec.Unpack(key), parts), p);
            joined.shards[s].keys.push_back(key);
            joined.shards[s].values.push_back(part.shards[s].values[k]);
          }
        below.push_back(std::move(part));
      }
      for (LevelShard& shard : joined.shards) {  // the parts' keys, merged in order
        std::vector<std::pair<std::uint64_t, PackedOutcome>> merged;
        for (std::size_t k = 0; k < shard.keys.size(); ++k)
          merged.emplace_back(shard.keys[k], shard.values[k]);
        std::sort(merged.begin(), merged.end(),
                  [](const auto& x, const auto& y) { return x.first < y.first; });
        for (std::size_t k = 0; k < merged.size(); ++k)
          shard.keys[k] = merged[k].first, shard.values[k] = merged[k].second;
      }
      for (int s = 0; s < kShardCount; ++s) {
        ASSERT_EQ(joined.shards[s].keys, whole[sum].shards[s].keys) << "sum " << sum;
        ASSERT_EQ(joined.shards[s].values, whole[sum].shards[s].values) << "sum " << sum;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Regions, LevelParts,
                         ::testing::Combine(::testing::Values(Region{3, 3, 3}, Region{3, 4, 4},
                                                              Region{4, 4, 2}),
                                            ::testing::Values(1, 2)));

// The parts of a large level hold about as many classes each.
TEST(LevelParts, AreBalanced) {
  const EnumerationSpace space = EnumerationSpace::Make(4, 4, 3, 24);
  Level largest;
  ForEachLevel(space, [&](const Level& level) {
    if (level.size() > largest.size()) largest = level;
  });
  ASSERT_GT(largest.size(), 100000u);
  for (const int parts : {4, 8, 16}) {
    std::vector<std::uint64_t> sizes(static_cast<std::size_t>(parts));
    for (const LevelShard& shard : largest.shards)
      for (std::uint64_t key : shard.keys)
        ++sizes[canon::ClassPart(space.codec.Unpack(key), parts)];
    const double mean = double(largest.size()) / parts;
    const double most = double(*std::max_element(sizes.begin(), sizes.end()));
    RecordProperty("parts" + std::to_string(parts) + "_largest_over_mean",
                   std::to_string(most / mean));
    EXPECT_LT(most / mean, 1.1) << parts << " parts";
  }
}

}  // namespace
}  // namespace seki
