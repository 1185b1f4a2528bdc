// The level store of runs and checks (engine/run/level_store.hpp): names; at most two levels kept,
// the oldest dropped before the new files are written and the checkpoint written only once the
// new level's files are complete; Finish leaves no file; Resume takes the newest level that loads
// and passes over a damaged or missing one (cutting the list back), on ranks too (ranks as threads,
// tests/thread_ranks.hpp: saved by 2 ranks, resumed by 1 and 3); the checkpoint's JSON, older forms
// included.
#include "engine/run/level_store.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/level/enumeration_space.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/run/level_ranks.hpp"
#include "tests/temp_dir.hpp"
#include "thread_ranks.hpp"

namespace seki {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using seki::testing::TempDir;

const EnumerationSpace kSpace = EnumerationSpace::Make(3, 3, 2, -1);
const LevelFileParams kParams{3, 3, 2, kSpace.max_sum, true};
const LevelStoreNames kNames{"level", "test-file", "test-checkpoint"};

std::vector<Level> Levels(int top) {
  const LevelBuilder builder(kSpace, true);
  std::vector<Level> levels{builder.First()};
  while (levels.back().sum < top) levels.push_back(builder.Next(levels.back()));
  return levels;
}

void ExpectSameShards(const Level& got, const Level& want) {
  EXPECT_EQ(got.sum, want.sum);
  for (int s = 0; s < kShardCount; ++s) {
    EXPECT_EQ(got.shards[s].keys, want.shards[s].keys);
    EXPECT_EQ(got.shards[s].values, want.shards[s].values);
  }
}

void Damage(const fs::path& file) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(fs::file_size(file) / 2));
  f.put('\x5A');
}

TEST(LevelStore, NamesOnOneProcessAndOnRanks) {
  const Ranks one;
  EXPECT_EQ(LevelStore("d", kNames, kParams, one).FileNames(7),
            std::vector<std::string>{"levels/level-0007.bin"});
  testing::Mailboxes boxes(2);
  const testing::ThreadRanks second(boxes, 1);
  EXPECT_EQ(LevelStore("d", {"3x3-level", "", ""}, kParams, second).FileNames(12),
            (std::vector<std::string>{"levels/3x3-level-0012.rank-0000-of-0002.bin",
                                      "levels/3x3-level-0012.rank-0001-of-0002.bin"}));
}

// A store of one process in a fresh directory, and the levels of kSpace up to 6.
class OneProcessStore : public ::testing::Test {
 protected:
  OneProcessStore() { fs::create_directories(dir.path() / "levels"); }
  const TempDir dir;
  const Ranks one;
  const LevelStore store{dir.path(), kNames, kParams, one};
  const std::vector<Level> levels = Levels(6);
};

// Each checkpoint written names only complete files, never more than two levels are on disk, and
// the oldest is gone from the checkpoint before its files are.
TEST_F(OneProcessStore, KeepsTwoAndNamesOnlyWhatIsWritten) {
  std::vector<KeptLevel> kept;
  std::vector<std::vector<int>> named;
  const auto checkpoint = [&] {
    std::vector<int> sums;
    for (const KeptLevel& k : kept) {
      sums.push_back(k.sum);
      for (const std::string& f : k.files) EXPECT_TRUE(fs::exists(dir.path() / f)) << f;
    }
    named.push_back(sums);
    int on_disk = 0;
    for ([[maybe_unused]] const auto& f : fs::directory_iterator(dir.path() / "levels")) ++on_disk;
    EXPECT_LE(on_disk, 2);
  };
  for (int sum = 3; sum <= 6; ++sum)
    store.Save(kept, HeldLevel(Level(levels[sum])), {{"at", sum}}, {}, checkpoint);
  EXPECT_EQ(named, (std::vector<std::vector<int>>{{3}, {3, 4}, {4}, {4, 5}, {5}, {5, 6}}));
  EXPECT_FALSE(fs::exists(dir.path() / "levels/level-0004.bin"));
  EXPECT_TRUE(fs::exists(dir.path() / "levels/level-0005.bin"));

  store.Finish(kept, 7, {{"at", 7}}, checkpoint);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_TRUE(kept[0].files.empty());
  EXPECT_TRUE(fs::is_empty(dir.path() / "levels"));
  std::vector<KeptLevel> done = kept;
  const auto r = store.Resume(done, false, [](const std::string& text) { FAIL() << text; });
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->level);
  EXPECT_EQ(r->point.state["at"], 7);
}

TEST_F(OneProcessStore, ResumesFromTheNewestThatVerifies) {
  std::vector<KeptLevel> kept;
  for (int sum : {4, 5}) store.Save(kept, HeldLevel(Level(levels[sum])), {}, {}, [] {});
  std::vector<std::string> notices;
  const auto notice = [&](const std::string& text) { notices.push_back(text); };

  std::vector<KeptLevel> both = kept;
  auto r = store.Resume(both, false, notice);
  ASSERT_TRUE(r && r->level);
  ExpectSameShards(r->level->whole, levels[5]);
  EXPECT_EQ(both.size(), 2u);
  EXPECT_TRUE(notices.empty());

  Damage(dir.path() / "levels/level-0005.bin");
  std::vector<KeptLevel> fallback = kept;
  r = store.Resume(fallback, false, notice);
  ASSERT_TRUE(r && r->level);
  ExpectSameShards(r->level->whole, levels[4]);
  EXPECT_EQ(fallback.size(), 1u);
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].rfind("not using levels/level-0005.bin: ", 0), 0u) << notices[0];

  fs::remove(dir.path() / "levels/level-0004.bin");
  std::vector<KeptLevel> none = kept;
  EXPECT_FALSE(store.Resume(none, false, notice));
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(notices.size(), 3u);

  // A file that holds another level than the checkpoint says is not used either.
  std::vector<KeptLevel> other = {kept[0]};
  WriteLevelFile(dir.path() / "levels/level-0004.bin", levels[3], kParams);
  EXPECT_FALSE(store.Resume(other, false, notice));
  EXPECT_NE(notices.back().find("holds level 3"), std::string::npos) << notices.back();
}

// Saved by 2 ranks (each its shards' file), resumed by 3 ranks and by one process: every rank
// gets the shards it owns.
TEST(LevelStore, ResumesOnAnotherNumberOfRanks) {
  const TempDir dir;
  fs::create_directories(dir.path() / "levels");
  const std::vector<Level> levels = Levels(6);
  std::vector<KeptLevel> saved;
  {
    testing::Mailboxes boxes(2);
    std::vector<std::vector<KeptLevel>> kept(2);
    std::vector<std::jthread> ranks;
    for (int q = 0; q < 2; ++q)
      ranks.emplace_back([&, q] {
        const testing::ThreadRanks mine(boxes, q);
        const LevelStore store(dir.path(), kNames, kParams, mine);
        for (int sum : {5, 6}) {
          Level own = levels[sum];
          for (int s = 0; s < kShardCount; ++s)
            if (!OwnedShards(mine).Contains(s)) own.shards[s] = {};
          store.Save(kept[q], HeldLevel(std::move(own)), {{"at", sum}}, {}, [] {});
        }
      });
    ranks.clear();
    EXPECT_EQ(KeptLevelsJson(kept[0]), KeptLevelsJson(kept[1]));
    saved = kept[0];
  }
  ASSERT_EQ(saved.back().files.size(), 2u);
  for (int size : {1, 3}) {
    SCOPED_TRACE(::testing::Message() << size << " ranks");
    testing::Mailboxes boxes(size);
    std::vector<std::jthread> ranks;
    for (int q = 0; q < size; ++q)
      ranks.emplace_back([&, q] {
        const testing::ThreadRanks mine(boxes, q);
        std::vector<KeptLevel> kept = saved;
        const auto r =
            LevelStore(dir.path(), kNames, kParams, mine)
                .Resume(kept, false, [](const std::string& text) { ADD_FAILURE() << text; });
        ASSERT_TRUE(r && r->level);
        EXPECT_EQ(r->point.state["at"], 6);
        for (int s = 0; s < kShardCount; ++s) {
          if (!OwnedShards(mine).Contains(s)) continue;
          EXPECT_EQ(r->level->whole.shards[s].keys, levels[6].shards[s].keys);
        }
      });
  }
}

TEST(LevelStore, CheckpointJsonAndItsOlderForm) {
  const std::vector<KeptLevel> kept = {{4, {"levels/level-0004.bin"}, {{"partial_sizes", {}}}},
                                       {5, {"a", "b"}, {{"tally", {{"last_sum", 5}}}}}};
  const json j = KeptLevelsJson(kept);
  EXPECT_EQ(j[1]["sum"], 5);
  EXPECT_EQ(j[1]["level_files"], json({"a", "b"}));
  EXPECT_EQ(j[1]["tally"]["last_sum"], 5);
  EXPECT_EQ(KeptLevelsJson(KeptLevelsFromJson(j)), j);
  // Before "level_files": one "level_file".
  const auto old = KeptLevelsFromJson(
      json::parse(R"([{"sum": 3, "level_file": "levels/level-0003.bin", "partial_sizes": {}}])"));
  ASSERT_EQ(old.size(), 1u);
  EXPECT_EQ(old[0].files, std::vector<std::string>{"levels/level-0003.bin"});
  EXPECT_EQ(old[0].state, json({{"partial_sizes", json::object()}}));
  EXPECT_THROW(KeptLevelsFromJson(json::parse(R"([{"level_files": []}])")), json::exception);
}

}  // namespace
}  // namespace seki
