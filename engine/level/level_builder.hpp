// LevelBuilder: builds level s from level s-1 alone, in one of two ways.
//  * Solving (the default): every class of level s-1 pushes each of its increments (canonicalised)
//    to the shard that owns it, with what moving back to the parent offers each player; a shard
//    then deduplicates its keys and ORs the contributions (PackedOutcome), which gives r(B) and
//    c(B) for both games. Generation and solving are one pass, and every child is canonicalised
//    once.
//  * Generation only: orderly generation by canonical augmentation
//    (engine/level/orderly_generation.hpp) makes every class exactly once, canonicalising about one
//    child per class.
// The two are independent algorithms; tests check that they produce the same classes.
// A level too large for memory is solved in parts (NextPart, engine/level/level_parts.hpp): a
// part's pass reads the level below, kept by groups, in order only, and canonicalises only the
// children of its part.
// Concurrency: one thread at a time calls Next (it reuses its record buckets), which runs in
// parallel on the calling thread's oneTBB arena; the result does
// not depend on the number of threads.
#pragma once

#include <tbb/enumerable_thread_specific.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/level/build_hooks.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/enumeration_space.hpp"
#include "engine/level/level_assembly.hpp"
#include "engine/level/level_parts.hpp"
#include "engine/level/wide_level.hpp"
#include "storage/compact_level.hpp"
#include "storage/flat_key_table.hpp"
#include "storage/level.hpp"
#include "storage/packed_key.hpp"
#include "storage/wide_key.hpp"

namespace seki {

// Where the parts of a level built in parts are kept until the level is complete: in memory
// (MemoryPartStore: a check without a checkpoint directory), in files (removed once the level is
// loaded: a check's; kept: several ranks'), or in files kept and read again part by part while the
// next level is built (one process's run: PartStore::Reloads).
// kOnDisk: read again, and the new level left on disk too (its take reads one part at a time:
// a run that lists only complete and semi-complete seki, PartedLevelEngine's on_disk).
enum class PartKeeping { kInMemory, kFiles, kReadAgain, kOnDisk };

class LevelBuilder {
 public:
  // Pushed records alive at once: parents are taken in batches of shards to stay near this.
  static constexpr double kPushBatchBytes = 64.0 * 1024 * 1024;

  // solve = false generates the classes only (every value stays zero). push_batch_bytes changes
  // only how the work is cut (tests use tiny batches); the levels are the same for any value.
  explicit LevelBuilder(const EnumerationSpace& space, bool solve = true, BuildHooks hooks = {},
                        double push_batch_bytes = kPushBatchBytes)
      : space_(space),
        solve_(solve),
        hooks_(hooks),
        push_batch_bytes_(push_batch_bytes),
        expected_(ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum)),
        wide_(space.rows, space.cols, space.max_entry, space.max_sum, space.key_words) {}

  Level First() const;                      // sum 0: the zero matrix
  Level Next(const Level& previous) const;  // sum previous.sum + 1

  // Part `part` of level below.sum + 1 under `plan` (made from `below`, kept by groups; solving,
  // spaces of at most 56 key bits): exactly the classes of Next whose groups the plan gives that
  // part, with their values. It honours the stop flag but counts no parents (a parent is visited
  // once for each part its children reach): engine/level/parted_level_engine.hpp counts parts.
  Level NextPart(const CompactLevel& below, const PartPlan& plan, int part) const;

  // The solving step's phases, public so that a distributed run can exchange records between
  // them. Push: every parent in shards [first_shard, last_shard) of `previous` appends the records
  // of its children to its thread's buckets (space().RecordWords() words a record). Assembly: the
  // tables that absorb the records of level `sum` (one-word or wide records, as the space needs).
  void Push(const Level& previous, int first_shard, int last_shard,
            tbb::enumerable_thread_specific<ShardBuckets>& buckets) const;
  std::unique_ptr<ShardAssembly> Assembly(int sum, int parts = 1) const;
  // One batch of pushes: push(batch, batches, buckets) fills the buckets with the records of batch
  // `batch` of `batches` and returns the parents it read (progress).
  using PushBatch =
      std::function<std::uint64_t(int, int, tbb::enumerable_thread_specific<ShardBuckets>&)>;
  // NextPart's pushes, for ranks that build a part together (engine/run): the batches this
  // process would push in, and the push of a batch (any `batches`: the ranks use their largest).
  struct PartPushes {
    int batches = 1;
    PushBatch push;
  };
  PartPushes PartPush(const CompactLevel& below, const PartPlan& plan, int part) const;
  // Pushes in `batches` batches, absorbs each batch's records into the tables of `parts` parts'
  // size, and finishes them into `next` (whose sum is set).
  void AssembleBatches(int batches, const PushBatch& push_batch, int parts, Level& next) const;

  // About the most memory Next uses (bytes, the level below included) when the level below has
  // `parents` classes and the new level `classes`; the memory budgets of the apps use it.
  static double PeakBytes(const EnumerationSpace& space, std::uint64_t parents,
                          std::uint64_t classes);
  // The bytes a class of a level kept compact takes in memory, at most (by groups: about 3 on
  // 4x4, docs/performance/levels-in-parts.md), and about the most memory PartedLevelEngine uses to
  // build a level of `classes` classes in `parts` parts from `parents` classes kept compact (or
  // whole).
  static constexpr double kCompactBytesPerClass = 4.0;
  // `keeping`: where the parts are kept (PartKeeping); with kReadAgain or kOnDisk the level below,
  // when it was built in parts too, is held only a part's window at a time: the groups whose
  // children reach the part, estimated as kWindowSpread * rows / parts of it; with kOnDisk the new
  // level is never loaded whole (its take holds one part of it).
  static double PartedPeakBytes(const EnumerationSpace& space, std::uint64_t parents,
                                std::uint64_t classes, int parts, bool below_whole,
                                PartKeeping keeping = PartKeeping::kFiles);
  // The most of a level below that a part's window held, over the parts, in units of rows / parts
  // of it: measured 1.4 (4x4 <= 3, 16 parts), 2.4 (3x4 <= 6, 32 parts),
  // docs/performance/levels-in-parts.md.
  static constexpr double kWindowSpread = 2.5;
  // Bytes of the records one push batch of `parents` classes holds (at most kPushBatchBytes).
  static double BatchRecordBytes(const EnumerationSpace& space, std::uint64_t parents);
  // Records `parents` classes push at most (one per entry below the bound).
  static double PushRecords(const EnumerationSpace& space, std::uint64_t parents);

  const EnumerationSpace& space() const { return space_; }
  std::uint64_t ExpectedClasses(int sum) const { return expected_[sum]; }  // Burnside's
  // The batches of parent shards Next pushes `parents` classes in (1..256).
  int PushBatches(std::size_t parents) const;

 private:
  template <class Body>
  void ForEachParent(const Level& previous, int first_shard, int last_shard, Body&& body) const;
  // The records of one parent's children (of the filter's part) to its thread's buckets.
  void PushParent(std::uint64_t parent, PackedOutcome value, ShardBuckets& out,
                  canon::RowMask rows) const;
  // AssembleBatches for any callable (inlined where the push is known: PushAndSolve).
  template <class PushFn>
  void Assemble(int batches, PushFn&& push_batch, int parts, Level& next) const;
  void PushAndSolve(const Level& previous, Level& next) const;
  void Generate(const Level& previous, Level& next) const;

  EnumerationSpace space_;
  bool solve_;
  BuildHooks hooks_;
  double push_batch_bytes_;
  std::vector<std::uint64_t> expected_;  // Burnside's classes per sum: the tables' sizes
  WideLevelBuilder wide_;                // level 0, and the records of WideRecords() spaces
  // PushAndSolve's per-thread record buckets, empty between levels but keeping their capacity.
  mutable tbb::enumerable_thread_specific<ShardBuckets> push_buckets_;
};

}  // namespace seki
