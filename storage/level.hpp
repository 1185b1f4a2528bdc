// Level: every class of m x n matrices with one total sum (zero lines included), split into
// shards by a hash of the canonical key; a shard holds its keys sorted and one PackedOutcome per
// class (meaningful for classes with no zero line). A level is the unit of work and persistence.
// Keys are one 64-bit word (key_words == 1: every region up to 64 key bits) or, past 64 bits,
// key_words words per class stored one after another, most significant first (WideKeyCodec).
// Concurrency: immutable once built; any number of threads may read it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/base/host_device.hpp"
#include "engine/base/outcome.hpp"

namespace seki {

inline constexpr int kShardBits = 8;
inline constexpr int kShardCount = 1 << kShardBits;

// The shard of a key: a fixed function of the key alone, so a run could be split across processes
// by shard (shard % mod == res) and the result never depends on the thread count.
// The shard is the top byte of key * kShardMultiplier, a bijection of 64-bit words (the thrust
// engine keeps its levels in the order of that product: engine/gpu/gpu_class.hpp).
inline constexpr std::uint64_t kShardMultiplier = 0x9E3779B97F4A7C15ull;
SEKI_HD inline int ShardOf(std::uint64_t key) {
  return static_cast<int>((key * kShardMultiplier) >> (64 - kShardBits));
}

struct LevelShard {
  std::vector<std::uint64_t> keys;    // sorted, distinct (key_words words per class)
  std::vector<PackedOutcome> values;  // values[k] belongs to the k-th key
};

struct Level {
  int sum = 0;
  int key_words = 1;  // words per key (Find and SortedKeys need 1)
  std::array<LevelShard, kShardCount> shards;

  std::size_t size() const {
    std::size_t n = 0;
    for (const auto& s : shards) n += s.keys.size();
    return n / static_cast<std::size_t>(key_words);
  }
  // The words of the k-th key of a shard.
  const std::uint64_t* KeyAt(int shard, std::size_t k) const {
    return shards[shard].keys.data() + k * static_cast<std::size_t>(key_words);
  }
  std::size_t bytes() const {
    std::size_t n = 0;
    for (const auto& s : shards)
      n += s.keys.capacity() * sizeof(std::uint64_t) + s.values.capacity() * sizeof(PackedOutcome);
    return n;
  }
  std::optional<PackedOutcome> Find(std::uint64_t key) const {
    const LevelShard& s = shards[ShardOf(key)];
    auto it = std::lower_bound(s.keys.begin(), s.keys.end(), key);
    if (it == s.keys.end() || *it != key) return std::nullopt;
    return s.values[it - s.keys.begin()];
  }
  // Every key of the level in increasing order.
  std::vector<std::uint64_t> SortedKeys() const {
    std::vector<std::uint64_t> all;
    all.reserve(size());
    for (const auto& s : shards) all.insert(all.end(), s.keys.begin(), s.keys.end());
    std::sort(all.begin(), all.end());
    return all;
  }
};

}  // namespace seki
