// Counting and cataloguing a level spread over ranks; loading the owned shards of a saved level.
#include "engine/run/level_group_io.hpp"

#include <tbb/parallel_sort.h>

#include <algorithm>
#include <utility>

namespace seki {

namespace {

// Records (key << 8 | value) of the classes of the level that the catalogue writer needs, sorted.
std::vector<PushRecord> WantedRecords(const Level& level, const KeyCodec& codec, bool outcomes) {
  std::vector<PushRecord> records;
  for (const LevelShard& shard : level.shards)
    for (std::size_t k = 0; k < shard.keys.size(); ++k)
      if (!codec.HasZeroLine(shard.keys[k]) && SelectedForCatalogues(shard.values[k], outcomes))
        records.push_back(shard.keys[k] << kOfferBits | shard.values[k].bits);
  tbb::parallel_sort(records.begin(), records.end());
  return records;
}

// size - 1 keys that cut the key space into ranges of about equal numbers of records: from
// kSamples evenly spaced keys of every rank's sorted records. The same on every rank.
std::vector<std::uint64_t> KeySplitters(const RunGroup& group,
                                        const std::vector<PushRecord>& sorted) {
  constexpr std::size_t kSamples = 64;
  std::vector<std::uint64_t> mine(kSamples, ~std::uint64_t{0});  // none: past every key
  for (std::size_t i = 0; i < kSamples && !sorted.empty(); ++i)
    mine[i] = sorted[i * sorted.size() / kSamples] >> kOfferBits;
  std::vector<std::uint64_t> all = group.AllGather(mine);
  std::sort(all.begin(), all.end());
  std::vector<std::uint64_t> splitters;
  const std::size_t real = all.size() - std::count(all.begin(), all.end(), ~std::uint64_t{0});
  for (int r = 1; r < group.size(); ++r) splitters.push_back(all[r * real / group.size()]);
  return splitters;
}

}  // namespace

LevelCounts CatalogueLevel(const RunGroup& group, const Level& level, const EnumerationSpace& space,
                           bool solved, bool outcomes, CatalogueWriter* writer) {
  if (group.size() == 1) return writer ? writer->AddLevel(level) : CountClasses(level, space);

  const KeyCodec& codec = space.codec;  // ranks run keys of one word only (Run refuses wider)
  LevelCounts counts = CountClasses(level, space);
  std::vector<std::uint64_t> sums = {counts.classes, counts.starting, 0, 0, 0, 0, 0, 0};
  if (solved) {
    // The classes the catalogues need, moved so that rank r holds the r-th range of keys.
    std::vector<PushRecord> records = WantedRecords(level, codec, outcomes);
    const std::vector<std::uint64_t> splitters = KeySplitters(group, records);
    std::vector<std::uint64_t> per_rank(group.size(), 0);
    for (const PushRecord r : records)
      ++per_rank[std::upper_bound(splitters.begin(), splitters.end(), r >> kOfferBits) -
                 splitters.begin()];
    records = group.Exchange(records, per_rank);
    std::vector<CatalogueEntry> entries;
    entries.reserve(records.size());
    for (const PushRecord r : records)
      entries.emplace_back(r >> kOfferBits, PackedOutcome{static_cast<std::uint8_t>(r & 0xFF)});
    records = {};
    tbb::parallel_sort(entries.begin(), entries.end(),
                       [](const auto& x, const auto& y) { return x.first < y.first; });

    // Each rank renders its range; rank 0 appends the ranges in rank order, i.e. in key order.
    LevelText text = RenderCatalogueLines(entries, codec, outcomes);
    for (std::string& file : text.files) file = group.GatherText(std::move(file));
    if (writer) writer->AddText(text);
    for (int g = 0; g < 2; ++g)
      for (int k = 0; k < 3; ++k) sums[2 + g * 3 + k] = text.counts.members[g][k];
  }
  group.SumAll(sums);
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
    level.key_words = file->key_words;
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
