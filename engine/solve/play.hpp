// Play: the active moves of a position with the value each leads to, and one line of optimal play
// to the end of a game (passes shown), both from the exact values of an engine: the exhaustive
// ExhaustiveSolver, the SearchEngine or the DownsetEngine (each has Solve(a) and ChildSolution(a,
// i, j)). Concurrency: uses the caller's engine; not thread-safe across calls sharing one engine.
#pragma once

#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/play_out.hpp"
#include "engine/solve/search.hpp"

namespace seki {

// One active move (lower A(row, col) by 1) and the result it gives the player who makes it.
struct MoveValue {
  int row = 0, col = 0;  // 0-based
  Result value = Result::L;
};

// Every active move of a (row-major order) for the given mover in game g.
template <class Engine>
std::vector<MoveValue> ActiveMoves(Engine& engine, const Matrix& a, Game g, Player mover);

struct PlayStep {
  Player player = Player::kR;
  bool pass = false;
  int row = -1, col = -1;  // the lowered entry, 0-based; -1 for a pass
  Matrix after;            // the position after the step
};

struct PlayLine {
  std::vector<PlayStep> steps;
  Result result = Result::D;  // for the first player
  std::string ending;         // e.g. "R wins: row 2 is zero", "draw: two passes"
};

// Result for `mover` of an active move to a child with values `child`: -C(A') for R, -R(A') for C
// (MoveContribution in rules.hpp, for one game).
Result MoverResult(const Outcome& child, Player mover);

// Result for `mover` of passing at a position with values `here` (its R, C, r, c): a draw right
// after the opponent's pass (two passes end the game); otherwise the opponent then moves at the
// same position and gets at least a draw (by passing back), so the mover gets
// -max(D, opponent's best active move). Max(here.active(mover), PassResult(...)) is R(A) resp. C(A)
// when no pass is pending: the pass rule of Outcome::FromActive.
Result PassResult(const Outcome& here, Player mover, bool after_pass);

// Why the game ended when `mover` lowered (i, j) (0-based) and `after` has a zero row or column:
// "R wins: row 2 is zero", "C wins: column 1 is zero", "draw: row 1 and column 3 became zero
// together" (D-SEKI), "R wins: row 1 and column 3 became zero together" (SEKI, R moved).
std::string TerminalEnding(const Matrix& after, int i, int j, Game g, Player mover);

// The step an optimal player `mover` takes at a (not terminal) in game g; after_pass: the
// opponent's last step was a pass. Passes when every active move loses, and right after the
// opponent's pass unless an active move wins; otherwise makes the first (row-major) active move
// with the best value. `after` is the position after the step.
template <class Engine>
PlayStep OptimalStep(Engine& engine, const Matrix& a, Game g, Player mover, bool after_pass);

// One line of optimal play from a starting position: OptimalStep for each player in turn until
// two passes or a zero line end the game.
template <class Engine>
PlayLine OptimalLine(Engine& engine, const Matrix& a, Game g, Player first);

extern template std::vector<MoveValue> ActiveMoves(ExhaustiveSolver&, const Matrix&, Game, Player);
extern template std::vector<MoveValue> ActiveMoves(SearchEngine&, const Matrix&, Game, Player);
extern template std::vector<MoveValue> ActiveMoves(DownsetEngine&, const Matrix&, Game, Player);
extern template PlayStep OptimalStep(ExhaustiveSolver&, const Matrix&, Game, Player, bool);
extern template PlayStep OptimalStep(SearchEngine&, const Matrix&, Game, Player, bool);
extern template PlayStep OptimalStep(DownsetEngine&, const Matrix&, Game, Player, bool);
extern template PlayLine OptimalLine(ExhaustiveSolver&, const Matrix&, Game, Player);
extern template PlayLine OptimalLine(SearchEngine&, const Matrix&, Game, Player);
extern template PlayLine OptimalLine(DownsetEngine&, const Matrix&, Game, Player);

}  // namespace seki
