// Run: one enumeration into a run directory from start to end — the parameters checked once
// (CheckRunParameters), the exact class count per level (Burnside), one memory estimate per level
// refusing a run that cannot fit before it starts, the run directory created, cleared (force) or
// resumed (PrepareRunDirectory, engine/run/run_directory.hpp), the level engine chosen
// (engine/run/level_engines.hpp) and driven by the one level loop (engine/run/level_driver.hpp):
// each level's catalogue lines rendered and appended (CatalogueLevel) and, at the levels of its
// CheckpointPolicy (storage/checkpoint_policy.hpp), overlapped with the next level's build,
// synced, written as a level file and checkpointed; manifest.json and
// summary.json written last. The `seki` CLI, MPI drivers and the Python package drive the same
// Run; they see it through a RunObserver and stop it with a flag. Under MPI every rank executes
// the same Run with its Ranks (engine/run/level_ranks.hpp): each builds its shards, rank 0 writes
// the catalogues and the checkpoint, and the run's files are the same as a single process's.
// Concurrency: Execute runs on the calling thread and sets oneTBB's parallelism to the run's thread
// count for its duration (tbb::global_control), so one Run at a time per process. The observer is
// called on the calling thread only; the `parents_done` counter it is handed belongs to the Run
// (valid as long as the Run is) and is written by worker threads while a level is built. The stop
// flag may be set from any thread or a signal handler; across ranks it is honoured between levels.
#pragma once

#include <atomic>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/level/enumeration_space.hpp"
#include "engine/level/level_engine.hpp"
#include "engine/run/catalogue_lists.hpp"
#include "engine/run/level_ranks.hpp"
#include "engine/run/run_report.hpp"
#include "storage/checkpoint_policy.hpp"

namespace seki {

struct RunParameters {
  int rows = 0, cols = 0;
  int max_entry = -1, max_sum = -1;        // -1: not given (at least one is needed)
  int threads = 0;                         // 0: all cores
  std::string out;                         // the run directory
  std::uint64_t memory_limit_bytes = 0;    // 0: the default (engine/base/memory_limit.hpp)
  bool outcomes = false;                   // also write outcomes.txt (every class)
  bool generate_only = false;              // count the classes without solving; no catalogues
  bool resume = false;                     // continue the run in `out` from its last saved level
  bool force = false;                      // clear a run already in `out` and start over
  Device device = Device::kCpu;            // the level engine; the output is the same for all
  CheckpointPolicy checkpoint;             // the levels that get a level file and checkpoint.json
  ListsOption lists = ListsOption::kAuto;  // which seki are listed (the others are counted)
  // > 0: every level built in this many parts (engine/level/parted_level_engine.hpp); 0: whole,
  // or in the fewest parts that fit memory_limit where a level built whole would not.
  int parts = 0;
  std::string command_line;  // recorded in manifest.json; the resume hint is built from it
};

// What a run is about to do, once its parameters are checked and its directory is ready.
struct RunStart {
  int rows = 0, cols = 0, max_entry = 0, max_sum = 0;  // the effective bounds
  int threads = 0;                                     // per rank
  int ranks = 1;
  bool generate_only = false;
  std::string out;
  int resumed_after = -1;                       // the level a resumed run goes on after; -1: none
  std::vector<std::uint64_t> expected_classes;  // [s]: Burnside's number of classes at sum s
  std::uint64_t classes_done_before = 0;        // classes of the levels earlier sessions finished
  Device device = Device::kCpu;
};

// Events of a run, in order: Notice* (resume), Started, then per level LevelStarted (not for level
// 0 or a resumed level) and LevelFinished, then Interrupted if the stop flag ended it. Every
// callback does nothing by default.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void Started(const RunStart& /*start*/) {}
  // Level `sum` is being built; the builder counts the parents (classes of sum-1) it has done in
  // `parents_done`, which stays valid as long as the Run.
  virtual void LevelStarted(int /*sum*/, std::atomic<std::uint64_t>* /*parents_done*/) {}
  virtual void LevelFinished(const LevelReport& /*level*/) {}
  // A remark for the user, e.g. "not using levels/level-0010.bin: <reason>".
  virtual void Notice(const std::string& /*text*/) {}
  // The stop flag ended the run; levels up to `last_saved_level` are saved, and `resume_hint` is
  // the command line that continues it.
  virtual void Interrupted(int /*last_saved_level*/, const std::string& /*resume_hint*/) {}
};

enum class RunStatus {
  kCompleted,        // every level is done; manifest.json says complete
  kInterrupted,      // stopped by the flag; resume to continue
  kAlreadyComplete,  // resume of a run that was already complete: nothing done
};

struct RunResult {
  RunStatus status = RunStatus::kCompleted;
  int rows = 0, cols = 0, max_entry = 0, max_sum = 0;  // the effective bounds
  int threads = 0;                                     // per rank
  int ranks = 1;
  std::uint64_t exchanged_bytes = 0;  // records sent between ranks in this session (all ranks)
  std::vector<LevelReport> levels;    // every finished level, earlier sessions' included
  RunTotals totals;                   // the sums over `levels`
  int last_saved_level = -1;          // interrupted: levels up to this one are saved
  std::string resume_hint;            // interrupted: the command line that continues the run
  double wall_seconds = 0;            // summed over every session of the run
  double wall_seconds_this_session = 0;
  std::uint64_t peak_rss_bytes = 0;  // of this process, at the end
  nlohmann::json summary;            // completed: what summary.json holds
};

// The parameters of a run, checked.
struct CheckedRun {
  EnumerationSpace space;
  double memory_limit_bytes = 0;
  int threads = 0;  // per rank
};

// The one check of a run's parameters, in this order: the bounds (EnumerationSpace::Make), the
// thread count, the level engine for the device and the group (CheckLevelEngine), the memory
// limit. Execute calls it first; throws InputError.
CheckedRun CheckRunParameters(const RunParameters& parameters, const Ranks& group);

class Run {
 public:
  // `observer`, `stop` and `group` may be null (no group: a single process); all must outlive
  // Execute.
  explicit Run(RunParameters parameters, RunObserver* observer = nullptr,
               const std::atomic<bool>* stop = nullptr, const Ranks* group = nullptr);

  // Does the run. Throws InputError for bad parameters, a run directory that cannot be used
  // (another run without resume or force, other parameters on resume) and a level that would not
  // fit in the memory limit (levels before it are saved and can be resumed with a larger limit).
  RunResult Execute();

 private:
  RunParameters parameters_;
  RunObserver* observer_;
  const std::atomic<bool>* stop_;
  const Ranks* group_;
  std::atomic<std::uint64_t> parents_done_{0};
};

}  // namespace seki
