// GoAnalysis: a GO position decided exactly and said in GO terms. The model's race (its matrix with
// the groups' outside liberties and eyes, spec section 7) is solved by the one solve path
// (SolveEngine; a race without outside liberty or eye is the paper's matrix, solved as before),
// with every move and an optimal line for each first player; then R is Black (who wants a white
// group captured), C is White, an entry (i,j) is a liberty shared by white group i and black group
// j, p_i / q_j the outside liberties of a group, e_i / f_j its eye, and a move is a stone on one
// of those points. SEKI is GO's rule (a move that takes the last liberty of a group of each colour
// captures the opponent's); D-SEKI calls that a draw. The verdict says complete seki,
// semi-complete (who may fill which liberty safely) or who captures, moving first and second; with
// more than one group on a side, that GO may part ways with the game (the paper's Fig. 3, Remark
// 2.2); and, when some wall does not live unconditionally (Benson's algorithm), that it assumes
// those walls live.
// Concurrency: AnalyseGo uses the caller's engine (one per thread); the rest are pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/go/fight_verdict.hpp"
#include "engine/go/go_line.hpp"
#include "engine/go/go_model.hpp"
#include "engine/go/sgf.hpp"
#include "engine/solve/play.hpp"
#include "engine/solve/race_report.hpp"
#include "engine/solve/solve_engine.hpp"
#include "engine/solve/solve_report.hpp"

namespace seki::go {

struct GoAnalysis {
  GoModel model;
  RaceReport report;                 // both games, every move, a line per first player
  std::vector<GoLine> lines;         // SEKI's lines: Black first, White first
  std::string verdict;               // a paragraph in GO words (SEKI, GO's capture rule)
  std::string dseki;                 // one line on D-SEKI
  std::string parting;               // where GO may differ; "" with one group of each colour
  std::vector<Chain> assumed_walls;  // walls that do not live unconditionally (benson.hpp)
  std::string walls;  // the verdict's assumption that they live; "" when every wall lives
  // Where the model does not decide the position exactly (go_fight.hpp: ModelDecides), GO's
  // answer by the exact local search; then `verdict` is the model's game, not GO's answer.
  std::optional<FightVerdict> fight;
};

// Decides the model's race with the engine (SolveEngine::Check, then Report with moves). Every
// failure is an InputError naming `where` (too large to solve) or a MemoryLimitError (the search,
// a down-set pass or a race's box does not fit the engine's memory limit).
GoAnalysis AnalyseGo(const GoModel& model, SolveEngine& engine, std::string_view where);

// A line of the race as stones on the board: the k-th move at a place (an entry, a group's outside
// liberties) fills the k-th of its points in reading order (GoModel::MovePoints).
GoLine LineOnBoard(const GoModel& model, const RaceLine& line);

// "B E5, W pass, B F5" (no steps: "both pass").
std::string GoLineMoves(const GoLine& line);

// What `seki go` prints: the groups, the matrix with each entry's liberties (and each group's
// outside liberties and eye), both games' values, the verdict, the walls it assumes alive, every
// move's result and the optimal lines as board points.
std::string GoAnalysisText(const GoAnalysis& analysis);

// The analysis as an SGF record: the position, the verdict (and the walls it assumes alive) as the
// root comment, each liberty labelled with its place (EntryLabels: "1,2" row 1, column 2; "p1",
// "e1", ...), the optimal lines as variations.
SgfRecord AnalysisRecord(const GoAnalysis& analysis, std::string_view name);

}  // namespace seki::go
