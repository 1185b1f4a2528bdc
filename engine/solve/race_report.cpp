#include "engine/solve/race_report.hpp"

namespace seki {

template <class Engine>
RaceReport BuildRaceReport(Engine& engine, const Race& r, bool with_moves) {
  RaceReport report{r, {}};
  const Solution solution = engine.Solve(r);
  for (Game g : kGames) {
    RaceGameReport& game = report.games[static_cast<int>(g)];
    game.outcome = solution[g];
    if (!with_moves) continue;
    game.moves = RaceMoveRows(engine, r, g);
    for (Player first : {Player::kR, Player::kC})
      game.lines.push_back(RaceOptimalLine(engine, r, g, first));
  }
  return report;
}

template RaceReport BuildRaceReport(RaceBoxEngine&, const Race&, bool);
template RaceReport BuildRaceReport(RaceMemoSolver&, const Race&, bool);

RaceReport RaceReportOf(const SolveReport& plain) {
  RaceReport report{Race(plain.matrix), {}};
  for (Game g : kGames) {
    const GameReport& from = plain[g];
    RaceGameReport& to = report.games[static_cast<int>(g)];
    to.outcome = from.outcome;
    for (const MoveRow& m : from.moves)
      to.moves.push_back({{RaceMoveKind::kEntry, m.row, m.col}, m.for_r, m.for_c});
    for (const PlayLine& line : from.lines) {
      RaceLine& out = to.lines.emplace_back();
      out.result = line.result;
      out.ending = line.ending;
      for (const PlayStep& s : line.steps)
        out.steps.push_back(
            {s.player, s.pass, {RaceMoveKind::kEntry, s.row, s.col}, Race(s.after)});
    }
  }
  return report;
}

SolveReport PlainReportOf(const RaceReport& race) {
  SolveReport report{race.race.a, {}};
  for (Game g : kGames) {
    const RaceGameReport& from = race[g];
    GameReport& to = report.games[static_cast<int>(g)];
    to.outcome = from.outcome;
    for (const RaceMoveRow& m : from.moves)
      to.moves.push_back({m.move.row, m.move.col, *m.for_r, *m.for_c});
    for (const RaceLine& line : from.lines) {
      PlayLine& out = to.lines.emplace_back();
      out.result = line.result;
      out.ending = line.ending;
      for (const RaceStep& s : line.steps)
        out.steps.push_back({s.player, s.pass, s.move.row, s.move.col, s.after.a});
    }
  }
  return report;
}

}  // namespace seki
