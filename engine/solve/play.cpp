// Active moves and one line of optimal play, from an engine's exact values.
#include "engine/solve/play.hpp"

#include "engine/base/rules.hpp"

namespace seki {

namespace {

// Result for `mover` of lowering a(i, j), given the child's values.
Result MoverResult(const Outcome& child, Player mover) {
  return mover == Player::kR ? Negate(child.C) : Negate(child.R);
}

std::string TerminalEnding(const Matrix& a, int i, int j, Game g, Player mover) {
  const bool zero_row = a.row_sum(i) == 0, zero_col = a.col_sum(j) == 0;
  const std::string row = "row " + std::to_string(i + 1), col = "column " + std::to_string(j + 1);
  if (zero_row && zero_col) {
    if (g == Game::kDSeki) return "draw: " + row + " and " + col + " became zero together";
    return std::string(1, PlayerName(mover)) + " wins: " + row + " and " + col +
           " became zero together";
  }
  if (zero_row) return "R wins: " + row + " is zero";
  return "C wins: " + col + " is zero";
}

}  // namespace

template <class Engine>
std::vector<MoveValue> ActiveMoves(Engine& engine, const Matrix& a, Game g, Player mover) {
  std::vector<MoveValue> moves;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0)
        moves.push_back({i, j, MoverResult(engine.ChildSolution(a, i, j)[g], mover)});
  return moves;
}

template <class Engine>
PlayLine OptimalLine(Engine& engine, const Matrix& start, Game g, Player first) {
  PlayLine line;
  const Outcome root = engine.Solve(start)[g];
  line.result = first == Player::kR ? root.R : root.C;

  Matrix a = start;
  Player mover = first;
  bool previous_was_pass = false;
  while (true) {
    const Outcome here = engine.Solve(a)[g];
    const Result best_active = mover == Player::kR ? here.r : here.c;
    // Pass when every active move loses; right after the opponent's pass, also pass (ending the
    // game in a draw) unless an active move wins.
    if (best_active == Result::L || (previous_was_pass && best_active != Result::W)) {
      line.steps.push_back({mover, true, -1, -1, a});
      if (previous_was_pass) {
        line.ending = "draw: two passes";
        return line;
      }
      previous_was_pass = true;
      mover = Opponent(mover);
      continue;
    }
    for (const MoveValue& m : ActiveMoves(engine, a, g, mover)) {
      if (m.value != best_active) continue;
      a.decrement(m.row, m.col);
      line.steps.push_back({mover, false, m.row, m.col, a});
      if (a.row_sum(m.row) == 0 || a.col_sum(m.col) == 0) {
        line.ending = TerminalEnding(a, m.row, m.col, g, mover);
        return line;
      }
      break;
    }
    previous_was_pass = false;
    mover = Opponent(mover);
  }
}

template std::vector<MoveValue> ActiveMoves(Solver&, const Matrix&, Game, Player);
template std::vector<MoveValue> ActiveMoves(BoundedSearch&, const Matrix&, Game, Player);
template PlayLine OptimalLine(Solver&, const Matrix&, Game, Player);
template PlayLine OptimalLine(BoundedSearch&, const Matrix&, Game, Player);

}  // namespace seki
