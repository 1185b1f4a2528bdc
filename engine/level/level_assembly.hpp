// Level assembly: the pushed records of the solving step and the per-shard tables that absorb
// them into the classes of the new level (keys deduplicated, contributions ORed). LevelAssembly
// holds records of one word (a key of up to 56 bits above its contribution byte); WideAssembly
// (engine/level/wide_level.hpp) holds the wide engine's records of several words. The level
// builder and the distributed exchange use either through ShardAssembly.
// Concurrency: Absorb and Finish of one shard must not run at the same time; different shards may.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "storage/flat_key_table.hpp"
#include "storage/level.hpp"

namespace seki {

// A record pushed to the shard of a child: its canonical key above one byte of contributions (the
// wide engine's records are several such words: the key's words, then the contribution).
using PushRecord = std::uint64_t;
inline constexpr int kContributionBits = 8;
// Records by destination shard (one set per thread while pushing).
using ShardBuckets = std::array<std::vector<PushRecord>, kShardCount>;

class ShardAssembly {
 public:
  virtual ~ShardAssembly() = default;
  // `count` words of whole records for `shard`.
  virtual void Absorb(int shard, const std::uint64_t* words, std::size_t count) = 0;
  // The shard's sorted keys and values; frees what it held.
  virtual void Finish(int shard, LevelShard& to) = 0;
};

// One-word records: a hash table per shard.
class LevelAssembly final : public ShardAssembly {
 public:
  // Tables sized for a level of about `expected_classes` classes (they grow if it has more); a
  // shard's table exists from its first records until Finish.
  explicit LevelAssembly(std::uint64_t expected_classes);
  void Absorb(int shard, const std::uint64_t* records, std::size_t count) override;
  void Finish(int shard, LevelShard& to) override;

 private:
  std::vector<std::unique_ptr<FlatKeyTable>> tables_;  // [shard], null until its first records
  std::size_t capacity_ = 0;                           // keys a table is made for
};

}  // namespace seki
