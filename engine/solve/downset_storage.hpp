// DownsetStorage: how a down-set pass of one matrix keeps its values — the one decision (storage
// mode, full table or ring, the ranks the pass is split among, the bytes a process keeps) that the
// size check and `auto`'s choice (SolveEngine), `seki plan --matrix` (engine/cost/downset_plan)
// and the pass itself (DownsetEngine) all take from DownsetStorageFor, so that none of them can
// disagree with another.
// Concurrency: values and pure functions.
#pragma once

#include <limits>
#include <optional>

#include "engine/base/matrix.hpp"
#include "engine/solve/downset_layout.hpp"

namespace seki {

struct DownsetStorage {
  DownsetMode mode = DownsetMode::kBothGames;
  bool full = false;  // one byte for every B <= A (one process only), else the ring
  int ranks = 1;      // ranks the pass is split among (1: one process, or alone on each rank)
  double bytes = 0;   // what one process (the largest rank's share) keeps

  int passes() const { return mode == DownsetMode::kOneGame ? 2 : 1; }
};

// The storage of a pass of a under `memory_limit` bytes a process, on `ranks` ranks (1: one
// process): a pass of fewer than DownsetSplitMatrices() matrices runs alone on each rank; a full
// table when it is not split, has at most `full_table_bytes` bytes and fits the limit (and `mode`
// is not forced to kOneGame); else the ring in `mode` when forced (tests), one byte a matrix when
// the largest share fits the limit, else 4 bits (which may not fit either: the solve is then
// refused, naming `bytes`).
DownsetStorage DownsetStorageFor(const Matrix& a, double memory_limit, int ranks = 1,
                                 double full_table_bytes = 0,
                                 std::optional<DownsetMode> mode = std::nullopt);

}  // namespace seki
