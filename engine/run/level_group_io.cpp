// Counting and cataloguing a level spread over ranks; loading the owned shards of a saved level.
#include "engine/run/level_group_io.hpp"

#include <tbb/parallel_sort.h>

#include <algorithm>
#include <cstddef>
#include <utility>

#include "engine/level/level_parts.hpp"
#include "engine/run/part_files.hpp"
#include "storage/wide_key.hpp"

namespace seki {

namespace {

// size - 1 keys (`words` words each, one after another) that cut the key space into ranges of
// about equal numbers of entries: from kSamples evenly spaced keys of every rank's sorted entries.
// The same on every rank; fewer when the ranks have fewer entries in all.
std::vector<std::uint64_t> KeySplitters(const Ranks& group, const std::vector<KeyedEntry>& sorted,
                                        int words) {
  constexpr std::size_t kSamples = 64;
  const auto w = static_cast<std::size_t>(words);
  const std::size_t samples = std::min(kSamples, sorted.size());
  std::vector<std::uint64_t> mine(1 + kSamples * w, 0);  // how many samples, then their keys
  mine[0] = samples;
  for (std::size_t i = 0; i < samples; ++i) {
    const std::uint64_t* key = sorted[i * sorted.size() / samples].first;
    std::copy(key, key + words, mine.begin() + static_cast<std::ptrdiff_t>(1 + i * w));
  }
  const std::vector<std::uint64_t> all = group.AllGather(mine);
  std::vector<const std::uint64_t*> keys;
  for (std::size_t at = 0; at < all.size(); at += mine.size())
    for (std::size_t i = 0; i < all[at]; ++i) keys.push_back(all.data() + at + 1 + i * w);
  std::sort(keys.begin(), keys.end(),
            [words](const auto* x, const auto* y) { return KeyWordsLess(x, y, words); });
  std::vector<std::uint64_t> splitters;
  if (keys.empty()) return splitters;
  for (int r = 1; r < group.size(); ++r) {
    const std::uint64_t* key = keys[r * keys.size() / group.size()];
    splitters.insert(splitters.end(), key, key + words);
  }
  return splitters;
}

// The entries of the catalogues of a level spread over ranks, moved so that rank r holds the r-th
// range of keys: records of the key's words and the value, held in *records; sorted by key.
std::vector<KeyedEntry> EntriesOfMyRange(const Ranks& group, const std::vector<KeyedEntry>& mine,
                                         int words, std::vector<std::uint64_t>* records) {
  const std::vector<std::uint64_t> splitters = KeySplitters(group, mine, words);
  const std::size_t ranges = splitters.size() / static_cast<std::size_t>(words) + 1;
  std::vector<std::uint64_t> per_rank(group.size(), 0);  // words to each rank
  records->clear();
  records->reserve(mine.size() * static_cast<std::size_t>(words + 1));
  std::size_t r = 0;  // entries are in key order, so their ranks only go up
  for (const auto& [key, value] : mine) {
    while (r + 1 < ranges && !KeyWordsLess(key, splitters.data() + r * words, words)) ++r;
    per_rank[r] += static_cast<std::uint64_t>(words) + 1;
    records->insert(records->end(), key, key + words);
    records->push_back(value.bits);
  }
  *records = group.Exchange(*records, per_rank);
  std::vector<KeyedEntry> entries;
  for (std::size_t at = 0; at < records->size(); at += static_cast<std::size_t>(words) + 1)
    entries.emplace_back(records->data() + at,
                         PackedOutcome{static_cast<std::uint8_t>((*records)[at + words])});
  tbb::parallel_sort(entries.begin(), entries.end(), [words](const auto& x, const auto& y) {
    return KeyWordsLess(x.first, y.first, words);
  });
  return entries;
}

}  // namespace

LevelCounts CatalogueLevel(const Ranks& group, const HeldLevel& level,
                           const EnumerationSpace& space, bool solved, bool outcomes,
                           CatalogueLists lists, CatalogueWriter* writer) {
  if (group.size() == 1) {
    if (level.in_parts()) return writer->AddLevel(level);  // always solving
    if (!solved) return CountClasses(level.whole, space);
    return writer ? writer->AddLevel(level.whole)
                  : RenderLevel(level.whole, space, outcomes).counts;
  }

  LevelCounts counts;
  counts.sum = level.sum();
  // The classes the catalogues need (solving), and what they count on the way.
  LevelTally tally;
  std::vector<std::uint64_t> keys;  // a level by groups: the keys its entries point to
  std::vector<KeyedEntry> selected;
  if (solved)
    selected = TakeEntries(level, space, outcomes, lists, &tally, &keys);
  else
    tally.starting = CountClasses(level.whole, space).starting;
  // Summed over the ranks: classes, the tally (starting, seki, unlisted by height), the members.
  std::vector<std::uint64_t> sums = {level.size(), tally.starting, tally.seki[0], tally.seki[1]};
  for (const auto& game : tally.unlisted) sums.insert(sums.end(), game.begin(), game.end());
  const std::size_t members_at = sums.size();
  sums.resize(members_at + 6, 0);
  LevelText text;
  if (solved) {
    // Moved so that rank r holds the r-th range of keys.
    std::vector<std::uint64_t> records;
    const std::vector<KeyedEntry> entries =
        EntriesOfMyRange(group, selected, space.key_words, &records);
    selected = {};

    // Each rank renders its range; rank 0 appends the ranges in rank order, i.e. in key order.
    text = RenderKeyedLines(entries, space, outcomes, lists == CatalogueLists::kAll);
    for (std::string& file : text.files) file = group.GatherText(std::move(file));
    for (int g = 0; g < 2; ++g)
      for (int k = 0; k < 3; ++k) sums[members_at + g * 3 + k] = text.counts.members[g][k];
  }
  group.SumAll(sums);
  counts.classes = sums[0];
  std::size_t at = 1;
  tally.starting = sums[at++];
  for (auto& seki : tally.seki) seki = sums[at++];
  for (auto& game : tally.unlisted)
    for (auto& n : game) n = sums[at++];
  counts.starting = tally.starting;
  for (int g = 0; g < 2; ++g)
    for (int k = 0; k < 3; ++k) counts.members[g][k] = sums[members_at + g * 3 + k];
  SekiMembersFromTally(tally, lists, counts);
  if (writer && solved) {
    writer->AddText(text);
    writer->AddSekiCounts(counts.sum, tally);
  }
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

std::optional<CompactLevel> LoadOwnedGroups(const EnumerationSpace& space,
                                            const std::filesystem::path& dir,
                                            const std::vector<std::string>& files, ShardRange owned,
                                            const LevelFileParams& params, std::string* why) {
  const int writers = static_cast<int>(files.size());
  const auto mine = [owned](std::uint64_t key) { return owned.Contains(ShardOf(key)); };
  std::vector<std::vector<CompactPart>> pieces;
  int sum = -1;
  for (int q = 0; q < writers; ++q) {
    const ShardRange held = ShardBlock(q, writers);
    if (!held.Overlaps(owned)) continue;
    std::optional<CompactLevel> file = ReadGroupedLevel(space, dir / files[q], params, why);
    if (!file) return std::nullopt;
    if (sum >= 0 && file->sum != sum) {
      if (why)
        *why =
            files[q] + ": level " + std::to_string(file->sum) + ", expected " + std::to_string(sum);
      return std::nullopt;
    }
    sum = file->sum;
    if (!(owned.first <= held.first && held.last <= owned.last))
      for (CompactPart& group : file->parts) group = ClassesWhere(group, mine);
    pieces.push_back(std::move(file->parts));
  }
  if (sum < 0) {
    if (why) *why = "no level file";
    return std::nullopt;
  }
  return MergedGroupedLevel(sum, std::move(pieces));
}

std::optional<HeldLevel> LoadSavedLevel(const std::filesystem::path& dir,
                                        const std::vector<std::string>& files, ShardRange owned,
                                        const LevelFileParams& params, std::string* why) {
  if (files.empty() || !PartFiles::IsPartName(files[0])) {
    std::optional<Level> level = LoadOwnedShards(dir, files, owned, params, why);
    if (!level) return std::nullopt;
    return HeldLevel(std::move(*level));
  }
  const EnumerationSpace space =
      EnumerationSpace::Make(params.rows, params.cols, params.max_entry, params.max_sum);
  // One process's part files by groups: left on disk, read again while the next level is built.
  if (files[0].find(".rank-") == std::string::npos) {
    std::string reason;
    std::optional<HeldLevel> held = ReadPartFilesOnDisk(dir, space, files, params, &reason);
    if (held) return held;
    if (!reason.empty()) {
      if (why) *why = reason;
      return std::nullopt;
    }
  }
  std::optional<CompactLevel> level = ReadPartFiles(dir, space, files, params, owned, why);
  if (!level) return std::nullopt;
  HeldLevel held(std::move(*level));
  // One process's part files (PartFiles::Names of one rank): read again while the next level is
  // built, when they are by groups (PartStore::Reloads).
  if (files[0].find(".rank-") == std::string::npos)
    held.kept_parts = static_cast<int>(files.size());
  return held;
}

}  // namespace seki
