// The level engine for keys wider than 56 bits: push every child's canonical key with its
// contribution, then sort and merge each shard (engine/level/wide_level.hpp).
#include "engine/level/wide_level.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <numeric>

#include "canon/canonical_form.hpp"
#include "engine/base/rules.hpp"

namespace seki {

namespace {

// The contribution of a parent to the player who moves from its child down to it (spec section 2);
// the same rule as the 64-bit engine's, read from the matrix.
PackedOutcome ContributionOf(const Matrix& parent, PackedOutcome parent_value) {
  if (auto terminal = TerminalSolution(parent.has_zero_row(), parent.has_zero_col()))
    return MoveContribution(*terminal);
  return MoveContribution(Solution::From(parent_value));
}

// Appends a class to a shard, or ORs its value into the last class when the key is the same.
void AppendOrMerge(LevelShard& to, const std::uint64_t* key, int words, PackedOutcome value) {
  if (!to.values.empty() && std::equal(key, key + words, to.keys.end() - words)) {
    to.values.back().bits |= value.bits;
    return;
  }
  to.keys.insert(to.keys.end(), key, key + words);
  to.values.push_back(value);
}

}  // namespace

Level WideLevelBuilder::First() const {
  Level level;
  level.key_words = codec_.words();
  std::uint64_t key[WideKeyCodec::kMaxWords];
  codec_.Pack(Matrix(codec_.rows(), codec_.cols()), key);
  LevelShard& shard = level.shards[ShardOfWords(key, level.key_words)];
  shard.keys.assign(key, key + level.key_words);
  shard.values.push_back(PackedOutcome{});
  return level;
}

void WideLevelBuilder::PushChildren(const std::uint64_t* parent, PackedOutcome value,
                                    ShardBuckets& out) const {
  const int words = codec_.words();
  const Matrix a = codec_.Unpack(parent);
  const std::uint64_t contribution = ContributionOf(a, value).bits;
  std::uint64_t key[WideKeyCodec::kMaxWords];
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) {
      if (a(i, j) >= max_entry_) continue;
      Matrix child = a;
      child.set(i, j, a(i, j) + 1);
      codec_.Pack(canon::CanonicalForm(child), key);
      std::vector<std::uint64_t>& to = out[ShardOfWords(key, words)];
      to.insert(to.end(), key, key + words);
      to.push_back(contribution);
    }
}

Level WideLevelBuilder::Next(const Level& previous) const {
  Level next;
  next.sum = previous.sum + 1;
  next.key_words = codec_.words();
  if (next.sum > max_sum_) return next;
  tbb::enumerable_thread_specific<ShardBuckets> buckets;
  tbb::parallel_for(0, kShardCount, [&](int shard) {
    const LevelShard& from = previous.shards[shard];
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, from.values.size(), 256),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        for (std::size_t k = range.begin(); k != range.end(); ++k)
                          PushChildren(previous.KeyAt(shard, k), from.values[k], buckets.local());
                      });
  });
  WideAssembly assembly(next.key_words);
  tbb::parallel_for(0, kShardCount, [&](int shard) {
    for (ShardBuckets& b : buckets) {
      assembly.Absorb(shard, b[shard].data(), b[shard].size());
      std::vector<std::uint64_t>().swap(b[shard]);
    }
    assembly.Finish(shard, next.shards[shard]);
  });
  return next;
}

void WideAssembly::Absorb(int shard, const std::uint64_t* words, std::size_t count) {
  std::vector<std::uint64_t>& waiting = waiting_[shard];
  waiting.insert(waiting.end(), words, words + count);
  const std::size_t records = waiting.size() / static_cast<std::size_t>(words_ + 1);
  if (records >= std::max(fewest_, merged_[shard].values.size())) Merge(shard);
}

void WideAssembly::Finish(int shard, LevelShard& to) {
  Merge(shard);
  to = std::move(merged_[shard]);
  merged_[shard] = {};
}

void WideAssembly::Merge(int shard) {
  std::vector<std::uint64_t> records;
  records.swap(waiting_[shard]);
  const std::size_t stride = static_cast<std::size_t>(words_) + 1, count = records.size() / stride;
  if (count == 0) return;
  const auto key_of = [&](std::size_t r) { return records.data() + r * stride; };
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return KeyWordsLess(key_of(x), key_of(y), words_);
  });

  // The new records in key order, equal keys merged, then merged with the shard's classes.
  LevelShard fresh;
  for (std::size_t r : order)
    AppendOrMerge(fresh, key_of(r), words_,
                  PackedOutcome{static_cast<std::uint8_t>(key_of(r)[words_])});
  records = {};
  order = {};
  LevelShard& old = merged_[shard];
  if (old.values.empty()) {
    old = std::move(fresh);
    return;
  }
  LevelShard both;
  both.keys.reserve(old.keys.size() + fresh.keys.size());
  both.values.reserve(old.values.size() + fresh.values.size());
  std::size_t i = 0, j = 0;
  const auto w = static_cast<std::size_t>(words_);
  while (i < old.values.size() || j < fresh.values.size()) {
    const bool take_old = j == fresh.values.size() ||
                          (i < old.values.size() && !KeyWordsLess(fresh.keys.data() + j * w,
                                                                  old.keys.data() + i * w, words_));
    if (take_old) {
      AppendOrMerge(both, old.keys.data() + i * w, words_, old.values[i]);
      ++i;
    } else {
      AppendOrMerge(both, fresh.keys.data() + j * w, words_, fresh.values[j]);
      ++j;
    }
  }
  old = std::move(both);
}

}  // namespace seki
