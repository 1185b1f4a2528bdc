// The level engine on the ranks of a job (engine/run/level_ranks.hpp) without MPI: ranks as threads
// of one process (tests/thread_ranks.hpp). Every rank's owned shards of every level are the
// shards one process builds, key for key and value for value, on 2 and 3 ranks, with keys of one
// word and of two (the wide engine's records); every rank counts every rank's parents; the ranks
// exchange only records for other ranks' shards.
#include "engine/run/level_ranks.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "engine/level/enumeration_space.hpp"
#include "engine/level/level_builder.hpp"
#include "thread_ranks.hpp"

namespace seki {
namespace {

using testing::Mailboxes;
using testing::ThreadRanks;

// Every level of `space` up to `top`, built by one process.
std::vector<Level> OneProcess(const EnumerationSpace& space, int top) {
  const LevelBuilder builder(space, true);
  std::vector<Level> levels{builder.First()};
  while (levels.back().sum < top) levels.push_back(builder.Next(levels.back()));
  return levels;
}

void ExpectRanksBuildTheSameLevels(const EnumerationSpace& space, int top) {
  const std::vector<Level> whole = OneProcess(space, top);
  for (int size : {2, 3}) {
    SCOPED_TRACE(::testing::Message() << size << " ranks");
    Mailboxes boxes(size);
    std::vector<std::uint64_t> differ(size, 0), parents(size, 0), sent(size, 0);
    {
      std::vector<std::jthread> ranks;
      for (int q = 0; q < size; ++q)
        ranks.emplace_back([&, q] {
          const ThreadRanks mine(boxes, q);
          std::atomic<std::uint64_t> done{0};
          const LevelBuilder builder(space, true, RankHooks(mine, &done, nullptr));
          const ShardRange owned = OwnedShards(mine);
          Level level = builder.First();
          for (int s = 0; s < kShardCount; ++s)
            if (!owned.Contains(s)) level.shards[s] = {};
          while (level.sum < top) {
            level = BuildOwnedShards(mine, builder, level, done);
            const Level& want = whole[static_cast<std::size_t>(level.sum)];
            for (int s = 0; s < kShardCount; ++s) {
              const LevelShard& got = level.shards[s];
              if (!owned.Contains(s)) {
                differ[q] += !got.keys.empty();
                continue;
              }
              differ[q] += got.keys != want.shards[s].keys;
              differ[q] += got.values.size() != want.shards[s].values.size();
              for (std::size_t k = 0; k < got.values.size() && k < want.shards[s].values.size();
                   ++k)
                differ[q] += got.values[k].bits != want.shards[s].values[k].bits;
            }
          }
          parents[q] = done.load();
          sent[q] = mine.exchanged_bytes();
        });
    }
    std::uint64_t all_parents = 0;
    for (std::size_t l = 0; l + 1 < whole.size(); ++l)
      for (const LevelShard& shard : whole[l].shards) all_parents += shard.values.size();
    for (int q = 0; q < size; ++q) {
      EXPECT_EQ(differ[q], 0u) << "rank " << q;
      EXPECT_EQ(parents[q], all_parents) << "rank " << q;
      EXPECT_GT(sent[q], 0u) << "rank " << q;
    }
  }
}

TEST(LevelRanks, OneWordKeysOnRanksAreTheLevelsOfOneProcess) {
  ExpectRanksBuildTheSameLevels(EnumerationSpace::Make(3, 3, 3, -1), 14);
}

TEST(LevelRanks, WideKeysOnRanksAreTheLevelsOfOneProcess) {
  const EnumerationSpace space = EnumerationSpace::Make(7, 7, 3, 5);
  ASSERT_GT(space.key_words, 1);
  ExpectRanksBuildTheSameLevels(space, 5);
}

TEST(LevelRanks, OneProcessIsThePlainBuilder) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 3, 2, -1);
  const Ranks one;
  std::atomic<std::uint64_t> done{0};
  const LevelBuilder builder(space, true, RankHooks(one, &done, nullptr));
  const std::vector<Level> whole = OneProcess(space, 6);
  Level level = builder.First();
  while (level.sum < 6) {
    level = BuildOwnedShards(one, builder, level, done);
    for (int s = 0; s < kShardCount; ++s)
      ASSERT_EQ(level.shards[s].keys, whole[static_cast<std::size_t>(level.sum)].shards[s].keys);
  }
  EXPECT_EQ(one.exchanged_bytes(), 0u);
}

}  // namespace
}  // namespace seki
