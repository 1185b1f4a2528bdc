// Counting and cataloguing a level spread over ranks; loading the owned shards of a saved level.
#include "engine/run/level_group_io.hpp"

#include <algorithm>
#include <utility>

namespace seki {

namespace {

// Whether the catalogue writer needs the class: every starting class for outcomes.txt, otherwise
// the members of some catalogue.
bool Wanted(const PackedOutcome value, bool outcomes) {
  if (outcomes) return true;
  const Solution v = Solution::From(value);
  for (Game g : kGames)
    for (CatalogueKind kind : kCatalogueKinds)
      if (IsMember(v[g], kind)) return true;
  return false;
}

}  // namespace

LevelCounts CatalogueLevel(const RunGroup& group, const Level& level, const KeyCodec& codec,
                           bool solved, bool outcomes, CatalogueWriter* writer) {
  if (group.size() == 1) return writer ? writer->AddLevel(level) : CountClasses(level, codec);

  LevelCounts counts = CountClasses(level, codec);
  std::vector<std::uint64_t> sums = {counts.classes, counts.starting, 0, 0, 0, 0, 0, 0};
  if (solved) {
    std::vector<PushRecord> records;  // key << 8 | value, shard by shard: sorted within a shard
    for (const LevelShard& shard : level.shards)
      for (std::size_t k = 0; k < shard.keys.size(); ++k)
        if (!codec.HasZeroLine(shard.keys[k]) && Wanted(shard.values[k], outcomes))
          records.push_back(shard.keys[k] << kOfferBits | shard.values[k].bits);
    records = group.GatherToRoot(std::move(records));
    if (group.root()) {
      // The ranks own disjoint shards, so each shard's keys arrive from one rank, sorted.
      Level wanted;
      wanted.sum = level.sum;
      for (const PushRecord r : records) {
        LevelShard& shard = wanted.shards[ShardOf(r >> kOfferBits)];
        shard.keys.push_back(r >> kOfferBits);
        shard.values.push_back(PackedOutcome{static_cast<std::uint8_t>(r & 0xFF)});
      }
      records = {};
      const LevelCounts written = writer->AddLevel(wanted);
      for (int g = 0; g < 2; ++g)
        for (int k = 0; k < 3; ++k) sums[2 + g * 3 + k] = written.members[g][k];
    }
  }
  group.SumAll(sums);  // the members are counted on rank 0 only
  counts.classes = sums[0];
  counts.starting = sums[1];
  for (int g = 0; g < 2; ++g)
    for (int k = 0; k < 3; ++k) counts.members[g][k] = sums[2 + g * 3 + k];
  return counts;
}

std::optional<Level> LoadOwnedShards(const std::filesystem::path& dir,
                                     const std::vector<std::string>& files, ShardRange owned,
                                     const LevelFileParams& params, std::string* why) {
  Level level;
  level.sum = -1;
  const int writers = static_cast<int>(files.size());
  for (int q = 0; q < writers; ++q) {
    const ShardRange held = ShardBlock(q, writers);
    if (!held.Overlaps(owned)) continue;
    std::optional<Level> file = ReadLevelFile(dir / files[q], params, why);
    if (!file) return std::nullopt;
    if (level.sum >= 0 && file->sum != level.sum) {
      if (why)
        *why = files[q] + ": level " + std::to_string(file->sum) + ", expected " +
               std::to_string(level.sum);
      return std::nullopt;
    }
    level.sum = file->sum;
    for (int s = std::max(held.first, owned.first); s < std::min(held.last, owned.last); ++s)
      level.shards[s] = std::move(file->shards[s]);
  }
  if (level.sum < 0) {  // no file holds an owned shard (a level with no files)
    if (why) *why = "no level file";
    return std::nullopt;
  }
  return level;
}

}  // namespace seki
