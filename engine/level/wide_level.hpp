// WideLevelBuilder: the level engine for regions whose canonical keys need more than the 56 bits
// of the packed 64-bit records (e.g. 8 x 8 with entries <= 1, 3 x 4 with entries <= 20, 6 x 6 with
// entries <= 2): keys of 1..8 words (WideKeyCodec), every child canonicalised as a Matrix
// (canon::CanonicalForm) and pushed as a record of its key's words and its contribution to the
// shard of its key; WideAssembly sorts a shard's records and ORs the contributions of equal keys —
// the same recursion as LevelBuilder's solving step, with the same values, written for generality
// rather than speed. LevelBuilder pushes these records in batches (also across ranks); Next here is
// the whole step at once, for tests. Concurrency: Next runs in parallel on the calling thread's
// oneTBB arena; the result does not depend on the number of threads. PushChildren may be called by
// any number of threads; a WideAssembly is used as level_assembly.hpp says.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/level/level_assembly.hpp"
#include "storage/level.hpp"
#include "storage/wide_key.hpp"

namespace seki {

class WideLevelBuilder {
 public:
  // The region rows x cols with entries <= max_entry and sum <= max_sum (effective bounds, as
  // EnumerationSpace gives them); `words` 0: as many as the key needs (tests force more).
  WideLevelBuilder(int rows, int cols, int max_entry, int max_sum, int words = 0)
      : codec_(rows, cols, max_entry, words), max_entry_(max_entry), max_sum_(max_sum) {}

  const WideKeyCodec& codec() const { return codec_; }
  // Levels with codec().words() words per key (Level::key_words).
  Level First() const;                      // sum 0: the zero matrix
  Level Next(const Level& previous) const;  // sum previous.sum + 1

  // The records of the children of the class `parent` (codec().words() words) with value
  // `value`, appended to the buckets of their shards: each child's key words, then its
  // contribution.
  void PushChildren(const std::uint64_t* parent, PackedOutcome value, ShardBuckets& out) const;

 private:
  WideKeyCodec codec_;
  int max_entry_, max_sum_;
};

// Wide records absorbed per shard: they wait unsorted until they outnumber the shard's merged
// classes, then are sorted and merged into them (equal keys OR their contributions), so a shard
// holds about twice its classes at most, however many batches arrive.
class WideAssembly final : public ShardAssembly {
 public:
  // `fewest_to_merge`: records that wait at least (tests merge after every record).
  explicit WideAssembly(int key_words, std::size_t fewest_to_merge = 4096)
      : words_(key_words), fewest_(fewest_to_merge) {}
  void Absorb(int shard, const std::uint64_t* words, std::size_t count) override;
  void Finish(int shard, LevelShard& to) override;

 private:
  void Merge(int shard);

  int words_;
  std::size_t fewest_;
  std::array<LevelShard, kShardCount> merged_;                   // sorted keys and their values
  std::array<std::vector<std::uint64_t>, kShardCount> waiting_;  // records, words_ + 1 words each
};

}  // namespace seki
