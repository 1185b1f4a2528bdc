// RunGroup: the processes one Run is spread over, as the Run sees them. Each rank owns a
// contiguous block of the 256 shards (ShardBlock), builds those shards of every level, and takes
// part in the few collective steps of a run (sums of counts, the catalogue's key ranges and text,
// barriers).
// This base class is the single process: it owns every shard and every collective is the
// identity. engine/distributed's MpiGroup is the other implementation (and the only code that
// sees MPI).
// Concurrency: a group is used by the thread that runs the Run; every rank must call the
// collective functions in the same order (they block until every rank has called them).
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

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

class RunGroup {
 public:
  virtual ~RunGroup() = default;

  virtual int rank() const { return 0; }
  virtual int size() const { return 1; }
  bool root() const { return rank() == 0; }
  ShardRange owned() const { return ShardBlock(rank(), size()); }

  // The hooks of the Run's builder: a single process counts parents and stops within a level;
  // ranks count them between exchanges and stop only between levels, all together.
  virtual BuildHooks Hooks(std::atomic<std::uint64_t>* parents_done,
                           const std::atomic<bool>* stop) const {
    return {parents_done, stop};
  }
  // The collective step of the ranks' level engine (engine/run/level_engines.hpp, the only
  // caller): the owned shards of level previous.sum + 1, built from the owned shards of
  // `previous`. `parents_done` counts the parents done on all ranks (a single process: the
  // builder's hooks count them already).
  virtual Level BuildOwnedShards(const LevelBuilder& builder, const Level& previous,
                                 std::atomic<std::uint64_t>& /*parents_done*/) const {
    return builder.Next(previous);
  }
  // The same step over any pushes (a level in parts: LevelBuilder::PartPush): the owned shards of
  // level `sum` (keys of `key_words` words) from `batches` batches, the same number on every rank,
  // each filled by push(batch, batches, buckets) from this rank's parents, absorbed into tables
  // sized for a level in `parts` parts. `parents_done` counts the parents pushed on all ranks.
  virtual Level BuildOwnedBatches(const LevelBuilder& builder, int sum, int key_words, int batches,
                                  int parts, const LevelBuilder::PushBatch& push,
                                  std::atomic<std::uint64_t>& parents_done) const {
    Level next;
    next.sum = sum;
    next.key_words = key_words;
    builder.AssembleBatches(
        batches,
        [&](int batch, int of, tbb::enumerable_thread_specific<ShardBuckets>& buckets) {
          const std::uint64_t parents = push(batch, of, buckets);
          parents_done.fetch_add(parents, std::memory_order_relaxed);
          return parents;
        },
        parts, next);
    return next;
  }
  // Element-wise sums over the ranks, in place on every rank.
  virtual void SumAll(std::span<std::uint64_t> /*values*/) const {}
  // The largest `value` of any rank, on every rank.
  virtual double MaxAll(double value) const { return value; }
  // Every rank's `values` (the same count on each), in rank order, on every rank.
  virtual std::vector<std::uint64_t> AllGather(std::span<const std::uint64_t> values) const {
    return {values.begin(), values.end()};
  }
  // Sends records[..] in rank order: the first counts[0] to rank 0, the next counts[1] to rank 1,
  // ...; returns what every rank sent this one, in rank order.
  virtual std::vector<PushRecord> Exchange(const std::vector<PushRecord>& records,
                                           std::span<const std::uint64_t> /*counts*/) const {
    return records;
  }
  // Rank 0 gets every rank's text joined in rank order; the others get nothing.
  virtual std::string GatherText(std::string text) const { return text; }
  virtual void Barrier() const {}
  // Bytes of records this rank has sent to other ranks so far.
  virtual std::uint64_t exchanged_bytes() const { return 0; }

  bool AllTrue(bool value) const { return MaxAll(value ? 0.0 : 1.0) == 0.0; }
};

}  // namespace seki
