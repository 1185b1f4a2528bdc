// Play: the active moves of a position with the value each leads to, and one line of optimal play
// to the end of a game (passes shown), both from the exact values of an engine: the exhaustive
// Solver or the BoundedSearch (each has Solve(a) and ChildSolution(a, i, j)).
// Concurrency: uses the caller's engine; not thread-safe across calls sharing one engine.
#pragma once

#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/search.hpp"
#include "engine/solve/solver.hpp"

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

// One line of optimal play from a starting position: each player makes the first (row-major)
// move that achieves the position's value, and passes exactly when the pass rule says so.
template <class Engine>
PlayLine OptimalLine(Engine& engine, const Matrix& a, Game g, Player first);

extern template std::vector<MoveValue> ActiveMoves(Solver&, const Matrix&, Game, Player);
extern template std::vector<MoveValue> ActiveMoves(BoundedSearch&, const Matrix&, Game, Player);
extern template PlayLine OptimalLine(Solver&, const Matrix&, Game, Player);
extern template PlayLine OptimalLine(BoundedSearch&, const Matrix&, Game, Player);

}  // namespace seki
