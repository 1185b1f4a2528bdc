// RaceMemoSolver: the generalised game of spec section 7 by memoised backward induction over the
// positions reachable from a race, each kept under its canonical form up to isomorphism (the
// groups of a colour permuted with their outside liberties and eyes): the matrix with one more
// column holding 2 p_i + e_i, one more row holding 2 q_j + f_j, and a corner larger than every
// other entry, so that canon::CanonicalForm can only map that row and column to themselves. The
// ExhaustiveSolver of races: an independent path to RaceBoxEngine's values (tests) and the engine
// of `--engine exhaustive|search` for races up to 7x7 (RaceMemoSupports).
// Concurrency: one instance per thread.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/base/outcome.hpp"
#include "engine/base/race.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "storage/packed_memo.hpp"

namespace seki {

// Whether the canonical form above fits: at most 7 rows and columns, 2 p + e and every entry
// below 255 (so that the corner fits a byte).
bool RaceMemoSupports(const Race& r);

// The canonical form above (precondition: RaceMemoSupports(r)); isomorphic races, and only they,
// have the same.
Matrix RaceCanonicalForm(const Race& r);

class RaceMemoSolver {
 public:
  explicit RaceMemoSolver(SolverLimits limits = {});

  // Values of both games for a starting position. Throws std::invalid_argument for one that is
  // not (RaceStartProblem) or that RaceMemoSupports refuses, SolveOutOfMemory when the memo would
  // outgrow memory_bytes.
  Solution Solve(const Race& r);
  // Values after move m: terminal when it leaves a group without liberty, else solved.
  Solution ChildSolution(const Race& r, RaceMove m);

  // Races solved (memoised) so far, over every shape.
  std::size_t positions() const { return positions_; }

 private:
  PackedOutcome Value(const Race& r);

  std::size_t memory_bytes_;
  std::size_t positions_ = 0;
  PackedMemo memo_{1};  // of the races of one shape: made again for another
  int rows_ = 0, cols_ = 0;
};

}  // namespace seki
