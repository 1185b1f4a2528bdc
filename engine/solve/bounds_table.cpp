// The sharded table of bounds of one game and shape.
#include "engine/solve/bounds_table.hpp"

#include "engine/solve/shape_memos.hpp"

namespace seki {

BoundsTable::BoundsTable(int rows, int cols, std::size_t budget_bytes)
    : rows_(rows),
      cols_(cols),
      words_(MemoKey::Words(rows, cols)),
      budget_(budget_bytes),
      shards_(std::make_unique<std::unique_ptr<Shard>[]>(kShards)) {
  for (int s = 0; s < kShards; ++s) {
    shards_[s] = std::make_unique<Shard>(words_);
    bytes_.fetch_add(shards_[s]->memo.bytes(), std::memory_order_relaxed);
  }
}

std::size_t BoundsTable::MinimumBytes(int rows, int cols) {
  const std::size_t shard = PackedMemo(MemoKey::Words(rows, cols), kShardCapacity).bytes();
  return (kShards + 2) * shard;
}

BoundsTable::Shard& BoundsTable::ShardOf(const std::uint64_t* key) const {
  std::uint64_t h = 0x2545F4914F6CDD1Dull;
  for (int w = 0; w < words_; ++w) h = (h ^ key[w]) * 0x9E3779B97F4A7C15ull;
  return *shards_[h >> (64 - kShardBits)];
}

void BoundsTable::Grow(Shard& shard) {
  // While growing, the shard holds its old and its new (twice as large) arrays.
  const std::size_t now = shard.memo.bytes();
  std::size_t total = bytes_.load(std::memory_order_relaxed);
  while (total + shard.memo.GrowthBytes() <= budget_) {
    if (bytes_.compare_exchange_weak(total, total + now, std::memory_order_relaxed)) return;
  }
  size_.fetch_sub(shard.memo.size(), std::memory_order_relaxed);
  shard.memo = PackedMemo(words_, kShardCapacity);
  bytes_.fetch_sub(now - shard.memo.bytes(), std::memory_order_relaxed);
  drops_.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace seki
