// RunPlan: the cost model of `seki enumerate` on P ranks of T threads each, computed before
// anything runs (`seki plan`): per level the classes (Burnside), the records pushed and the bytes
// exchanged between ranks, the memory one rank needs (LevelBytesEstimate) and the expected time
// from a measured rate (of the 64-bit or the wide level engine, as the region needs).
// Concurrency: pure functions; any thread may call them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "engine/run/catalogue_lists.hpp"

namespace seki {

// Classes per second per thread of a single-process `seki enumerate` (both games, catalogues),
// measured on the development machine (docs/performance.md, "Distributed"): 4x4 entries <= 3,
// 7,880,456 classes in 3.96 s with --threads 2 on a quiet 2-core VM (main 47cc24c).
inline constexpr double kMeasuredClassesPerThreadSecond = 9.9e5;
// The same for the wide level engine (keys over 56 bits), which canonicalises every child as a
// Matrix: 6x6 entries <= 2, sum <= 14, 1,454,592 classes in 7.66 s with --threads 1 (main after
// 4fb5eec). Shape-dependent: 8x8 entries <= 1 is about 10x slower per class (64 children each,
// many automorphisms).
inline constexpr double kMeasuredWideClassesPerThreadSecond = 1.9e5;
// How much slower a level built in parts is than one built whole (user CPU), measured with
// 8 parts (docs/performance/levels-in-parts.md, "Compact levels and levels in parts"): 1.15 on 4x4
// <= 4, 1.19 on 3x4 <= 7 (whole regions), 1.26 on 4x4 <= 3.
inline constexpr double kMeasuredPartsSlowdown = 1.2;
// Bytes a class of a compact level file (version 2), measured: 3.25 on 4x4 <= 4 (docs/
// performance.md); an estimate for other regions.
inline constexpr double kMeasuredLevelFileBytesPerClass = 3.25;
// Bytes per second one rank sends (and receives) over the network: 10 Gbit/s Ethernet, assumed.
inline constexpr double kAssumedBandwidth = 1.0e9;

struct PlanRequest {
  int rows = 0, cols = 0;
  int max_entry = -1, max_sum = -1;  // -1: not given
  int ranks = 1, threads = 1;        // threads per rank
  bool outcomes = false;
  double classes_per_thread_second = 0;  // 0: the measured rate of the engine the region needs
  double bandwidth = kAssumedBandwidth;  // bytes per second per rank
  // Each process (rank) within this many bytes: levels too large are built in parts, as `seki
  // enumerate --memory-limit` does (engine/run/memory_budget.hpp); 0: every level whole.
  double memory_limit = 0;
  // What rank 0's catalogue part holds (as `seki enumerate --lists`): every seki's line (all), or
  // the complete and semi-complete seki's only (complete; auto: past 10^9 classes).
  ListsOption lists = ListsOption::kAuto;
};

struct PlanLevel {
  int sum = 0;
  std::uint64_t classes = 0;    // Burnside
  double records = 0;           // pushed into this level (one per entry below the bound, at most)
  double exchanged_bytes = 0;   // of those, sent to another rank (all ranks together)
  double bytes_per_rank = 0;    // memory of each rank while building it (its share)
  double root_extra_bytes = 0;  // rank 0's catalogue copy on top (an upper bound: all classes)
  double seconds = 0;           // expected
  int parts = 0;                // built in this many parts (0: whole)
  double disk_bytes = 0;        // level files on disk while it is built (the two saved levels,
                                // and its parts so far)
};

struct RunPlan {
  PlanRequest request;
  int max_entry = 0, max_sum = 0;  // effective bounds
  int key_bits = 0;
  bool wide_engine = false;       // over 56 key bits: built by the wide level engine, one process
  bool needs_wide_keys = false;   // over 64 key bits: several words a key (the wide engine, one
                                  // process)
  std::vector<PlanLevel> levels;  // sums 1..max_sum
  std::uint64_t classes = 0;      // all levels, level 0 included
  double records = 0, exchanged_bytes = 0, seconds = 0;
  double peak_bytes_per_rank = 0;  // the largest level's bytes_per_rank + root_extra_bytes
  int peak_level = 0;
  double peak_disk_bytes = 0;
  int first_parted_level = 0, most_parts = 0;   // 0: no level in parts
  bool fits = true;                             // every level within request.memory_limit
  CatalogueLists lists = CatalogueLists::kAll;  // request.lists resolved
};

// Throws InputError for unusable bounds, ranks (1..256) or threads (>= 1).
RunPlan PlanRun(const PlanRequest& request);
nlohmann::json PlanJson(const RunPlan& plan);

}  // namespace seki
