// Play: the active moves of a position with the value each leads to, and one line of optimal play
// to the end of a game (passes shown), both read off a Solver's values.
// Concurrency: uses the caller's solver; not thread-safe across calls sharing one solver.
#pragma once

#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/solver.hpp"

namespace seki {

// One active move (lower A(row, col) by 1) and the result it gives the player who makes it.
struct MoveValue {
  int row = 0, col = 0;  // 0-based
  Result value = Result::L;
};

// Every active move of a (row-major order) for the given mover in game g.
std::vector<MoveValue> ActiveMoves(Solver& solver, const Matrix& a, Game g, Player mover);

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

// One line of optimal play from a starting position: each player makes the first (row-major)
// move that achieves the position's value, and passes exactly when the pass rule says so.
PlayLine OptimalLine(Solver& solver, const Matrix& a, Game g, Player first);

}  // namespace seki
