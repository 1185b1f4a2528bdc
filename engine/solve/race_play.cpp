// Moves with results and one optimal line of a race, from an engine's exact values.
#include "engine/solve/race_play.hpp"

#include "engine/solve/play.hpp"
#include "engine/solve/play_out.hpp"

namespace seki {

std::string RaceMoveName(RaceMove m) {
  const std::string row = std::to_string(m.row + 1), col = std::to_string(m.col + 1);
  switch (m.kind) {
    case RaceMoveKind::kEntry:
      return "(" + row + "," + col + ")";
    case RaceMoveKind::kRowOutside:
      return "(" + row + ",out)";
    case RaceMoveKind::kColOutside:
      return "(out," + col + ")";
    case RaceMoveKind::kRowEye:
      return "(" + row + ",eye)";
    case RaceMoveKind::kColEye:
      break;
  }
  return "(eye," + col + ")";
}

std::string RaceEnding(const Race& after, Game g, Player mover) {
  std::string row, col;
  for (int i = 0; i < after.rows() && row.empty(); ++i)
    if (after.row_liberties(i) == 0) row = "row " + std::to_string(i + 1);
  for (int j = 0; j < after.cols() && col.empty(); ++j)
    if (after.col_liberties(j) == 0) col = "column " + std::to_string(j + 1);
  if (!row.empty() && !col.empty())
    return (g == Game::kDSeki ? std::string("draw") : PlayerName(mover) + std::string(" wins")) +
           ": " + row + " and " + col + " have no liberty together";
  return row.empty() ? "C wins: " + col + " has no liberty" : "R wins: " + row + " has no liberty";
}

template <class Engine>
std::vector<RaceMoveRow> RaceMoveRows(Engine& engine, const Race& r, Game g) {
  std::vector<RaceMoveRow> rows;
  for (const RaceMove m : RaceMoves(r)) {
    const Outcome child = engine.ChildSolution(r, m)[g];
    RaceMoveRow row{m, {}, {}};
    if (MayMake(r, m, Player::kR)) row.for_r = MoverResult(child, Player::kR);
    if (MayMake(r, m, Player::kC)) row.for_c = MoverResult(child, Player::kC);
    rows.push_back(row);
  }
  return rows;
}

template <class Engine>
RaceStep RaceOptimalStep(Engine& engine, const Race& r, Game g, Player mover, bool after_pass) {
  const Result best = engine.Solve(r)[g].active(mover);
  const RaceStep pass{mover, true, {}, r};
  if (best == Result::L || (after_pass && best != Result::W)) return pass;
  for (const RaceMoveRow& row : RaceMoveRows(engine, r, g))
    if ((mover == Player::kR ? row.for_r : row.for_c) == best)
      return {mover, false, row.move, AfterMove(r, row.move)};
  return pass;  // unreachable: some move reaches the best result
}

template <class Engine>
RaceLine RaceOptimalLine(Engine& engine, const Race& start, Game g, Player first) {
  const Outcome root = engine.Solve(start)[g];  // the first player's result: R or C
  RaceLine line{{}, first == Player::kR ? root.R : root.C, ""};
  PlayOut(
      line, start, first,
      [&](const Race& r, Player mover, bool after_pass) {
        return RaceOptimalStep(engine, r, g, mover, after_pass);
      },
      [&](const RaceStep& step, Player mover) {
        return RaceTerminal(step.after) ? RaceEnding(step.after, g, mover) : std::string();
      });
  return line;
}

template std::vector<RaceMoveRow> RaceMoveRows(RaceBoxEngine&, const Race&, Game);
template std::vector<RaceMoveRow> RaceMoveRows(RaceMemoSolver&, const Race&, Game);
template RaceStep RaceOptimalStep(RaceBoxEngine&, const Race&, Game, Player, bool);
template RaceStep RaceOptimalStep(RaceMemoSolver&, const Race&, Game, Player, bool);
template RaceLine RaceOptimalLine(RaceBoxEngine&, const Race&, Game, Player);
template RaceLine RaceOptimalLine(RaceMemoSolver&, const Race&, Game, Player);

}  // namespace seki
