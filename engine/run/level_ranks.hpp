// The level engine on the ranks of a job (engine/base/ranks.hpp): each rank owns a contiguous
// block of the 256 shards (ShardBlock), builds those shards of every level, pushing its parents in
// batches and sending every record to the rank that owns its shard after each batch (so only one
// batch of records is in flight), then absorbs what arrives and finishes its shards with oneTBB.
// On one process every step is the plain LevelBuilder's. The MPI transport is
// engine/distributed's; this file never sees MPI (tests run it on ranks that are threads).
// Concurrency: collective, as Ranks: every rank calls each function in the same order, from the
// thread that drives the walk; the builder's oneTBB workers never call the ranks.
#pragma once

#include <atomic>
#include <cstdint>

#include "engine/base/ranks.hpp"
#include "engine/level/level_builder.hpp"
#include "storage/level.hpp"

namespace seki {

// Shards [first, last) of a level.
struct ShardRange {
  int first = 0, last = kShardCount;
  bool Contains(int shard) const { return shard >= first && shard < last; }
  bool Overlaps(const ShardRange& o) const { return first < o.last && o.first < last; }
};

// The shards rank `rank` of `ranks` owns: the contiguous block [rank * 256 / ranks, (rank + 1) *
// 256 / ranks), so every rank owns 256 / ranks shards, give or take one.
inline ShardRange ShardBlock(int rank, int ranks) {
  return {rank * kShardCount / ranks, (rank + 1) * kShardCount / ranks};
}
inline ShardRange OwnedShards(const Ranks& ranks) { return ShardBlock(ranks.rank(), ranks.size()); }

// The hooks of a builder on `ranks`: one process counts parents and stops within a level; ranks
// count them between exchanges and stop only between levels, all together.
BuildHooks RankHooks(const Ranks& ranks, std::atomic<std::uint64_t>* parents_done,
                     const std::atomic<bool>* stop);

// The owned shards of level previous.sum + 1, built from the owned shards of `previous`.
// `parents_done` counts the parents done on all ranks (one process: the builder's hooks count
// them already).
Level BuildOwnedShards(const Ranks& ranks, const LevelBuilder& builder, const Level& previous,
                       std::atomic<std::uint64_t>& parents_done);

// The same step over any pushes (a level in parts: LevelBuilder::PartPush): the owned shards of
// level `sum` (keys of `key_words` words) from `batches` batches, the same number on every rank,
// each filled by push(batch, batches, buckets) from this rank's parents, absorbed into tables
// sized for a level in `parts` parts. `parents_done` counts the parents pushed on all ranks.
Level BuildOwnedBatches(const Ranks& ranks, const LevelBuilder& builder, int sum, int key_words,
                        int batches, int parts, const LevelBuilder::PushBatch& push,
                        std::atomic<std::uint64_t>& parents_done);

}  // namespace seki
