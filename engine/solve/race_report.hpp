// RaceReport: what `seki race` and `seki go` show for one race (spec section 7): the values of both
// games and, on request, every move with its result for each player who may make it and a line of
// optimal play for each first player. A plain race's report is its matrix's SolveReport, move for
// move and line for line (RaceReportOf).
// Concurrency: BuildRaceReport uses the engine it is given (one engine per thread).
#pragma once

#include <array>
#include <vector>

#include "engine/base/race.hpp"
#include "engine/solve/race_play.hpp"
#include "engine/solve/solve_report.hpp"

namespace seki {

struct RaceGameReport {
  Outcome outcome;
  std::vector<RaceMoveRow> moves;  // empty unless requested
  std::vector<RaceLine> lines;     // R first, then C first; empty unless requested
};

struct RaceReport {
  Race race;
  std::array<RaceGameReport, 2> games;  // indexed by Game

  const RaceGameReport& operator[](Game g) const { return games[static_cast<int>(g)]; }
};

// Solves a starting race with the given engine, with moves and lines on request.
template <class Engine>
RaceReport BuildRaceReport(Engine& engine, const Race& r, bool with_moves);
extern template RaceReport BuildRaceReport(RaceBoxEngine&, const Race&, bool);
extern template RaceReport BuildRaceReport(RaceMemoSolver&, const Race&, bool);

// The report of a plain race from its matrix's: each MoveRow an entry move, each PlayStep a step
// whose position is the matrix after it; the same results and endings.
RaceReport RaceReportOf(const SolveReport& report);
// The other way round, for a plain race's report (precondition: report.race.plain()).
SolveReport PlainReportOf(const RaceReport& report);

}  // namespace seki
