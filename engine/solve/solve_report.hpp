// SolveReport: what `seki solve` shows for one matrix — the values of both games and, on request,
// every active move with its value and a line of optimal play for each starting player.
// Concurrency: BuildReport uses the engine it is given (one engine per thread).
#pragma once

#include <array>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/play.hpp"
#include "engine/solve/search.hpp"

namespace seki {

// Lowering a(row, col) (0-based) and the result it gives R, resp. C, when that player makes it.
struct MoveRow {
  int row = 0, col = 0;
  Result for_r = Result::L, for_c = Result::L;
};

struct GameReport {
  Outcome outcome;
  std::vector<MoveRow> moves;   // empty unless requested
  std::vector<PlayLine> lines;  // R first, then C first; empty unless requested
};

struct SolveReport {
  Matrix matrix;                    // as given, not canonical
  std::array<GameReport, 2> games;  // indexed by Game

  const GameReport& operator[](Game g) const { return games[static_cast<int>(g)]; }
};

// Solves a starting position with the given engine, with moves and lines on request. Throws
// SolveTooLarge when the engine's limit is exceeded. Every engine gives the same report.
SolveReport BuildReport(ExhaustiveSolver& solver, const Matrix& a, bool with_moves);
SolveReport BuildReport(SearchEngine& search, const Matrix& a, bool with_moves);
SolveReport BuildReport(DownsetEngine& downset, const Matrix& a, bool with_moves);

}  // namespace seki
