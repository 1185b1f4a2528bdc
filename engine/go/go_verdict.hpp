// GoAnalysis: a GO position decided exactly and said in GO terms. The model's matrix is solved by
// the one solve path (SolveEngine), with every move and an optimal line for each first player;
// then R is Black (who wants a zero row: a white group captured), C is White, an entry (i,j) is a
// liberty shared by white group i and black group j, and a move lowering it is a stone filling one
// of those points. SEKI is GO's rule (a move that takes the last liberty of a group of each colour
// captures the opponent's); D-SEKI calls that a draw. The verdict says complete seki, semi-complete
// (who may fill which liberty safely) or who captures, moving first and second, and, with more than
// one group on a side, that GO may part ways with the game (the paper's Fig. 3, Remark 2.2).
// Concurrency: AnalyseGo uses the caller's engine (one per thread); the rest are pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/go/go_model.hpp"
#include "engine/go/sgf.hpp"
#include "engine/solve/play.hpp"
#include "engine/solve/solve_engine.hpp"
#include "engine/solve/solve_report.hpp"

namespace seki::go {

// One step of a line of play on the board.
struct GoStep {
  Stone colour = Stone::kBlack;
  bool pass = false;
  Point at;  // the filled liberty (not a pass)
};

struct GoLine {
  std::vector<GoStep> steps;
  Result result = Result::D;  // for the first player
  std::string ending;         // "Black captures W C3", "both pass: seki", ...
};

struct GoAnalysis {
  GoModel model;
  SolveReport report;         // both games, every move, a line per first player
  std::vector<GoLine> lines;  // SEKI's lines: Black first, White first
  std::string verdict;        // a paragraph in GO words (SEKI, GO's capture rule)
  std::string dseki;          // one line on D-SEKI
  std::string parting;        // where GO may differ; "" with one group of each colour
};

// Decides the model's matrix with the engine (SolveEngine::Check, then Report with moves). Every
// failure is an InputError naming `where` (too large to solve) or a MemoryLimitError (the search
// or a down-set pass does not fit the engine's memory limit).
GoAnalysis AnalyseGo(const GoModel& model, SolveEngine& engine, std::string_view where);

// A line of the matrix game as stones on the board: the k-th lowering of entry (i,j) fills the k-th
// of its liberties in reading order.
GoLine LineOnBoard(const GoModel& model, const PlayLine& line);

// "B E5, W pass, B F5" (no steps: "both pass").
std::string GoLineMoves(const GoLine& line);

// What `seki go` prints: the groups, the matrix with each entry's liberties, both games' values,
// the verdict, every move's result and the optimal lines as board points.
std::string GoAnalysisText(const GoAnalysis& analysis);

// The analysis as an SGF record: the position, the verdict as the root comment, each shared
// liberty labelled with its entry ("1,2": row 1, column 2), the optimal lines as variations.
SgfRecord AnalysisRecord(const GoAnalysis& analysis, std::string_view name);

}  // namespace seki::go
