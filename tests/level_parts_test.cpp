// A level built in parts (engine/level/level_parts.hpp): IncrementKeys with a row mask, groups as
// invariants, and LevelBuilder::NextPart from the level below kept by groups against the level
// built whole (LevelBuilder::Next), level by level, at one and two threads, also through
// PartedLevelEngine and the level loop; the parts' balance.
#include "engine/level/level_parts.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/level/parted_level_engine.hpp"
#include "engine/run/level_driver.hpp"
#include "storage/compact_level.hpp"
#include "storage/level_file.hpp"
#include "storage/level_file_bytes.hpp"
#include "storage/packed_key.hpp"
#include "temp_dir.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using namespace seki::testing;  // NOLINT(google-build-using-namespace)

// IncrementKeys with a row mask gives exactly the children of those rows (fast path, transposed
// shapes, nauty).
TEST(RowMask, ChildrenOfTheRowsAsked) {
  Rng rng(11);
  const int shapes[][2] = {{3, 3}, {2, 5}, {5, 2}, {4, 4}, {3, 6}, {6, 3}, {7, 7}};
  for (const auto& shape : shapes) {
    const int rows = shape[0], cols = shape[1], max_entry = rows * cols > 40 ? 1 : 3;
    const int bits = max_entry == 1 ? 1 : 2;
    for (int trial = 0; trial < 40; ++trial) {
      const Matrix a = RandomStart(rng, rows, cols, max_entry, rows * cols * max_entry);
      std::uint64_t all[kMaxDim * kMaxDim];
      const int count = canon::IncrementKeys(a, max_entry, bits, all);
      const canon::RowMask mask = static_cast<canon::RowMask>(rng() % (1u << rows));
      std::uint64_t some[kMaxDim * kMaxDim], rest[kMaxDim * kMaxDim];
      const int n = canon::IncrementKeys(a, max_entry, bits, some, mask);
      const int m = canon::IncrementKeys(a, max_entry, bits, rest, ~mask);
      std::vector<std::uint64_t> joined(some, some + n), expected, asked;
      joined.insert(joined.end(), rest, rest + m);
      EXPECT_EQ(joined.size(), static_cast<std::size_t>(count));
      int k = 0;  // the children in row-major order: those of the asked rows, in order
      for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
          if (a(i, j) < max_entry) {
            if ((mask >> i) & 1) asked.push_back(all[k]);
            ++k;
          }
      EXPECT_EQ(std::vector<std::uint64_t>(some, some + n), asked) << rows << "x" << cols;
      std::sort(joined.begin(), joined.end());
      expected.assign(all, all + count);
      std::sort(expected.begin(), expected.end());
      EXPECT_EQ(joined, expected);
    }
  }
}

// Groups are equal exactly when the sorted row sums are: every multiset of 4 row sums of 4x5
// matrices with entries <= 4 gets its own group.
TEST(RowSums, GroupsAreExact) {
  const EnumerationSpace space = EnumerationSpace::Make(4, 5, 4, -1);
  std::map<std::uint64_t, std::vector<int>> seen;
  RowSums sums;
  sums.rows = 4;
  for (int a = 0; a <= 20; ++a)
    for (int b = a; b <= 20; ++b)
      for (int c = b; c <= 20; ++c)
        for (int d = c; d <= 20; ++d) {
          sums.sum = {d, b, a, c};  // any order
          const auto [it, fresh] = seen.emplace(GroupOf(space, sums), std::vector<int>{a, b, c, d});
          EXPECT_TRUE(fresh) << a << b << c << d;
        }
  EXPECT_EQ(seen.size(), 10626u);  // multisets of 4 from 21 values: C(24, 4)
}

// A class's group is read off its key and does not depend on the order of its rows or columns.
TEST(RowSums, GroupIsAnInvariant) {
  Rng rng(5);
  const EnumerationSpace space = EnumerationSpace::Make(4, 5, 4, -1);
  for (int trial = 0; trial < 200; ++trial) {
    const Matrix a = RandomStart(rng, 4, 5, 4, 40);
    const RowSums sums = RowSumsOf(space, space.codec.Pack(a));
    for (int i = 0; i < 4; ++i) {
      int s = 0;
      for (int j = 0; j < 5; ++j) s += a(i, j);
      EXPECT_EQ(sums.sum[i], s);
    }
    EXPECT_EQ(GroupOf(space, sums),
              GroupOf(space, RowSumsOf(space, space.codec.Pack(RandomPermuted(rng, a)))));
  }
}

CompactLevel Grouped(const EnumerationSpace& space, const std::vector<Level>& parts) {
  std::vector<std::vector<CompactPart>> groups;
  for (const Level& part : parts) groups.push_back(GroupsOf(space, part));
  return GroupedLevel(parts.front().sum, std::move(groups));
}

// Grouping a level read back in key order gives the same groups as grouping the level.
TEST(LevelParts, GroupsOfALevelAndOfItsKeyOrderAgree) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 4, 3, 12);
  Level level;
  ForEachLevel(space, [&](const Level& l) { level = l; });
  const std::vector<CompactPart> a = GroupsOf(space, level);
  const std::vector<CompactPart> b = GroupsOf(space, CompactFromLevel(level));
  ASSERT_EQ(a.size(), b.size());
  ASSERT_GT(a.size(), 5u);
  std::uint64_t total = 0;
  for (std::size_t g = 0; g < a.size(); ++g) {
    EXPECT_EQ(a[g].group, b[g].group);
    EXPECT_EQ(a[g].size(), b[g].size());
    total += a[g].size();
    CompactLevel one, two;
    one.parts.push_back(a[g]);
    two.parts.push_back(b[g]);
    EXPECT_EQ(ExpandToLevel(one).SortedKeys(), ExpandToLevel(two).SortedKeys());
  }
  EXPECT_EQ(total, level.size());
}

struct Region {
  int rows, cols, max_entry;
};

class LevelParts : public ::testing::TestWithParam<std::tuple<Region, int>> {};

// Every level of the region built in parts, each from the level below in parts (kept by groups),
// equals the level built whole, class for class and value for value; each class is in the part
// the plan gives its group.
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
      const CompactLevel compact = Grouped(space, below);
      const PartPlan plan(space, compact, parts);
      below.clear();
      Level joined;
      joined.sum = sum;
      for (int p = 0; p < parts; ++p) {
        Level part = builder.NextPart(compact, plan, p);
        ASSERT_EQ(part.sum, sum);
        for (int s = 0; s < kShardCount; ++s)
          for (std::size_t k = 0; k < part.shards[s].keys.size(); ++k) {
            const std::uint64_t key = part.shards[s].keys[k];
            ASSERT_EQ(plan.PartOf(GroupOf(space, RowSumsOf(space, key))), p);
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

// The engine in parts driven by the level loop (whole up to sum 3, then 1 to 5 parts a level, in
// a store in memory): every level it hands out, made whole, equals the level built whole, and the
// levels from sum 4 on are held by groups.
TEST(PartedLevelEngine, DrivenByTheLevelLoopEqualsTheWholeEngine) {
  for (const int threads : {1, 2}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    const EnumerationSpace space = EnumerationSpace::Make(3, 4, 3, -1);
    std::vector<Level> whole;
    ForEachLevel(space, [&](const Level& level) { whole.push_back(level); });
    MemoryPartStore store(space);
    PartedLevelEngine engine(
        space, {}, [](int sum) { return sum < 4 ? 0 : 1 + sum % 5; }, store);
    struct Walk : LevelWalk {
      std::vector<HeldLevel> taken;
      void Take(const HeldLevel& level, double) override { taken.push_back(level); }
    } walk;
    const RunGroup one_process;
    LevelDriver(engine, one_process, nullptr, threads).Drive(walk, space.max_sum);
    ASSERT_EQ(walk.taken.size(), whole.size());
    for (const HeldLevel& level : walk.taken) {
      const int sum = level.sum();
      EXPECT_EQ(level.in_parts(), sum >= 4) << "sum " << sum;
      const Level made = level.in_parts() ? ExpandToLevel(*level.grouped) : level.whole;
      for (int s = 0; s < kShardCount; ++s) {
        ASSERT_EQ(made.shards[s].keys, whole[sum].shards[s].keys) << "sum " << sum;
        ASSERT_EQ(made.shards[s].values, whole[sum].shards[s].values) << "sum " << sum;
      }
    }
  }
}

std::map<std::string, std::string> Files(
    const std::map<std::string, std::filesystem::path>& paths) {
  std::map<std::string, std::string> files;
  for (const auto& [name, path] : paths) {
    std::ifstream in(path, std::ios::binary);
    files[name] = std::string(std::istreambuf_iterator<char>(in), {});
  }
  return files;
}

// The catalogues of a region whose levels were built in parts and taken compact (merged in key
// order) are byte for byte those of the levels built whole, with every list and outcomes.
TEST(LevelParts, CataloguesOfCompactLevelsEqualThoseOfWholeLevels) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 4, 3, -1);
  std::vector<Level> whole;
  ForEachLevel(space, [&](const Level& level) { whole.push_back(level); });
  const LevelBuilder builder(space);
  std::vector<CompactLevel> parted{Grouped(space, {whole.front()})};
  for (int sum = 1; sum <= space.max_sum; ++sum) {
    const PartPlan plan(space, parted.back(), 3);
    std::vector<Level> parts;
    for (int p = 0; p < 3; ++p) parts.push_back(builder.NextPart(parted.back(), plan, p));
    parted.push_back(Grouped(space, parts));
  }
  for (const CatalogueLists lists : {CatalogueLists::kAll, CatalogueLists::kComplete})
    for (const bool outcomes : {false, true}) {
      TempDir a, b;
      CatalogueWriter from_whole(a.path() / "run", space, outcomes, std::nullopt, lists);
      CatalogueWriter from_parts(b.path() / "run", space, outcomes, std::nullopt, lists);
      for (int sum = 0; sum <= space.max_sum; ++sum) {
        const LevelCounts x = from_whole.AddLevel(whole[static_cast<std::size_t>(sum)]);
        const LevelCounts y = from_parts.AddLevel(parted[static_cast<std::size_t>(sum)]);
        EXPECT_EQ(x.classes, y.classes);
        EXPECT_EQ(x.starting, y.starting);
        EXPECT_EQ(x.members, y.members) << "sum " << sum;
      }
      const auto files = Files(from_whole.Commit());
      EXPECT_EQ(files, Files(from_parts.Commit()));
      EXPECT_GT(files.size(), 5u);
    }
}

// A level built in parts is written as one compact file and read back by groups; a plain file
// (version 1) is read by groups too, and a damaged one is refused with its name.
TEST(LevelParts, WrittenAsOneFileAndReadBackByGroups) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 4, 3, 18);
  const LevelFileParams params{space.rows, space.cols, space.max_entry, space.max_sum, true};
  std::vector<Level> whole;
  ForEachLevel(space, [&](const Level& level) { whole.push_back(level); });
  const Level& level = whole.back();
  const CompactLevel below = Grouped(space, {whole[whole.size() - 2]});
  const PartPlan plan(space, below, 4);
  std::vector<Level> parts;
  for (int p = 0; p < 4; ++p) parts.push_back(LevelBuilder(space).NextPart(below, plan, p));
  const CompactLevel grouped = Grouped(space, parts);
  TempDir dir;
  const auto path = dir.path() / "level.bin";
  WriteLevelFile(path, grouped, params);
  std::string why;
  const std::optional<CompactLevel> back = ReadGroupedLevel(space, path, params, &why);
  ASSERT_TRUE(back.has_value()) << why;
  ASSERT_EQ(back->parts.size(), grouped.parts.size());
  for (std::size_t g = 0; g < grouped.parts.size(); ++g)
    EXPECT_EQ(back->parts[g].group, grouped.parts[g].group);
  EXPECT_EQ(ExpandToLevel(*back).SortedKeys(), level.SortedKeys());
  const std::optional<Level> plain = ReadLevelFile(path, params, &why);
  ASSERT_TRUE(plain.has_value()) << why;
  for (int s = 0; s < kShardCount; ++s) EXPECT_EQ(plain->shards[s].values, level.shards[s].values);
  std::ofstream(path, std::ios::binary) << EncodeLevelFile(level, params);  // version 1
  const std::optional<CompactLevel> old = ReadGroupedLevel(space, path, params, &why);
  ASSERT_TRUE(old.has_value()) << why;
  EXPECT_EQ(ExpandToLevel(*old).SortedKeys(), level.SortedKeys());
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(std::filesystem::file_size(path) / 2));
    f.put('\x5A');
  }
  EXPECT_FALSE(ReadGroupedLevel(space, path, params, &why).has_value());
  EXPECT_EQ(why.rfind(path.string() + ": ", 0), 0u) << why;
}

// The parts of a large level hold about as many classes each, and a parent is visited for few
// parts.
TEST(LevelParts, AreBalanced) {
  const EnumerationSpace space = EnumerationSpace::Make(4, 4, 3, 24);
  std::vector<Level> last;
  ForEachLevel(space, [&](const Level& level) {
    if (level.sum >= 23) last.push_back(level);
  });
  const CompactLevel below = Grouped(space, {last[0]});
  const LevelBuilder builder(space);
  for (const int parts : {4, 8}) {
    const PartPlan plan(space, below, parts);
    std::vector<double> sizes;
    double visits = 0;
    for (int p = 0; p < parts; ++p) {
      sizes.push_back(double(builder.NextPart(below, plan, p).size()));
      for (std::size_t g = 0; g < below.parts.size(); ++g)
        if (plan.Reaches(g, p)) visits += double(below.parts[g].size());
    }
    const double mean = double(last[1].size()) / parts;
    const double most = *std::max_element(sizes.begin(), sizes.end());
    RecordProperty("parts" + std::to_string(parts) + "_largest_over_mean",
                   std::to_string(most / mean));
    RecordProperty("parts" + std::to_string(parts) + "_visits_per_parent",
                   std::to_string(visits / double(below.size())));
    EXPECT_LT(most / mean, 1.25) << parts << " parts";
    EXPECT_LT(visits / double(below.size()), 4.0) << parts << " parts";
  }
}

}  // namespace
}  // namespace seki
