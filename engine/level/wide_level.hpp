// WideLevelBuilder: the level engine for regions whose canonical keys need more than
// the 56 bits of the packed 64-bit records (e.g. 8 x 8 with entries <= 1, 3 x 4 with entries
// <= 20, 6 x 6 with entries <= 2): keys of 2..8 words (WideKeyCodec), every child canonicalised
// as a Matrix (canon::CanonicalForm) and pushed with its offer to the shard of its key; a shard
// sorts its records and ORs the offers of equal keys — the same recursion as LevelBuilder's
// solving step, with the same values, written for generality rather than speed.
// Concurrency: Next runs in parallel on the calling thread's oneTBB arena; the result does not
// depend on the number of threads.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
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

 private:
  WideKeyCodec codec_;
  int max_entry_, max_sum_;
};

}  // namespace seki
