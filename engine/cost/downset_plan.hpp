// DownsetPlan: the cost model of a down-set solve of one matrix A (`seki plan --matrix A`),
// computed before anything runs: the matrices B <= A, the memory of each way the pass can keep its
// values (DownsetMemories: the ring at one byte a matrix, both games; the ring at 4 bits a matrix,
// one game a pass; the full table; the ring on disk in either mode, with its file, bytes read and
// written and a time that includes them), and for the ring modes their memory and time in one
// process (the mode `seki solve --engine downset` picks under the default memory limit), on one GPU
// of 80 GB or 141 GB (fits or not; no GPU pass exists, so no time), and on R MPI ranks (the
// distributed solve `mpirun -np R seki solve --engine downset`, docs/distributed/downset.md: every
// slab cut by the values of the digit DownsetSplitRadix names, the boundary layer sent to the next
// rank after each level): memory and bytes sent as the solve keeps and sends them, the time a MODEL
// (the one-process rate times the ranks plus the bytes at an assumed bandwidth; not measured).
// Times come from the rate `auto` uses (DownsetPassSeconds), unless the request names one.
// Concurrency: pure functions; any thread may call them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/cost/run_plan.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_ring.hpp"
#include "engine/solve/downset_share.hpp"
#include "engine/solve/downset_storage.hpp"

namespace seki {

// One way a pass keeps its values.
struct DownsetMemory {
  std::string name;
  DownsetMode mode = DownsetMode::kBothGames;
  bool full_table = false;  // every B <= A (for --moves; always one byte a matrix)
  double bytes = 0;         // in memory, one process: DownsetBytes(a, full_table, mode), or on disk
                            // its sub-slabs and chunk order (DownsetRingOnDiskBytes)
  int passes = 1;           // passes over the down-set one solve makes (one game a pass: 2)
  // The ring on disk (--scratch DIR, engine/solve/downset_ring.hpp): sub-slabs in memory, the
  // file, and what a solve reads and writes in all.
  bool disk = false;
  int buffers = 0;
  double disk_bytes = 0, read_bytes = 0, written_bytes = 0;
  // The pass by orbits (engine/solve/downset_orbits.hpp): the values it stores (bytes: the most
  // slices it holds at once).
  bool orbits = false;
  double values = 0;
};

// The ways of DownsetBytes for a: the ring in both modes, then the full table; then the ring on
// disk in both modes (when a's layout allows it), with three buffers where they fit
// `memory_limit`, else two; then the pass by orbits where a has a layout for it.
std::vector<DownsetMemory> DownsetMemories(const Matrix& a, double memory_limit);

// The speed of the disk assumed without --scratch DIR (which `seki plan --matrix` measures):
// sequential, 64 MiB pieces, direct I/O, measured by `seki plan --matrix ... --scratch DIR` on this
// project's machine (2 cores, 24 GiB, 2026-11-28, three quiet runs: reads 1.17-1.37 GiB/s, writes
// 1.98-2.04 GiB/s; docs/performance/solve.md).
inline constexpr double kMeasuredDiskReadBytesPerSecond = 1.3e9;
inline constexpr double kMeasuredDiskWriteBytesPerSecond = 2.1e9;

struct DownsetPlanRequest {
  Matrix matrix;
  int ranks = 1, threads = 1;             // threads per process (per rank)
  double matrices_per_thread_second = 0;  // 0: DownsetMatricesPerThreadSecond(matrix)
  double bandwidth = kAssumedBandwidth;   // bytes per second per rank
  double memory_limit = 0;                // one process; 0: DefaultMemoryLimitBytes()
  // The scratch directory's free bytes (0: no --scratch, the disk's size not checked) and the
  // disk's speed (measured there, or the constants above).
  double disk_free = 0;
  double disk_read = kMeasuredDiskReadBytesPerSecond;
  double disk_write = kMeasuredDiskWriteBytesPerSecond;
  bool disk_measured = false;
};

// One place the solve may run: one process, R ranks (time modelled), one GPU.
struct DownsetPlacement {
  std::string memory;  // DownsetMemory::name
  std::string where;   // "one process", "8 MPI ranks (time modelled)", "one GPU, 80 GB"
  int ranks = 1;
  double bytes_each = 0;      // per process / rank / GPU
  double capacity = 0;        // the memory limit (one process) or the GPU's bytes; 0: none
  bool fits = true;           // bytes_each <= capacity (always true without a capacity)
  double boundary_bytes = 0;  // ranks: one layer, sent across one boundary per slab and pass
  double sent_bytes = 0;      // ranks: sent in all, every boundary, slab and pass
  double seconds = -1;        // expected; -1: not measured (a GPU)
  // The ring on disk: the file (fits: also within disk_free, when known) and the I/O of a solve
  // (seconds include it: reads overlap the computation with three buffers, writes always).
  bool disk = false;
  double disk_bytes = 0, read_bytes = 0, written_bytes = 0;
};

struct DownsetPlan {
  DownsetPlanRequest request;
  double matrices = 0;  // B <= A (DownsetMatrices)
  int digits = 0;       // positive entries of A
  int slabs = 0;        // radix of the outermost digit
  int split_radix = 0;  // radix of the digit the ranks would split (0: none, one rank only)
  DownsetMode mode = DownsetMode::kBothGames;  // what one process uses under memory_limit
  bool disk = false;                           // ... with its ring on disk (given disk_free)
  bool orbits = false;       // ... by orbits (fits the limit; the plan names no --scratch)
  std::string orbit_layout;  // the orbit layout, in words ("" when a has none: why not)
  std::vector<DownsetMemory> memories;
  std::vector<DownsetPlacement> placements;
};

// GPUs modelled: memory in bytes (80 GB: H100; 141 GB: H200).
inline constexpr double kGpuBytes[] = {80e9, 141e9};

// Throws InputError for a matrix with more than 2^62 matrices below it, ranks outside
// 1..split_radix (or > 1 when no digit can be split), threads < 1, or a non-positive rate,
// bandwidth or memory limit.
DownsetPlan PlanDownset(const DownsetPlanRequest& request);
nlohmann::json DownsetPlanJson(const DownsetPlan& plan);

}  // namespace seki
