// SolveEngine: the one place that turns "solve this matrix" into an engine: it picks the engine
// (`--engine auto|search|downset|exhaustive`, Python's `engine=`), refuses before solving what
// cannot be solved, keeps the result of a cheap probe and uses it, starts an engine afresh when
// its tables are full, and words a solve that stops the same way for every caller (every command
// that solves: solve, show, extend, family, origin, report, play, verify; the Python package).
// Concurrency: one instance per thread; the engines it owns may run threads of their own inside
// a call. search(), downset() may be read by any thread for progress lines while a call runs.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/base/race.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/downset_orbits.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/play.hpp"
#include "engine/solve/race_report.hpp"
#include "engine/solve/search.hpp"
#include "engine/solve/solve_report.hpp"

namespace seki {

class RaceSolver;

enum class EngineKind { kAuto, kSearch, kDownset, kExhaustive };

// "auto", "search", "downset", "exhaustive"; anything else is an InputError naming `where`.
EngineKind ParseEngineKind(std::string_view text, std::string_view where);
std::string_view EngineKindName(EngineKind kind);

// `auto` (docs/search.md, "Engines"): the down-set's cost is known before it starts (its matrices
// at the measured rate, DownsetSeconds), the search's is not. A pass expected to take at most
// kAutoDownsetAtOnceSeconds runs at once. Otherwise the search runs first, for kAutoSearchShare of
// the pass's expected time but at least that time up to kAutoSearchFloorSeconds, plus
// kAutoSearchStartSeconds for the search's tables to start, and the down-set
// takes over when that time is spent or the search runs out of memory. Where the pass does not fit
// the memory limit, the search runs alone. (Neither engine's time bounds the other's: no rule of
// this kind is within a constant below 2x of the faster engine on every matrix;
// docs/log/performance-log.md has the measured trade-off, "`auto` against both engines".)
inline constexpr double kAutoDownsetAtOnceSeconds = 0.1;
inline constexpr double kAutoSearchShare = 0.2;
inline constexpr double kAutoSearchFloorSeconds = 0.5;
inline constexpr double kAutoSearchStartSeconds = 0.02;

// Expected seconds of a down-set solve of a with `storage` (DownsetStorageFor: one pass for both
// games, or two one-game passes) on `threads` threads in all (DownsetPassSeconds).
double DownsetSeconds(const Matrix& a, const DownsetStorage& storage, int threads);

struct SolveEngineOptions {
  EngineKind kind = EngineKind::kAuto;
  std::size_t memory_bytes = 0;  // the search's tables or the down-set's pass; 0: the default
  int threads = 1;
  const std::atomic<bool>* stop = nullptr;  // Ctrl-C: Stopped (kInterrupted)
  bool moves = false;  // reports with moves will be asked: keep full down-set tables where they fit
  // Exhaustive: start the memo afresh before a solve once it holds more than this (0: never).
  std::size_t max_kept_positions = 0;
  std::filesystem::path checkpoint = {};  // down-set passes (DownsetOptions): a directory
  CheckpointPolicy checkpoint_every{0, 10};
  bool resume = false;
  const Ranks* ranks = nullptr;  // down-set passes split among the ranks of a job
  DownsetTake* take = nullptr;   // the take phase of down-set passes (DownsetOptions::take)
  // Where a down-set ring that fits memory in neither mode goes (DownsetOptions::scratch: then
  // also the pass's checkpoint); empty: memory only. `force_disk`: there whenever it can (tests).
  std::filesystem::path scratch = {};
  bool force_disk = false;
  DownsetOrbitChoice orbits = DownsetOrbitChoice::kAuto;  // DownsetOptions::orbits
};

// Called inside a catch block: rethrows a solve that stopped as the one line every command and the
// Python package say: SolveTooLarge as InputError(where, "too large to solve: ..."); a search that
// cannot decide within the memory limit, or a down-set pass that does not fit it, as
// MemoryLimitError(where, "... (see --memory-limit)"); anything else (the stop flag's
// Stopped, kInterrupted, included) unchanged. A ring on disk that does not fit its scratch
// directory (DownsetDiskTooSmall) is a MemoryLimitError too, naming the directory.
[[noreturn]] void RethrowSolveStop(std::string_view where, std::size_t memory_bytes);

class SolveEngine {
 public:
  explicit SolveEngine(SolveEngineOptions options = {});
  ~SolveEngine();

  // The engine that solves a first: the chosen kind, or what `auto` tries first.
  EngineKind Choose(const Matrix& a) const;
  // The engine at work now (for progress lines; any thread may ask).
  EngineKind running() const { return running_.load(); }

  // Refuses, before anything is solved, a starting position that the engine cannot solve: the
  // exhaustive ExhaustiveSolver's size bound (InputError "<where>: too large to solve: ..."), also
  // for the search unless a probe with small tables decides a (the probe is kept and used by
  // Report).
  void Check(const Matrix& a, std::string_view where);

  // The report of `seki solve` for a starting position. Throws SolveTooLarge, Stopped and
  // DownsetTooLarge.
  SolveReport Report(const Matrix& a, bool moves);
  Solution Solve(const Matrix& a);
  // Check(a, where), then Solve(a), Guarded(where): both games' values of one matrix, refused or
  // stopped in the one wording (what show, extend, family and origin call for each matrix).
  Solution Values(const Matrix& a, std::string_view where);
  // One line of optimal play (OptimalLine) by the same engine.
  PlayLine Line(const Matrix& a, Game g, Player first);
  // Every active move of a with its result for `mover` in game g (ActiveMoves), and the step an
  // optimal `mover` takes there (OptimalStep), by the same engine.
  std::vector<MoveValue> Moves(const Matrix& a, Game g, Player mover);
  PlayStep Step(const Matrix& a, Game g, Player mover, bool after_pass);

  // The generalised game of spec section 7 (engine/base/race.hpp). A plain race is its matrix: the
  // Check, Report and Solve above, unchanged. Any other goes to the race engines
  // (engine/solve/race_solver.hpp: the race's box in one pass; the memo solver for --engine
  // exhaustive or search), refused first (InputError) when it is not a starting position, or
  // (DownsetTooLarge) when its box does not fit the memory limit.
  void Check(const Race& r, std::string_view where);
  RaceReport Report(const Race& r, bool moves);
  Solution Solve(const Race& r);

  // Runs f() (a Check and solves of this engine) and says why a solve stopped in the one wording
  // of RethrowSolveStop, naming `where`.
  template <class F>
  auto Guarded(std::string_view where, F&& f) {
    try {
      return f();
    } catch (...) {
      RethrowSolveStop(where, memory_bytes_);
    }
  }

  // The engines in use (null before their first solve), for progress lines and statistics.
  const SearchEngine* search() const { return search_.get(); }
  const DownsetEngine* downset() const { return downset_.get(); }
  const ExhaustiveSolver* solver() const { return solver_.get(); }
  std::size_t memory_bytes() const { return memory_bytes_; }
  const std::atomic<bool>* stop() const { return options_.stop; }  // the caller's stop flag
  // "engine=... positions=..." for --stats, one word per engine used.
  std::string Stats() const;

 private:
  // What `auto` (or the chosen kind) does for a: the engine to try first, the search's seconds
  // before the down-set takes over (0: no bound), whether the down-set can take over.
  struct Choice {
    EngineKind first = EngineKind::kSearch;
    double search_seconds = 0;
    bool downset_fits = false;
  };
  Choice Pick(const Matrix& a) const;
  DownsetDisk Disk() const;
  // The orbit choice of its down-set passes (DownsetOptions::orbits).
  DownsetOrbitChoice Orbits() const { return options_.orbits; }
  template <class F>
  auto WithEngine(const Matrix& a, F&& f);
  template <class F>
  auto WithSearch(double seconds, F&& f);
  template <class F>
  auto WithDownset(F&& f);

  SolveEngineOptions options_;
  std::size_t memory_bytes_;
  std::unique_ptr<ExhaustiveSolver> solver_;
  std::unique_ptr<SearchEngine> search_;
  std::unique_ptr<DownsetEngine> downset_;
  std::map<Matrix, std::unique_ptr<SearchEngine>> probes_;  // decided by Check's probe
  std::unique_ptr<RaceSolver> race_;                        // races that are not plain
  RaceSolver& Races();
  std::atomic<EngineKind> running_{EngineKind::kSearch};
};

}  // namespace seki
