// DownsetEngine: the values of both games for one matrix A from every matrix B <= A, in one pass
// over the down-set (DownsetPass) at one byte a matrix, or, when that does not fit the memory
// limit, in one pass a game at 4 bits a matrix (DownsetMode), or, when neither fits and a scratch
// directory is given, with the ring in a file there (DownsetRing), instead of a search or a memo of
// canonical forms. Same answers as ExhaustiveSolver::Solve and SearchEngine::Solve; answers Solve
// and ChildSolution for every position of a game from A (engine/solve/play.hpp) from its full table
// when it keeps one, else by a pass of that position's own down-set. Concurrency: Solve and
// ChildSolution are called by one thread at a time (a pass runs on `threads` workers of its own);
// done(), total() may be read by any thread while a pass runs (progress lines). Distinct instances
// share nothing.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_orbits.hpp"
#include "engine/solve/downset_pass.hpp"
#include "engine/solve/downset_ranks.hpp"
#include "engine/solve/downset_ring.hpp"
#include "engine/solve/downset_storage.hpp"
#include "engine/solve/downset_take.hpp"
#include "storage/checkpoint.hpp"
#include "storage/checkpoint_policy.hpp"

namespace seki {

// Thrown before anything is allocated when a down-set pass needs more memory than allowed (or,
// `search_ran_out`, when the search ran out of memory on a matrix whose pass does not fit either).
// The ways out it names: `on_disk`, its ring on disk (DownsetOnDiskInstead); `by_orbits`, the pass
// by orbits of A's `symmetries` where A has a layout for it that this solve did not take.
struct DownsetWaysOut {
  std::optional<DownsetStorage> on_disk, by_orbits;
  double symmetries = 1;
  bool search_ran_out = false;
};
class DownsetTooLarge : public std::runtime_error {
 public:
  DownsetTooLarge(double needed, double limit, DownsetWaysOut ways = {});
  double needed() const { return needed_; }
  const DownsetWaysOut& ways() const { return ways_; }

 private:
  double needed_;
  DownsetWaysOut ways_;
};

// The refusal of a pass of `a` whose `storage` does not fit `limit`: the ring on disk named where
// `disk_allowed` (one process, no scratch directory given), the pass by orbits where A has a layout
// and `storage` is not it.
DownsetTooLarge DownsetTooLargeFor(const Matrix& a, const DownsetStorage& storage, double limit,
                                   bool disk_allowed, bool search_ran_out = false);

// Thrown before anything is written when the ring on disk needs more than the scratch directory's
// free space.
class DownsetDiskTooSmall : public std::runtime_error {
 public:
  DownsetDiskTooSmall(double needed, double free, const std::filesystem::path& dir);
  double needed() const { return needed_; }
  double free() const { return free_; }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  double needed_, free_;
  std::filesystem::path dir_;
};

struct DownsetOptions {
  // Bytes a pass may hold; 0: DefaultMemoryLimitBytes().
  std::size_t memory_bytes = 0;
  // A pass keeps a full table (one byte for every B <= A, so that every position of a game from A
  // is answered without another pass) when it has at most this many bytes and fits memory_bytes;
  // otherwise only the ring.
  std::size_t full_table_bytes = std::size_t{1} << 30;
  int threads = 1;
  // When set (e.g. on Ctrl-C), a pass stops at the next step (checkpointing first when a
  // checkpoint file is set) and Solve throws Stopped (kInterrupted).
  const std::atomic<bool>* stop = nullptr;
  // When not empty, the checkpoint directory (storage/checkpoint.hpp, engine/solve/
  // downset_checkpoint.hpp): a pass writes its state there when `checkpoint_every` (minutes) says
  // so and when stopped (removed once the pass completes); with `resume`, a pass that finds a
  // checkpoint of its own matrix there continues from it.
  std::filesystem::path checkpoint = {};
  CheckpointPolicy checkpoint_every{0, 10};
  bool resume = false;
  // The storage mode; unset: by the memory limit (DownsetStorageFor: one byte a matrix when it
  // fits). Set to kOneGame (tests), a pass never keeps a full table; set at all, or with
  // `force_disk`, a pass never runs by orbits.
  std::optional<DownsetMode> mode = {};
  // When set, this process is one rank of a job and every pass of at least DownsetSplitMatrices()
  // matrices is split among the ranks (DownsetShare: ring only, the mode chosen by the largest
  // share, one checkpoint file per rank: DownsetCheckpointOf); smaller passes run on every rank
  // alone, as in one process, without checkpoints. Every rank must make the same calls in the same
  // order.
  const Ranks* ranks = nullptr;
  // When set, the take phase of every pass (engine/solve/downset_take.hpp): it sees every block of
  // this rank's share; its state is saved with each checkpoint and restored on resume (a
  // checkpoint without one, of a solve without a take phase, is refused).
  DownsetTake* take = nullptr;
  // When not empty, a directory where a ring that fits memory in neither mode is kept on disk
  // (DownsetRing; one process only). That directory is then the pass's checkpoint (`checkpoint`
  // and `checkpoint_every` are not used): the ring file and checkpoint.json, committed at the
  // start of every sub-slab (no copy of the ring: a sync and a small file), so that Ctrl-C (which
  // stops at the start of the next sub-slab) and a kill at any moment resume with `resume`.
  // `force_disk` (tests): on disk whenever the layout allows, whatever fits memory.
  std::filesystem::path scratch = {};
  bool force_disk = false;
  // One value per orbit of A's symmetries where it can (DownsetOrbitChoice).
  DownsetOrbitChoice orbits = DownsetOrbitChoice::kAuto;
};

// The disk a pass of DownsetOptions may use: the free bytes of `scratch` (0 when empty), plus the
// ring file of a checkpoint there that a resumed pass would reuse.
DownsetDisk ScratchDisk(const std::filesystem::path& scratch, bool force = false);

// The checkpoint of a down-set solve in `dir` kept by rank `rank` of the `ranks` a pass is split
// among (1: one process, or a pass that runs alone on each rank).
Checkpoint DownsetCheckpointOf(const std::filesystem::path& dir, int rank = 0, int ranks = 1);

class DownsetEngine {
 public:
  explicit DownsetEngine(DownsetOptions options = {});
  ~DownsetEngine();
  DownsetEngine(const DownsetEngine&) = delete;
  DownsetEngine& operator=(const DownsetEngine&) = delete;

  // Values of both games for a starting position. Throws std::invalid_argument for a matrix with
  // a zero line, DownsetTooLarge when its pass cannot fit, Stopped when stopped.
  Solution Solve(const Matrix& a);
  // Values of the matrix reached by lowering a(i, j) (terminal values when a line empties).
  Solution ChildSolution(const Matrix& a, int i, int j);

  // Matrices of the passes of the solve running or last run (the down-set's, once a game in
  // kOneGame), and how many of them are done.
  std::uint64_t total() const { return total_.load(std::memory_order_relaxed); }
  std::uint64_t done() const;
  // Matrices of every pass so far.
  std::uint64_t positions() const { return positions_; }
  // Bytes the ring on disk has read and written over every pass so far (0 in memory).
  std::uint64_t disk_read() const { return disk_read_; }
  std::uint64_t disk_written() const { return disk_written_; }
  std::size_t memory_bytes() const { return memory_bytes_; }
  // The ranks the last pass was split among (1: one process, or alone on each rank).
  int split_ranks() const { return split_ranks_; }

 private:
  Solution Pass(const Matrix& a);
  // A pass with its ring on disk (storage.disk), in options_.scratch.
  Solution DiskPass(const Matrix& a, const DownsetStorage& storage);
  // The pass by orbits (DownsetOrbitPass), one game a pass in kOneGame.
  Solution OrbitPass(const Matrix& a, const DownsetOrbits& orbits, DownsetMode mode);

  DownsetOptions options_;
  std::size_t memory_bytes_;
  // The last pass with a full table (answers every B <= its matrix), and the roots of others.
  std::unique_ptr<DownsetLayout> layout_;
  std::unique_ptr<std::uint8_t[]> table_;
  std::unique_ptr<DownsetPass> pass_;
  std::map<Matrix, Solution> roots_;
  std::atomic<std::uint64_t> total_{0}, done_{0};
  std::uint64_t positions_ = 0;
  std::uint64_t disk_read_ = 0, disk_written_ = 0;
  int split_ranks_ = 1;
};

}  // namespace seki
