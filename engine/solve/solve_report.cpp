#include "engine/solve/solve_report.hpp"

namespace seki {
namespace {

template <class Engine>
std::vector<MoveRow> Moves(Engine& engine, const Matrix& a, Game g) {
  const std::vector<MoveValue> by_r = ActiveMoves(engine, a, g, Player::kR);
  const std::vector<MoveValue> by_c = ActiveMoves(engine, a, g, Player::kC);
  std::vector<MoveRow> rows;
  for (std::size_t k = 0; k < by_r.size() && k < by_c.size(); ++k)
    rows.push_back({by_r[k].row, by_r[k].col, by_r[k].value, by_c[k].value});
  return rows;
}

template <class Engine>
SolveReport Build(Engine& engine, const Matrix& a, bool with_moves) {
  SolveReport report{a, {}};
  const Solution solution = engine.Solve(a);
  for (Game g : kGames) {
    GameReport& game = report.games[static_cast<int>(g)];
    game.outcome = solution[g];
    if (!with_moves) continue;
    game.moves = Moves(engine, a, g);
    for (Player first : {Player::kR, Player::kC})
      game.lines.push_back(OptimalLine(engine, a, g, first));
  }
  return report;
}

}  // namespace

SolveReport BuildReport(ExhaustiveSolver& solver, const Matrix& a, bool with_moves) {
  return Build(solver, a, with_moves);
}

SolveReport BuildReport(SearchEngine& search, const Matrix& a, bool with_moves) {
  return Build(search, a, with_moves);
}

SolveReport BuildReport(DownsetEngine& downset, const Matrix& a, bool with_moves) {
  return Build(downset, a, with_moves);
}

}  // namespace seki
