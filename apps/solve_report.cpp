#include "apps/solve_report.hpp"

namespace seki::cli {
namespace {

std::vector<MoveRow> Moves(Solver& solver, const Matrix& a, Game g) {
  const std::vector<MoveValue> by_r = ActiveMoves(solver, a, g, Player::kR);
  const std::vector<MoveValue> by_c = ActiveMoves(solver, a, g, Player::kC);
  std::vector<MoveRow> rows;
  for (std::size_t k = 0; k < by_r.size() && k < by_c.size(); ++k)
    rows.push_back({by_r[k].row, by_r[k].col, by_r[k].value, by_c[k].value});
  return rows;
}

}  // namespace

SolveReport ValuesReport(const Matrix& a, const Solution& solution) {
  SolveReport report{a, {}};
  for (Game g : kGames) report.games[static_cast<int>(g)].outcome = solution[g];
  return report;
}

SolveReport BuildReport(Solver& solver, const Matrix& a, bool with_moves) {
  SolveReport report = ValuesReport(a, solver.Solve(a));
  if (!with_moves) return report;
  for (Game g : kGames) {
    GameReport& game = report.games[static_cast<int>(g)];
    game.moves = Moves(solver, a, g);
    for (Player first : {Player::kR, Player::kC})
      game.lines.push_back(OptimalLine(solver, a, g, first));
  }
  return report;
}

}  // namespace seki::cli
