// Level s from level s-1: fused push generation and solving, or orderly generation alone.
#include "engine/level/level_builder.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "canon/canonical_form.hpp"
#include "engine/base/handoff.hpp"
#include "engine/base/rules.hpp"
#include "engine/level/orderly_generation.hpp"
#include "engine/level/wide_level.hpp"
#include "storage/flat_key_table.hpp"

namespace seki {

namespace {

// The contribution of a parent to the player who moves from its child down to it (spec section 2).
PackedOutcome ContributionOf(const KeyCodec& codec, std::uint64_t parent,
                             PackedOutcome parent_value) {
  // A child with no zero line has at most one of each; otherwise the contribution is never used.
  if (auto terminal = TerminalSolution(codec.HasZeroRow(parent), codec.HasZeroColumn(parent)))
    return MoveContribution(*terminal);
  return MoveContribution(Solution::From(parent_value));
}

double PushRecordBytes(const EnumerationSpace& space, std::uint64_t parents) {
  return LevelBuilder::PushRecords(space, parents) * sizeof(PushRecord) * space.RecordWords();
}

}  // namespace

Level LevelBuilder::First() const {
  // The wide engine's level 0 is the zero matrix's words in its shard, for every key width.
  return wide_.First();
}

Level LevelBuilder::Next(const Level& previous) const {
  Level next;
  next.sum = previous.sum + 1;
  next.key_words = space_.key_words;
  if (next.sum > space_.max_sum) return next;
  if (solve_ || space_.WideRecords())
    PushAndSolve(previous, next);
  else
    Generate(previous, next);
  if (!solve_)  // the wide engine generates by solving; its values are dropped
    for (LevelShard& shard : next.shards)
      std::fill(shard.values.begin(), shard.values.end(), PackedOutcome{});
  return next;
}

std::unique_ptr<ShardAssembly> LevelBuilder::Assembly(int sum, int parts) const {
  if (space_.WideRecords()) return std::make_unique<WideAssembly>(space_.key_words);
  return std::make_unique<LevelAssembly>(expected_[sum] / static_cast<std::uint64_t>(parts));
}

template <class Body>
void LevelBuilder::ForEachParent(const Level& previous, int first_shard, int last_shard,
                                 Body&& body) const {
  tbb::parallel_for(first_shard, last_shard, [&](int shard) {
    const LevelShard& from = previous.shards[shard];
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, from.values.size(), 1024),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        if (hooks_.stop && hooks_.stop->load(std::memory_order_relaxed))
                          throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
                        for (std::size_t k = range.begin(); k != range.end(); ++k) body(from, k);
                        if (hooks_.parents_done)
                          hooks_.parents_done->fetch_add(range.size(), std::memory_order_relaxed);
                      });
  });
}

int LevelBuilder::PushBatches(std::size_t parents) const {
  const double records = PushRecordBytes(space_, parents);
  return static_cast<int>(
      std::clamp(std::ceil(records / push_batch_bytes_), 1.0, double(kShardCount)));
}

double LevelBuilder::PushRecords(const EnumerationSpace& space, std::uint64_t parents) {
  return double(parents) * space.rows * space.cols;
}

double LevelBuilder::BatchRecordBytes(const EnumerationSpace& space, std::uint64_t parents) {
  return std::min(PushRecordBytes(space, parents), kPushBatchBytes);
}

double LevelBuilder::PeakBytes(const EnumerationSpace& space, std::uint64_t parents,
                               std::uint64_t classes) {
  // The wide engine: the level below; per shard the merged classes, records waiting to be merged
  // (at most as many as the merged classes, with their places in the sort) and the merge's copy;
  // and the records of one batch (per-thread buffers may hold twice that).
  if (space.WideRecords()) {
    const double key = 8.0 * space.key_words;  // bytes of a key; a class adds its value byte
    return (key + 1) * double(parents) + (2 * (key + 1) + key + 16) * double(classes) +
           2 * BatchRecordBytes(space, parents);
  }
  // The level below (9 bytes a class); the shard tables, sized from Burnside's count for a load
  // near 0.8 (10 bytes a class, 11 with the slack), each freed as its shard becomes 9 bytes a
  // class of the new level; and the records of one batch (per-thread buffers may hold twice that).
  return 9.0 * double(parents) + 11.0 * double(classes) + 2 * BatchRecordBytes(space, parents);
}

double LevelBuilder::PartedPeakBytes(const EnumerationSpace& space, std::uint64_t parents,
                                     std::uint64_t classes, int parts, bool below_whole,
                                     PartKeeping keeping) {
  // Making the groups of a whole level below: the level and its compact copy. Building a part:
  // the level below kept compact (or its window), the tables of 1/parts of the new level, the
  // part as a Level and its compact copy, the records of one batch. Loading the level: the new
  // level compact, and one part twice while its groups are made (on disk: one part, for the take).
  const double share = double(classes) / parts;
  const double group = below_whole ? (9.0 + kCompactBytesPerClass) * double(parents) : 0.0;
  const bool read_again = keeping == PartKeeping::kReadAgain || keeping == PartKeeping::kOnDisk;
  const double held_below =
      read_again && !below_whole
          ? std::min(1.0, kWindowSpread * space.rows / parts) * double(parents)
          : double(parents);
  const double build =
      kCompactBytesPerClass * held_below +
      (keeping == PartKeeping::kInMemory ? kCompactBytesPerClass * double(classes) : 0.0) +
      (11.0 + 9.0 + kCompactBytesPerClass) * share +
      2 * BatchRecordBytes(space, parents / static_cast<std::uint64_t>(parts));
  const double load =
      kCompactBytesPerClass * (keeping == PartKeeping::kOnDisk ? share : double(classes) + share);
  return std::max({group, build, load});
}

void LevelBuilder::Push(const Level& previous, int first_shard, int last_shard,
                        tbb::enumerable_thread_specific<ShardBuckets>& buckets) const {
  if (space_.WideRecords()) {
    ForEachParent(previous, first_shard, last_shard, [&](const LevelShard& from, std::size_t k) {
      wide_.PushChildren(from.keys.data() + k * space_.key_words, from.values[k], buckets.local());
    });
    return;
  }
  ForEachParent(previous, first_shard, last_shard, [&](const LevelShard& from, std::size_t k) {
    PushParent(from.keys[k], from.values[k], buckets.local(), canon::kEveryRow);
  });
}

void LevelBuilder::PushParent(std::uint64_t parent, PackedOutcome value, ShardBuckets& out,
                              canon::RowMask rows) const {
  const std::uint64_t contribution = ContributionOf(space_.codec, parent, value).bits;
  std::uint64_t keys[kMaxDim * kMaxDim];
  const int count = canon::IncrementKeys(parent, space_.rows, space_.cols, space_.codec.bits(),
                                         space_.max_entry, keys, rows);
  for (int k = 0; k < count; ++k)
    out[ShardOf(keys[k])].push_back(keys[k] << kContributionBits | contribution);
}

void LevelBuilder::PushAndSolve(const Level& previous, Level& next) const {
  Assemble(
      PushBatches(previous.size()),
      [&](int batch, int batches, tbb::enumerable_thread_specific<ShardBuckets>& buckets) {
        Push(previous, batch * kShardCount / batches, (batch + 1) * kShardCount / batches, buckets);
        return std::uint64_t{0};  // Push counts its parents through the hooks
      },
      1, next);
}

Level LevelBuilder::NextPart(const CompactLevel& below, const PartPlan& plan, int part) const {
  Level next;
  next.sum = below.sum + 1;
  next.key_words = 1;
  const PartPushes pushes = PartPush(below, plan, part);
  if (next.sum <= space_.max_sum) Assemble(pushes.batches, pushes.push, plan.parts(), next);
  return next;
}

LevelBuilder::PartPushes LevelBuilder::PartPush(const CompactLevel& below, const PartPlan& plan,
                                                int part) const {
  if (space_.WideRecords() || !solve_)
    throw std::invalid_argument("a level is built in parts only when solving keys of <= 56 bits");
  if (part < 0 || part >= plan.parts())
    throw std::invalid_argument("part " + std::to_string(part) + " of " +
                                std::to_string(plan.parts()));
  // The blocks of the groups of below whose children reach this part, in batches; each parent
  // pushes the children of its rows that reach it.
  auto blocks = std::make_shared<std::vector<std::pair<std::size_t, const CompactBlock*>>>();
  for (std::size_t g = 0; g < below.parts.size(); ++g)
    if (plan.Reaches(g, part))
      for (const CompactBlock& b : below.parts[g].blocks) blocks->emplace_back(g, &b);
  PartPushes pushes;
  // A part receives about 1/P of the level's records: batched as if 1/P of the parents pushed.
  pushes.batches = PushBatches(plan.parents() / static_cast<std::uint64_t>(plan.parts()));
  pushes.push = [this, blocks, &plan, part](
                    int batch, int batches,
                    tbb::enumerable_thread_specific<ShardBuckets>& buckets) {
    const std::size_t first = batch * blocks->size() / batches,
                      last = (batch + 1) * blocks->size() / batches;
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> scratch(kCompactBlockClasses);
    tbb::parallel_for(first, last, [&](std::size_t b) {
      if (hooks_.stop && hooks_.stop->load(std::memory_order_relaxed))
        throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
      std::vector<std::uint64_t>& keys = scratch.local();
      const auto [group, block] = (*blocks)[b];
      block->Decode(keys.data());
      ShardBuckets& out = buckets.local();
      for (std::uint32_t k = 0; k < block->count; ++k)
        if (const canon::RowMask rows = plan.RowsOf(group, RowSumsOf(space_, keys[k]), part))
          PushParent(keys[k], block->values[k], out, rows);
    });
    std::uint64_t parents = 0;
    for (std::size_t b = first; b < last; ++b) parents += (*blocks)[b].second->count;
    return parents;
  };
  return pushes;
}

void LevelBuilder::AssembleBatches(int batches, const PushBatch& push_batch, int parts,
                                   Level& next) const {
  Assemble(batches, push_batch, parts, next);
}

template <class PushFn>
void LevelBuilder::Assemble(int batches, PushFn&& push_batch, int parts, Level& next) const {
  // Phase 1, in batches of parents so that the pushed records of only one batch are alive:
  // every parent pushes each increment to the shard of the child's canonical key, with what moving
  // from the child back to the parent contributions; each shard's table then absorbs its records,
  // deduplicating the keys and ORing the contributions, which gives r(B) and c(B).
  const std::unique_ptr<ShardAssembly> assembly = Assembly(next.sum, parts);
  // The threads' buckets keep their capacity from batch to batch and from level to level (at most
  // twice a batch of records), so their pages are touched once per run, not once per level.
  tbb::enumerable_thread_specific<ShardBuckets>& buckets = push_buckets_;
  Handoff handoff;  // the assembly, written by the tasks, is destroyed by this thread
  for (int batch = 0; batch < batches; ++batch) {
    push_batch(batch, batches, buckets);
    tbb::parallel_for(0, kShardCount, [&](int shard) {
      for (ShardBuckets& b : buckets) {
        assembly->Absorb(shard, b[shard].data(), b[shard].size());
        b[shard].clear();  // keeps its capacity for the next batch
      }
      handoff.Give();
    });
  }

  // Phase 2: each shard's table becomes the sorted keys and values of the level.
  tbb::parallel_for(0, kShardCount, [&](int shard) {
    assembly->Finish(shard, next.shards[shard]);
    handoff.Give();
  });
  handoff.Take();
}

void LevelBuilder::Generate(const Level& previous, Level& next) const {
  // Every parent appends the children it generates (each class from exactly one parent).
  tbb::enumerable_thread_specific<ShardBuckets> buckets;
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> scratch;
  ForEachParent(previous, 0, kShardCount, [&](const LevelShard& from, std::size_t k) {
    const std::uint64_t key = from.keys[k];
    ShardBuckets& out = buckets.local();
    std::vector<std::uint64_t>& children = scratch.local();
    children.clear();
    GenerateChildren(space_, space_.codec.Unpack(key), key, children);
    for (std::uint64_t child : children) out[ShardOf(child)].push_back(child);
  });
  tbb::parallel_for(0, kShardCount, [&](int shard) {
    std::vector<std::uint64_t>& keys = next.shards[shard].keys;
    std::size_t total = 0;
    for (const ShardBuckets& b : buckets) total += b[shard].size();
    keys.reserve(total);
    for (ShardBuckets& b : buckets) {
      keys.insert(keys.end(), b[shard].begin(), b[shard].end());
      std::vector<std::uint64_t>().swap(b[shard]);
    }
    std::sort(keys.begin(), keys.end());
    if (std::adjacent_find(keys.begin(), keys.end()) != keys.end())
      throw std::logic_error("orderly generation produced a class twice at sum " +
                             std::to_string(next.sum));
    next.shards[shard].values.assign(keys.size(), PackedOutcome{});
  });
}

}  // namespace seki
