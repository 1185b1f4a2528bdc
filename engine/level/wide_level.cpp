// The level engine for keys wider than 56 bits: push every child's canonical key with its offer,
// then sort and merge each shard (engine/level/wide_level.hpp).
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

// What a parent offers the player who moves from its child down to it (spec section 2); the
// same rule as the 64-bit engine's, read from the matrix.
PackedOutcome OfferOf(const Matrix& parent, PackedOutcome parent_value) {
  if (auto terminal = TerminalSolution(parent.has_zero_row(), parent.has_zero_col()))
    return MoveContribution(*terminal);
  return MoveContribution(Solution::From(parent_value));
}

// Pushed records by destination shard: each record is the child's key words, then its offer.
using WideBuckets = std::array<std::vector<std::uint64_t>, kShardCount>;

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

Level WideLevelBuilder::Next(const Level& previous) const {
  Level next;
  next.sum = previous.sum + 1;
  const int words = next.key_words = codec_.words();
  if (next.sum > max_sum_) return next;
  const std::size_t stride = static_cast<std::size_t>(words) + 1;

  // Push: every parent's children, canonicalised, to the shard of their key.
  tbb::enumerable_thread_specific<WideBuckets> buckets;
  tbb::parallel_for(0, kShardCount, [&](int shard) {
    const LevelShard& from = previous.shards[shard];
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, from.values.size(), 256),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        WideBuckets& out = buckets.local();
                        std::uint64_t key[WideKeyCodec::kMaxWords];
                        for (std::size_t k = range.begin(); k != range.end(); ++k) {
                          const Matrix a = codec_.Unpack(previous.KeyAt(shard, k));
                          const std::uint64_t offer = OfferOf(a, from.values[k]).bits;
                          for (int i = 0; i < a.rows(); ++i)
                            for (int j = 0; j < a.cols(); ++j) {
                              if (a(i, j) >= max_entry_) continue;
                              Matrix child = a;
                              child.set(i, j, a(i, j) + 1);
                              codec_.Pack(canon::CanonicalForm(child), key);
                              std::vector<std::uint64_t>& to = out[ShardOfWords(key, words)];
                              to.insert(to.end(), key, key + words);
                              to.push_back(offer);
                            }
                        }
                      });
  });

  // Each shard: its records in key order, equal keys merged by ORing their offers.
  tbb::parallel_for(0, kShardCount, [&](int shard) {
    std::vector<std::uint64_t> records;
    for (WideBuckets& b : buckets) {
      records.insert(records.end(), b[shard].begin(), b[shard].end());
      std::vector<std::uint64_t>().swap(b[shard]);
    }
    const std::size_t count = records.size() / stride;
    const auto key_of = [&](std::size_t r) { return records.data() + r * stride; };
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
      return std::lexicographical_compare(key_of(x), key_of(x) + words, key_of(y),
                                          key_of(y) + words);
    });
    LevelShard& to = next.shards[shard];
    for (std::size_t r : order) {
      const std::uint64_t* key = key_of(r);
      const auto offer = static_cast<std::uint8_t>(key[words]);
      if (!to.values.empty() && std::equal(key, key + words, to.keys.end() - words)) {
        to.values.back().bits |= offer;
        continue;
      }
      to.keys.insert(to.keys.end(), key, key + words);
      to.values.push_back(PackedOutcome{offer});
    }
  });
  return next;
}

}  // namespace seki
