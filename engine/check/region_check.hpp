// RegionCheck: `seki check` as a library call — a conjecture, a region (shapes and/or a grid of
// shapes, entry and sum bounds) and a memory budget are checked and planned, then every shape is
// searched with ScanShape (engine/check/conjecture_check.hpp) and the results gathered in a
// CheckReport. Bad input throws InputError with the one-line messages the CLI prints.
// Concurrency: RunRegionCheck runs on the calling thread and sets oneTBB's parallelism to the
// plan's thread count for its duration (tbb::global_control); the observer is called on the
// calling thread only, and the progress counter it may give is written by worker threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/check/conjecture_check.hpp"
#include "storage/checkpoint_policy.hpp"

namespace seki {

struct CheckRequest {
  std::string conjecture;                // "6.1", "6.2", "6.3" or "6.9"
  std::vector<std::string> shapes;       // "4x4", "3x4", ...
  int max_rows = -1, max_cols = -1;      // a grid of shapes (-1: not given; one given: both)
  int max_entry = -1, max_sum = -1;      // -1: not given
  int min_height = -1;                   // 6.2: list complete seki of height >= K (-1: 4)
  std::uint64_t memory_limit_bytes = 0;  // 0: 80% of physical memory
  int threads = 0;                       // 0: all cores
  std::string command;                   // recorded in the report
  std::string checkpoint_dir;            // save finished levels here (engine/check/
                                         // check_checkpoint.hpp); empty: no checkpoint
  CheckpointPolicy checkpoint_every;     // which levels are saved (default: every level)
  bool resume = false;                   // go on from the checkpoint in checkpoint_dir
  int parts = 0;  // > 0: every level in this many parts; 0: those too large for the memory limit
};

// What was searched and found.
struct CheckReport {
  Conjecture conjecture = Conjecture::k61;
  int max_entry = -1, max_sum = -1;  // the bounds as given (-1: not given; 6.1: entries <= 2)
  int min_height = 4;                // 6.2: complete seki of this height or more are reported
  std::vector<ShapeReport> shapes;
  double seconds = 0;
  int threads = 0;  // per rank under mpirun
  int ranks = 1;    // the processes of an mpirun job (1: one process)
  std::string command;

  std::size_t FindingCount() const;  // counterexamples and new heights (not "listed")
  std::size_t ListedCount() const;   // 6.2 with min_height <= 3: complete seki of height <= 3
  // "no-counterexample", "counterexample" or (6.2, only findings off 3x3) "new-height".
  std::string Result() const;
};

// A checked request: the report's fixed fields (no shapes yet), the space of every shape and its
// number of classes per sum (Burnside).
struct CheckPlan {
  CheckReport report;
  std::vector<EnumerationSpace> spaces;
  std::vector<std::vector<std::uint64_t>> expected_classes;  // [shape][sum]
  std::vector<std::vector<int>> parts;  // [shape][sum]: the level's parts (0: whole)
  bool forced_parts = false;            // --parts given
  std::string checkpoint_dir;           // as requested
  CheckpointPolicy checkpoint_every;
  bool resume = false;
};

// Events of a check, in order: Started, then per shape ShapeStarted, LevelFinished per level and
// ShapeFinished. Every callback does nothing by default.
class CheckObserver {
 public:
  virtual ~CheckObserver() = default;
  // The search starts (the report has no shapes yet).
  virtual void Started(const CheckReport& /*report*/) {}
  // expected[s]: Burnside's number of classes at sum s. May return a counter (the observer's,
  // valid until the shape is finished) in which the level builder counts the parents it has done;
  // null: no counting.
  virtual std::atomic<std::uint64_t>* ShapeStarted(const EnumerationSpace& /*space*/,
                                                   const std::vector<std::uint64_t>& /*expected*/) {
    return nullptr;
  }
  // Level `sum` of the shape is built and scanned, in `seconds`.
  virtual void LevelFinished(const EnumerationSpace& /*space*/, int /*sum*/,
                             std::uint64_t /*classes*/, double /*seconds*/) {}
  virtual void ShapeFinished(const ShapeReport& /*shape*/) {}
  // A remark for the user, e.g. "not using levels/3x3-level-0010.bin: <reason>" on resume.
  virtual void Notice(const std::string& /*text*/) {}
};

// "4x4" -> (4, 4); throws InputError naming --shapes for anything else.
std::pair<int, int> ParseShape(const std::string& text);

// The shapes a check covers, in order: the request's shapes as given, then the grid's shapes not
// already listed. Throws InputError for bad or missing shapes.
std::vector<std::pair<int, int>> CheckShapes(Conjecture c, const CheckRequest& request);

// The first checks of a request (the conjecture, the thread count, a bound, --min-height only for
// 6.2): returns the conjecture; throws InputError.
Conjecture CheckRequestBasics(const CheckRequest& request);

// The request of `seki check` and seki.check() from what they are given: `given` (its
// memory_limit_bytes ignored) with the memory limit as text (`memory_limit`, e.g. "8G"; empty: the
// default), read by ParseByteSize as --memory-limit after CheckRequestBasics, so that the basics
// are reported first. Throws InputError.
CheckRequest MakeCheckRequest(CheckRequest given, const std::string& memory_limit);

// Checks the whole request before any search: the conjecture, the bounds, every shape's space and
// whether its levels fit in the memory limit. Throws InputError.
CheckPlan PlanRegionCheck(const CheckRequest& request);

// Searches every shape of the plan in turn. `stop` (may be null) ends the search with
// Stopped, kInterrupted (engine/base/stopped.hpp). With a checkpoint directory each finished
// level is saved, and with resume the search goes on from what was saved: shapes already done
// are only finished (their findings described), the shape in progress continues after its last
// saved level; the report is the one an uninterrupted check gives, timings apart. Throws
// InputError for a checkpoint directory that cannot be used (see CheckCheckpoint).
// Under mpirun, every rank calls it with the job's `group` (and rank 0 alone with an observer):
// the ranks build and scan their shards of every level, rank 0 gathers the counts and findings,
// and only rank 0's report describes the region (the others' hold the shapes alone).
CheckReport RunRegionCheck(const CheckPlan& plan, CheckObserver* observer = nullptr,
                           const std::atomic<bool>* stop = nullptr, const Ranks* group = nullptr);

// PlanRegionCheck and RunRegionCheck in one call.
CheckReport CheckRegion(const CheckRequest& request, CheckObserver* observer = nullptr,
                        const std::atomic<bool>* stop = nullptr);

}  // namespace seki
