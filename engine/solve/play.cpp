// Active moves and one line of optimal play, from an engine's exact values.
#include "engine/solve/play.hpp"

#include "engine/base/rules.hpp"
#include "engine/solve/play_out.hpp"

namespace seki {

Result MoverResult(const Outcome& child, Player mover) {
  return mover == Player::kR ? Negate(child.C) : Negate(child.R);
}

Result PassResult(const Outcome& here, Player mover, bool after_pass) {
  if (after_pass) return Result::D;
  return Negate(Max(Result::D, here.active(Opponent(mover))));
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
PlayStep OptimalStep(Engine& engine, const Matrix& a, Game g, Player mover, bool after_pass) {
  const Result best_active = engine.Solve(a)[g].active(mover);
  // Pass when every active move loses; right after the opponent's pass, also pass (ending the
  // game in a draw) unless an active move wins.
  if (best_active == Result::L || (after_pass && best_active != Result::W))
    return {mover, true, -1, -1, a};
  for (const MoveValue& m : ActiveMoves(engine, a, g, mover)) {
    if (m.value != best_active) continue;
    Matrix after = a;
    after.decrement(m.row, m.col);
    return {mover, false, m.row, m.col, after};
  }
  return {mover, true, -1, -1, a};  // unreachable: some move achieves best_active
}

template <class Engine>
PlayLine OptimalLine(Engine& engine, const Matrix& start, Game g, Player first) {
  PlayLine line;
  const Outcome root = engine.Solve(start)[g];
  line.result = first == Player::kR ? root.R : root.C;
  PlayOut(
      line, start, first,
      [&](const Matrix& a, Player mover, bool after_pass) {
        return OptimalStep(engine, a, g, mover, after_pass);
      },
      [&](const PlayStep& step, Player mover) {
        const Matrix& a = step.after;
        return a.row_sum(step.row) == 0 || a.col_sum(step.col) == 0
                   ? TerminalEnding(a, step.row, step.col, g, mover)
                   : std::string();
      });
  return line;
}

template std::vector<MoveValue> ActiveMoves(ExhaustiveSolver&, const Matrix&, Game, Player);
template std::vector<MoveValue> ActiveMoves(SearchEngine&, const Matrix&, Game, Player);
template std::vector<MoveValue> ActiveMoves(DownsetEngine&, const Matrix&, Game, Player);
template PlayStep OptimalStep(ExhaustiveSolver&, const Matrix&, Game, Player, bool);
template PlayStep OptimalStep(SearchEngine&, const Matrix&, Game, Player, bool);
template PlayStep OptimalStep(DownsetEngine&, const Matrix&, Game, Player, bool);
template PlayLine OptimalLine(ExhaustiveSolver&, const Matrix&, Game, Player);
template PlayLine OptimalLine(SearchEngine&, const Matrix&, Game, Player);
template PlayLine OptimalLine(DownsetEngine&, const Matrix&, Game, Player);

}  // namespace seki
