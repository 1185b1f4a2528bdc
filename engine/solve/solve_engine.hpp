// SolveEngine: the one place that turns "solve this matrix" into an engine: it picks the engine
// (`seki solve --engine auto|search|downset|exhaustive`, Python's `engine=`), refuses before
// solving what cannot be solved, keeps the result of a cheap probe and uses it, and starts an
// engine afresh when its tables are full (seki solve, the Python package, Resolver).
// Concurrency: one instance per thread; the engines it owns may run threads of their own inside
// a call. search(), downset() may be read by any thread for progress lines while a call runs.
#pragma once

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/search.hpp"
#include "engine/solve/solve_report.hpp"
#include "engine/solve/solver.hpp"

namespace seki {

enum class EngineKind { kAuto, kSearch, kDownset, kExhaustive };

// "auto", "search", "downset", "exhaustive"; anything else is an InputError naming `where`.
EngineKind ParseEngineKind(std::string_view text, std::string_view where);
std::string_view EngineKindName(EngineKind kind);

// `auto` takes the down-set engine for a matrix with at most this many matrices below it (and
// whose ring fits the memory limit), the bounded search otherwise (docs/search.md, "Engines").
inline constexpr double kAutoDownsetMatrices = 5e6;

struct SolveEngineOptions {
  EngineKind kind = EngineKind::kAuto;
  std::size_t memory_bytes = 0;  // the search's tables or the down-set's pass; 0: the default
  int threads = 1;
  const std::atomic<bool>* stop = nullptr;  // Ctrl-C: SearchStopped (kInterrupted)
  bool moves = false;  // reports with moves will be asked: keep full down-set tables where they fit
  // Exhaustive: start the memo afresh before a solve once it holds more than this (0: never).
  std::size_t max_kept_positions = 0;
  std::filesystem::path checkpoint = {};  // down-set passes (DownsetOptions)
  double checkpoint_seconds = 600;
  bool resume = false;
  DownsetRanks* ranks = nullptr;  // down-set passes split among the ranks of a job
};

class SolveEngine {
 public:
  explicit SolveEngine(SolveEngineOptions options = {});
  ~SolveEngine();

  // The engine that solves a: the chosen kind, or what `auto` takes.
  EngineKind Choose(const Matrix& a) const;

  // Refuses, before anything is solved, a starting position that the engine cannot solve: the
  // exhaustive Solver's size bound (InputError "<where>: too large to solve: ..."), also for the
  // search unless a probe with small tables decides a (the probe is kept and used by Report).
  void Check(const Matrix& a, std::string_view where);

  // The report of `seki solve` for a starting position. Throws SolveTooLarge, SearchStopped and
  // DownsetTooLarge.
  SolveReport Report(const Matrix& a, bool moves);
  Solution Solve(const Matrix& a);
  // One line of optimal play (OptimalLine) by the same engine.
  PlayLine Line(const Matrix& a, Game g, Player first);

  // The engines in use (null before their first solve), for progress lines and statistics.
  const BoundedSearch* search() const { return search_.get(); }
  const DownsetEngine* downset() const { return downset_.get(); }
  const Solver* solver() const { return solver_.get(); }
  std::size_t memory_bytes() const { return memory_bytes_; }
  // "engine=... positions=..." for --stats, one word per engine used.
  std::string Stats() const;

 private:
  template <class F>
  auto WithEngine(const Matrix& a, F&& f);

  SolveEngineOptions options_;
  std::size_t memory_bytes_;
  std::unique_ptr<Solver> solver_;
  std::unique_ptr<BoundedSearch> search_;
  std::unique_ptr<DownsetEngine> downset_;
  std::map<Matrix, std::unique_ptr<BoundedSearch>> probes_;  // decided by Check's probe
};

}  // namespace seki
