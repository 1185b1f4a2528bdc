// The take of a level: its classes with lines (SelectedForCatalogues) in key order, counted and
// rendered in batches (CatalogueWriter::AddLevel), and their tally.
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/matrix_text.hpp"
#include "engine/level/catalogue.hpp"

namespace seki {

namespace {

// The first index in [from, to) of shard `s` whose key is greater than `bound` (to if none).
std::size_t UpperBound(const Level& level, int s, std::size_t from, std::size_t to,
                       const std::uint64_t* bound) {
  while (from < to) {
    const std::size_t mid = from + (to - from) / 2;
    if (KeyWordsLess(bound, level.KeyAt(s, mid), level.key_words))
      to = mid;
    else
      from = mid + 1;
  }
  return from;
}

// One class as the catalogues take it: a starting class is counted in `tally` (and, when `lists`
// lists complete seki only, a seki that is neither complete nor semi-complete by game and height);
// returns whether it gets a line (SelectedForCatalogues).
bool TakeClass(const EnumerationSpace& space, const std::uint64_t* key, PackedOutcome value,
               bool outcomes, CatalogueLists lists, LevelTally& tally) {
  if (space.HasZeroLine(key)) return false;
  ++tally.starting;
  if (lists == CatalogueLists::kComplete) {
    const Solution v = Solution::From(value);
    for (Game g : kGames) {
      if (!v[g].is_seki()) continue;
      ++tally.seki[static_cast<int>(g)];
      if (!IsMember(v[g], CatalogueKind::kComplete) &&
          !IsMember(v[g], CatalogueKind::kSemiComplete))
        ++tally.unlisted[static_cast<int>(g)][space.Unpack(key).height()];
    }
  }
  return SelectedForCatalogues(value, outcomes, lists);
}

// Calls on_batch(entries) for consecutive key ranges of `level`, in increasing key: the range's
// selected starting classes (SelectedForCatalogues) sorted by key. A range ends at the smallest key
// that lies `step` classes ahead in some shard, so it holds at most step + 1 classes of every shard
// (a shard's keys are all distinct from the others'). Returns the level's tally.
template <class OnBatch>
LevelTally ForEachKeyRange(const Level& level, const EnumerationSpace& space, bool outcomes,
                           CatalogueLists lists, std::size_t step, OnBatch&& on_batch) {
  const int words = level.key_words;
  std::array<std::size_t, kShardCount> at{}, end{};
  std::array<std::vector<KeyedEntry>, kShardCount> selected;
  std::vector<LevelTally> tallies(kShardCount);  // per shard, over the whole level
  const auto size = [&](int s) { return level.shards[s].values.size(); };
  for (bool done = false; !done;) {
    const std::uint64_t* bound = nullptr;  // none: the rest of every shard
    for (int s = 0; s < kShardCount; ++s)
      if (at[s] + step < size(s)) {
        const std::uint64_t* key = level.KeyAt(s, at[s] + step);
        if (!bound || KeyWordsLess(key, bound, words)) bound = key;
      }
    tbb::parallel_for(0, kShardCount, [&](int s) {
      end[s] = bound ? UpperBound(level, s, at[s], size(s), bound) : size(s);
      selected[s].clear();
      LevelTally& tally = tallies[s];
      for (std::size_t k = at[s]; k < end[s]; ++k) {
        const std::uint64_t* key = level.KeyAt(s, k);
        const PackedOutcome value = level.shards[s].values[k];
        if (TakeClass(space, key, value, outcomes, lists, tally))
          selected[s].emplace_back(key, value);
      }
    });
    std::vector<KeyedEntry> entries;
    done = true;
    for (int s = 0; s < kShardCount; ++s) {
      entries.insert(entries.end(), selected[s].begin(), selected[s].end());
      at[s] = end[s];
      done = done && at[s] == size(s);
    }
    tbb::parallel_sort(entries.begin(), entries.end(), [words](const auto& x, const auto& y) {
      return KeyWordsLess(x.first, y.first, words);
    });
    on_batch(entries);
  }
  LevelTally total;
  for (const LevelTally& t : tallies) total.Add(t);
  return total;
}

// The same over a compact level (its parts merged in key order), in batches of `batch` classes.
template <class OnBatch>
LevelTally ForEachKeyRange(const CompactLevel& level, const EnumerationSpace& space, bool outcomes,
                           CatalogueLists lists, std::size_t batch, OnBatch&& on_batch) {
  LevelTally tally;
  std::vector<KeyedEntry> entries;
  ForEachInKeyOrder(level, batch,
                    [&](const std::uint64_t* keys, const PackedOutcome* values, std::size_t n) {
                      entries.clear();
                      for (std::size_t k = 0; k < n; ++k)
                        if (TakeClass(space, &keys[k], values[k], outcomes, lists, tally))
                          entries.emplace_back(&keys[k], values[k]);
                      on_batch(entries);
                    });
  return tally;
}

std::size_t Digits(int n) { return std::to_string(n).size(); }

}  // namespace

LevelCounts CatalogueWriter::AddLevel(const Level& level) {
  return AddLevelFrom(level.sum, level.size(), [&](auto&& on_batch) {
    return ForEachKeyRange(level, space_, write_outcomes_, lists_, kBatchShardClasses, on_batch);
  });
}

LevelCounts CatalogueWriter::AddLevel(const CompactLevel& level) {
  return AddLevelFrom(level.sum, level.size(), [&](auto&& on_batch) {
    return ForEachKeyRange(level, space_, write_outcomes_, lists_, kBatchClasses, on_batch);
  });
}

LevelCounts CatalogueWriter::AddLevel(const HeldLevel& level) {
  if (!level.in_parts()) return AddLevel(level.whole);
  if (!level.on_disk()) return AddLevel(*level.grouped);
  return AddLevelFrom(level.sum(), level.size(), [&](auto&& on_batch) {
    LevelTally tally;
    std::vector<std::uint64_t> keys;
    const std::vector<KeyedEntry> entries =
        TakeEntries(level, space_, write_outcomes_, lists_, &tally, &keys);
    for (std::size_t at = 0; at < entries.size(); at += kBatchClasses) {
      const auto first = entries.begin() + static_cast<std::ptrdiff_t>(at);
      on_batch(std::vector<KeyedEntry>(first, first + static_cast<std::ptrdiff_t>(std::min(
                                                          kBatchClasses, entries.size() - at))));
    }
    return tally;
  });
}

void LevelTally::Add(const LevelTally& t) {
  starting += t.starting;
  for (int g = 0; g < 2; ++g) {
    seki[g] += t.seki[g];
    for (int h = 0; h <= kMaxEntry; ++h) unlisted[g][h] += t.unlisted[g][h];
  }
}

std::vector<KeyedEntry> TakeEntries(const Level& level, const EnumerationSpace& space,
                                    bool outcomes, CatalogueLists lists, LevelTally* tally) {
  std::array<std::vector<KeyedEntry>, kShardCount> selected;
  std::vector<LevelTally> tallies(kShardCount);
  tbb::parallel_for(0, kShardCount, [&](int shard) {
    const LevelShard& s = level.shards[shard];
    for (std::size_t k = 0; k < s.values.size(); ++k) {
      const std::uint64_t* key = level.KeyAt(shard, k);
      if (TakeClass(space, key, s.values[k], outcomes, lists, tallies[shard]))
        selected[shard].emplace_back(key, s.values[k]);
    }
  });
  std::vector<KeyedEntry> entries;
  for (int shard = 0; shard < kShardCount; ++shard) {
    entries.insert(entries.end(), selected[shard].begin(), selected[shard].end());
    tally->Add(tallies[shard]);
  }
  const int words = level.key_words;
  tbb::parallel_sort(entries.begin(), entries.end(), [words](const auto& x, const auto& y) {
    return KeyWordsLess(x.first, y.first, words);
  });
  return entries;
}

std::vector<KeyedEntry> TakeEntries(const HeldLevel& level, const EnumerationSpace& space,
                                    bool outcomes, CatalogueLists lists, LevelTally* tally,
                                    std::vector<std::uint64_t>* keys) {
  if (!level.in_parts()) return TakeEntries(level.whole, space, outcomes, lists, tally);
  struct Taken {
    std::vector<std::pair<std::uint64_t, PackedOutcome>> selected;
    LevelTally tally;
  };
  tbb::enumerable_thread_specific<Taken> taken;
  ForEachHeldBlock(
      level, [&](const std::uint64_t* block_keys, const PackedOutcome* values, std::size_t count) {
        Taken& t = taken.local();
        for (std::size_t k = 0; k < count; ++k)
          if (TakeClass(space, &block_keys[k], values[k], outcomes, lists, t.tally))
            t.selected.emplace_back(block_keys[k], values[k]);
      });
  std::vector<std::pair<std::uint64_t, PackedOutcome>> selected;
  for (Taken& t : taken) {
    tally->Add(t.tally);
    selected.insert(selected.end(), t.selected.begin(), t.selected.end());
  }
  tbb::parallel_sort(selected.begin(), selected.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
  keys->resize(selected.size());
  std::vector<KeyedEntry> entries(selected.size());
  for (std::size_t k = 0; k < selected.size(); ++k) {
    (*keys)[k] = selected[k].first;
    entries[k] = {&(*keys)[k], selected[k].second};
  }
  return entries;
}

void CatalogueWriter::AddSekiCounts(int sum, const LevelTally& tally) {
  if (lists_ != CatalogueLists::kComplete) return;
  for (Game g : kGames) {  // the seki counts file instead of seki.txt
    const int game = static_cast<int>(g);
    std::string text;
    for (int h = 0; h <= kMaxEntry; ++h)
      if (tally.unlisted[game][h] > 0)
        text += SekiCountLine(sum, h, tally.unlisted[game][h]) + '\n';
    Write(files_[game * 3 + static_cast<int>(CatalogueKind::kSeki)], text);
  }
  Flush();
}

void SekiMembersFromTally(const LevelTally& tally, CatalogueLists lists, LevelCounts& counts) {
  if (lists != CatalogueLists::kComplete) return;
  for (int g = 0; g < 2; ++g)
    counts.members[g][static_cast<int>(CatalogueKind::kSeki)] = tally.seki[g];
}

template <class ForEachBatch>
LevelCounts CatalogueWriter::AddLevelFrom(int sum, std::uint64_t classes,
                                          ForEachBatch&& for_each_batch) {
  LevelCounts counts;
  counts.sum = sum;
  counts.classes = classes;
  const bool seki_lines = lists_ == CatalogueLists::kAll;
  const LevelTally tally = for_each_batch([&](const std::vector<KeyedEntry>& entries) {
    const LevelText text = RenderKeyedLines(entries, space_, write_outcomes_, seki_lines);
    Append(text);
    for (int g = 0; g < 2; ++g)
      for (int k = 0; k < 3; ++k) counts.members[g][k] += text.counts.members[g][k];
  });
  counts.starting = tally.starting;
  SekiMembersFromTally(tally, lists_, counts);
  AddSekiCounts(sum, tally);  // flushes
  return counts;
}

double CatalogueWriter::HeldBytesBound(const EnumerationSpace& space, bool outcomes,
                                       std::uint64_t classes) {
  Matrix widest(space.rows, space.cols);  // every entry the largest: the longest matrix text
  for (int i = 0; i < space.rows; ++i)
    for (int j = 0; j < space.cols; ++j) widest.set(i, j, space.max_entry);
  const double matrix = double(FormatMatrix(widest).size());
  // "MATRIX sum=S height=H R=W C=W r=W c=W idsm=yes prime=yes symmetric=yes planar=yes\n"
  const double catalogue_line = matrix + 5 + double(Digits(space.max_sum)) + 8 +
                                double(Digits(space.max_entry)) + 16 + 44 + 1;
  const double outcome_line = matrix + 21 + 1;  // "MATRIX seki=RCrc dseki=RCrc\n"
  const double per_class =
      2 * double(sizeof(KeyedEntry)) + 2 * (4 * catalogue_line + (outcomes ? outcome_line : 0.0));
  const double batch = double(kBatchShardClasses + 1) * kShardCount;
  return per_class * std::min(batch, double(classes));
}

}  // namespace seki
