// RaceSolver: SolveEngine's path for races that are not plain (spec section 7): the box of the race
// in one pass (RaceBoxEngine) by default, the memo solver by canonical forms (RaceMemoSolver) for
// `--engine exhaustive|search` where it takes the race (else the box); the check before solving
// and the one wording of a race that cannot be solved.
// Concurrency: one instance per thread (owned by a SolveEngine).
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "engine/base/race.hpp"
#include "engine/solve/race_box.hpp"
#include "engine/solve/race_memo.hpp"
#include "engine/solve/race_report.hpp"

namespace seki {

class RaceSolver {
 public:
  // memo: the memo solver where it takes the race; memory_bytes: the box's, or the memo's, bytes.
  RaceSolver(bool memo, std::size_t memory_bytes, const std::atomic<bool>* stop);

  // An InputError naming `where` for a race that is not a starting position (RaceStartProblem);
  // DownsetTooLarge when the box it needs has more bytes than the memory limit.
  void Check(const Race& r, std::string_view where);
  RaceReport Report(const Race& r, bool moves);
  Solution Solve(const Race& r);

  // "engine=race-box positions=..." (and/or race-memo) for --stats.
  std::string Stats() const;

 private:
  bool UsesMemo(const Race& r) const { return memo_ && RaceMemoSupports(r); }
  RaceBoxEngine& Box();
  RaceMemoSolver& Memo();

  bool memo_;
  std::size_t memory_bytes_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<RaceBoxEngine> box_;
  std::unique_ptr<RaceMemoSolver> memo_solver_;
};

}  // namespace seki
