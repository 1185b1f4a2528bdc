// DownsetStorage: how a down-set pass of one matrix keeps its values — the one decision (storage
// mode, full table or ring, in memory or on disk, the ranks the pass is split among, the bytes a
// process keeps in memory and on disk) that the
// size check and `auto`'s choice (SolveEngine), `seki plan --matrix` (engine/cost/downset_plan)
// and the pass itself (DownsetEngine) all take from DownsetStorageFor, so that none of them can
// disagree with another.
// Concurrency: values and pure functions.
#pragma once

#include <limits>
#include <optional>

#include "engine/base/matrix.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_orbits.hpp"

namespace seki {

struct DownsetStorage {
  DownsetMode mode = DownsetMode::kBothGames;
  bool full = false;  // one byte for every B <= A (one process only), else the ring
  int ranks = 1;      // ranks the pass is split among (1: one process, or alone on each rank)
  double bytes = 0;   // what one process (the largest rank's share) keeps in memory
  // The ring on disk (engine/solve/downset_ring.hpp): `buffers` sub-slabs in memory (3: reads
  // overlap the computation; 2: they do not), the file's bytes.
  bool disk = false;
  int buffers = 0;
  double disk_bytes = 0;
  // The pass by orbits (engine/solve/downset_orbits.hpp: one value per orbit of A's symmetries,
  // in memory, one process; `bytes` its slices held at once), and the values it stores.
  bool orbits = false;
  double values = 0;

  int passes() const { return mode == DownsetMode::kOneGame ? 2 : 1; }
};

// Where the ring may go when it does not fit memory: a scratch directory's free bytes (0: no
// scratch directory, memory only). `force`: on disk whenever the layout allows it (tests).
struct DownsetDisk {
  double free = 0;
  bool force = false;
};

// The memory of the ring on disk of a with `buffers` sub-slabs in memory (and the chunk order),
// and its file's bytes; 0 and 0 when its layout has no second digit of radix 3 or more.
struct DownsetDiskBytes {
  double memory = 0, file = 0;
};
DownsetDiskBytes DownsetRingOnDiskBytes(const Matrix& a, DownsetMode mode, int buffers);

// The storage of a pass of a under `memory_limit` bytes a process, on `ranks` ranks (1: one
// process): a pass of fewer than DownsetSplitMatrices() matrices runs alone on each rank; a full
// table when it is not split, has at most `full_table_bytes` bytes and fits the limit (and `mode`
// is not forced to kOneGame); else the ring in `mode` when forced (tests), one byte a matrix when
// the largest share fits the limit, else 4 bits (which may not fit either: the solve is then
// refused, naming `bytes`). With `disk` (one process, no full table): a ring that fits memory in
// neither mode goes on disk — one byte a matrix when its sub-slabs fit the limit and its file the
// disk, else 4 bits; three buffers when they fit, else two (which may not fit either, nor the
// file the disk: the solve is then refused, naming `bytes` or `disk_bytes`). With `orbits` kAuto,
// before any ring: the pass by orbits where a has a layout for it and its slices fit the limit, in
// one process, with no full table, no forced mode and no scratch directory.
DownsetStorage DownsetStorageFor(const Matrix& a, double memory_limit, int ranks = 1,
                                 double full_table_bytes = 0,
                                 std::optional<DownsetMode> mode = std::nullopt,
                                 const DownsetDisk& disk = {},
                                 DownsetOrbitChoice orbits = DownsetOrbitChoice::kPlain);

// Where a pass that fits no mode in memory under `memory_limit` (one process, no scratch
// directory) could go instead: its ring on disk, with the memory (`bytes`, which may still be
// above the limit) and the file (`disk_bytes`) it would need; nothing where the layout has none.
std::optional<DownsetStorage> DownsetOnDiskInstead(const Matrix& a, double memory_limit);

}  // namespace seki
