// BoundsTable: one game's transposition table of the search engine for one shape (one byte of
// bounds per class, keyed by the canonical form), split into shards with a lock each so that the
// workers of one game (R's and C's tests at once) share it, and kept under a byte budget by
// emptying the shard that would outgrow it (a drop: the search stays exact, only slower).
// Concurrency: every method may be called by any number of threads at once. Entries only ever
// tighten (Update merges under the shard's lock), so what one worker stores is true for all.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "storage/packed_memo.hpp"

namespace seki {

class BoundsTable {
 public:
  static constexpr int kShardBits = 6;
  static constexpr int kShards = 1 << kShardBits;
  static constexpr std::size_t kShardCapacity = 64;

  BoundsTable(int rows, int cols, std::size_t budget_bytes);

  // Bytes the table needs at least: every shard empty and one of them growing.
  static std::size_t MinimumBytes(int rows, int cols);

  bool Holds(int rows, int cols) const { return rows == rows_ && cols == cols_; }
  std::optional<std::uint8_t> Find(const std::uint64_t* key) const {
    Shard& shard = ShardOf(key);
    std::lock_guard lock(shard.mutex);
    return shard.memo.Find(key);
  }

  // Sets key's byte to update(old) (old: std::nullopt when absent) under the shard's lock. A new
  // entry that would make the table outgrow its budget first empties its shard.
  template <class F>
  void Update(const std::uint64_t* key, F&& update) {
    Shard& shard = ShardOf(key);
    std::lock_guard lock(shard.mutex);
    const std::optional<std::uint8_t> old = shard.memo.Find(key);
    const std::uint8_t value = update(old);
    if (old) {
      shard.memo.Assign(key, value);
      return;
    }
    if (shard.memo.WouldGrow()) Grow(shard);
    shard.memo.Insert(key, value);
    size_.fetch_add(1, std::memory_order_relaxed);
  }

  std::size_t size() const { return size_.load(std::memory_order_relaxed); }
  std::size_t bytes() const { return bytes_.load(std::memory_order_relaxed); }
  std::uint64_t drops() const { return drops_.load(std::memory_order_relaxed); }

 private:
  struct Shard {
    std::mutex mutex;
    PackedMemo memo;
    explicit Shard(int words) : memo(words, kShardCapacity) {}
  };

  Shard& ShardOf(const std::uint64_t* key) const;
  // Called with the shard's lock held, before an insert that doubles it.
  void Grow(Shard& shard);

  const int rows_, cols_, words_;
  const std::size_t budget_;
  std::unique_ptr<std::unique_ptr<Shard>[]> shards_;
  std::atomic<std::size_t> size_{0}, bytes_{0};
  std::atomic<std::uint64_t> drops_{0};
};

}  // namespace seki
