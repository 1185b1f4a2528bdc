// BoundedSearch: proves R(A), C(A), r(A), c(A) of both games for one matrix without computing the
// exact value of every reachable class, by null-window tests over the results L < D < W with a
// transposition table of bounds keyed by the canonical form. Same answers as Solver::Solve.
// Concurrency: an instance is single-threaded (its transposition tables are its own); use one
// instance per thread. Distinct instances share nothing and may run in parallel.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/shape_memos.hpp"
#include "engine/solve/solver.hpp"

namespace seki {

// How the search works (docs/search.md has the details). With the pass rule written out, "R wins
// moving first" is r = W and "R gets at least a draw moving first" is r >= D or c < W, so every
// question about R, C, r, c is a question about whether a player's best active move reaches a
// threshold t in {D, W}. For a child A' of A (a move by p; q is the opponent):
//   p's move to A' gives p at least D  <=>  q's best active move at A' does not win,
//   p's move to A' gives p a win       <=>  q has no active move at A' that draws or wins, and
//                                           p's best active move at A' wins (q must pass, p wins).
// Reaches(A, p, t) is the OR of these over the children (terminal children by the rules), cut off
// at the first child that proves it; the answers are stored as bounds lo <= r, c <= hi per class.
class BoundedSearch {
 public:
  explicit BoundedSearch(SolverLimits limits = {});

  // Values of both games for a starting position (no zero line): exactly Solver::Solve(a).
  // Throws std::invalid_argument for a matrix with a zero line and SolveTooLarge when the
  // transposition tables would need more than the limit's positions.
  Solution Solve(const Matrix& a);

  // Values of the matrix reached by lowering a(i, j): terminal values when the move empties a
  // line, else the child solved as by Solve (as Solver::ChildSolution).
  Solution ChildSolution(const Matrix& a, int i, int j);

  // Classes in the transposition tables (a class counts once per game it was searched in).
  std::size_t positions() const { return positions_; }
  // Classes whose moves were generated (a class counts once per test that expanded it).
  std::size_t expansions() const { return expansions_; }

 private:
  // Whether the best active move of p at x (not terminal, canonical key `key`) gives p at least t.
  bool Reaches(const Matrix& x, const MemoKey& key, Player p, Result t);
  // r (p = R) or c (p = C) of x exactly, by at most two tests.
  Result ActiveValue(const Matrix& x, const MemoKey& key, Player p);
  void Record(const MemoKey& key, Player p, Result t, bool reached);

  std::size_t max_positions_;
  std::size_t positions_ = 0;
  std::size_t expansions_ = 0;
  ShapeMemos tables_;  // slot = game; one byte of bounds per class
  PackedMemo* table_ = nullptr;
  Game game_ = Game::kSeki;
};

}  // namespace seki
