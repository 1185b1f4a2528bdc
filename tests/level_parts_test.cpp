// A level built in parts (engine/level/level_parts.hpp): IncrementKeys with a row mask, groups as
// invariants, and LevelBuilder::NextPart from the level below kept by groups against the level
// built whole (LevelBuilder::Next), level by level, at one and two threads, also through
// PartedLevelEngine and the level loop; the parts' balance.
#include "engine/level/level_parts.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/input_error.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/level/parted_level_engine.hpp"
#include "engine/run/level_driver.hpp"
#include "engine/run/part_files.hpp"
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
    MemoryPartStore store;
    PartedLevelEngine engine(
        space, {}, [](int sum) { return sum < 4 ? 0 : 1 + sum % 5; }, store);
    struct Walk : LevelWalk {
      std::vector<HeldLevel> taken;
      void Take(const HeldLevel& level, double) override { taken.push_back(level); }
    } walk;
    const Ranks one_process;
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

// The engine in parts with a run's part files (PartFiles) in a temporary directory, up to a level.
class PartFilesEngine {
 public:
  // on_disk: the engine leaves each level built in parts on disk (HeldLevel::on_disk).
  explicit PartFilesEngine(bool on_disk = false)
      : space_(EnumerationSpace::Make(3, 4, 3, -1)),
        files_(dir_.path(), space_,
               {space_.rows, space_.cols, space_.max_entry, space_.max_sum, true}),
        engine_(space_, {}, PartsOf, files_, {}, on_disk),
        on_disk_(on_disk) {
    ForEachLevel(space_, [&](const Level& level) { whole_.push_back(level); });
  }
  static int PartsOf(int sum) { return sum < 4 ? 0 : 1 + sum % 5; }
  // Level `sum` from the one held, each level checked against the level built whole.
  void BuildTo(int sum) {
    while (held_.sum() < sum) Next();
  }
  void Next() {
    HeldLevel next = engine_.NextHeld(held_);
    const int sum = next.sum();
    EXPECT_EQ(next.kept_parts, sum < 4 ? 0 : PartsOf(sum)) << "sum " << sum;
    EXPECT_EQ(next.on_disk(), on_disk_ && sum >= 4) << "sum " << sum;
    EXPECT_EQ(next.size(), whole_[sum].size()) << "sum " << sum;
    Level made = next.whole;
    if (next.on_disk()) {  // every block once, part by part; then read whole
      std::atomic<std::uint64_t> seen{0};
      ForEachHeldBlock(
          next, [&](const std::uint64_t*, const PackedOutcome*, std::size_t n) { seen += n; });
      EXPECT_EQ(seen.load(), whole_[sum].size()) << "sum " << sum;
      HeldLevel read = next;
      LoadWhole(read);
      EXPECT_FALSE(read.on_disk());
      made = ExpandToLevel(*read.grouped);
    } else if (next.in_parts()) {
      made = ExpandToLevel(*next.grouped);
    }
    for (int s = 0; s < kShardCount; ++s) {
      ASSERT_EQ(made.shards[s].keys, whole_[sum].shards[s].keys) << "sum " << sum;
      ASSERT_EQ(made.shards[s].values, whole_[sum].shards[s].values) << "sum " << sum;
    }
    held_ = std::move(next);
  }
  std::filesystem::path File(int sum, int part) const {
    return dir_.path() / PartFiles::Name(sum, part, PartsOf(sum));
  }

  TempDir dir_;
  EnumerationSpace space_;
  PartFiles files_;
  PartedLevelEngine engine_;
  bool on_disk_;
  std::vector<Level> whole_;
  HeldLevel held_{engine_.First()};
};

// With the level below kept in a run's part files by groups, each part reads again only the
// groups whose children reach it: every level equals the level built whole, and is kept so too;
// a part file of the level below damaged after it was loaded is named when it is read again
// (InputError: exit status 2).
TEST(PartedLevelEngine, ReadsTheLevelBelowAgainFromItsPartFiles) {
  PartFilesEngine run;
  for (int sum = 1; sum <= 12; ++sum) {
    run.Next();
    if (sum >= 4) {
      EXPECT_TRUE(run.files_.Reloads(sum, PartFilesEngine::PartsOf(sum))) << "sum " << sum;
    }
  }
  // Level 12 (3 parts) is held; its part 1 is damaged on disk before level 13 is built.
  const std::filesystem::path damaged = run.File(12, 1);
  {
    std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(std::filesystem::file_size(damaged) - 9));
    f.put('\x5a');
  }
  try {
    run.Next();
    ADD_FAILURE() << "a damaged part file of the level below was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(damaged.string() + ": group ", 0), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find("checksum mismatch"), std::string::npos) << e.what();
  }
}

// Levels left on disk (a run with no outcomes.txt): each level built in parts is held as its
// group table only, read one part at a time, and equals the level built whole; the next level
// reads it again by groups; a part file damaged after its level was built is named when the take
// reads it (InputError: exit status 2).
TEST(PartedLevelEngine, LeavesLevelsOnDiskAndReadsThemPartByPart) {
  PartFilesEngine run(true);
  run.BuildTo(12);
  EXPECT_LT(run.held_.bytes(), 4096u);  // the group ids alone
  const std::filesystem::path damaged = run.File(12, 2);
  {
    std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(std::filesystem::file_size(damaged) / 2));
    f.put('\x5a');
  }
  try {
    ForEachHeldBlock(run.held_, [](const std::uint64_t*, const PackedOutcome*, std::size_t) {});
    ADD_FAILURE() << "a damaged part file of a level on disk was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(damaged.string() + ":", 0), 0u) << e.what();
  }
}

// Part files in key order (the layout before files by groups) are read, not read again: the
// level below is then held whole while the next level is built, which equals the level built
// whole; the levels after it are read again.
TEST(PartedLevelEngine, PartFilesInKeyOrderAreHeldWhole) {
  PartFilesEngine run;
  run.BuildTo(12);
  const LevelFileParams params{run.space_.rows, run.space_.cols, run.space_.max_entry,
                               run.space_.max_sum, true};
  for (int p = 0; p < 3; ++p) {
    std::optional<LevelFilePart> part = ReadLevelFilePart(run.File(12, p), params);
    ASSERT_TRUE(part.has_value());
    CompactLevel groups;
    groups.parts = std::move(part->groups);
    CompactPartWriter in_key_order;
    ForEachInKeyOrder(groups, kCompactBlockClasses,
                      [&](const std::uint64_t* keys, const PackedOutcome* values, std::size_t n) {
                        for (std::size_t k = 0; k < n; ++k) in_key_order.Add(keys[k], values[k]);
                      });
    WriteLevelFilePart(run.File(12, p), {12, p, 3, in_key_order.Finish(), {}}, params);
  }
  EXPECT_FALSE(run.files_.Reloads(12, 3));
  run.BuildTo(15);
  EXPECT_TRUE(run.files_.Reloads(14, PartFilesEngine::PartsOf(14)));
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
  // The window of each part (the classes of the groups of the level below that reach it, what a
  // part reads again from part files) within the memory model's estimate.
  for (const int parts : {4, 8, 16, 32}) {
    const PartPlan plan(space, below, parts);
    std::uint64_t most = 0;
    for (int p = 0; p < parts; ++p) {
      std::uint64_t window = 0;
      for (std::size_t g = 0; g < below.parts.size(); ++g)
        if (plan.Reaches(g, p)) window += below.parts[g].size();
      most = std::max(most, window);
    }
    const double spread = double(most) / double(below.size()) / (double(space.rows) / parts);
    RecordProperty("parts" + std::to_string(parts) + "_window_spread", std::to_string(spread));
    EXPECT_LE(double(most), std::min(1.0, LevelBuilder::kWindowSpread * space.rows / parts) *
                                double(below.size()))
        << parts << " parts: window spread " << spread;
  }
}

}  // namespace
}  // namespace seki
