// Rendering of a SolveReport: readable text, or one line of JSON per matrix. Rows and columns are
// numbered from 1 in both.
#pragma once

#include <string>

#include "engine/solve/solve_report.hpp"

namespace seki::cli {

// Several lines ending in '\n': the matrix, shape, sum and height, then per game R, C, r, c and
// the class, and the moves and lines of play when the report has them.
std::string FormatText(const SolveReport& report);

// "  SEKI    R=D C=D r=L c=L  complete seki\n": the line of one game's values in FormatText (and
// in `seki race`'s text).
std::string GameValuesLine(Game g, const Outcome& o);

// One JSON object on one line (no trailing newline):
// {"matrix":"033/303/330","rows":3,"cols":3,"sum":18,"height":3,
//  "seki":{"R":"D","C":"D","r":"L","c":"L","class":"complete"},"dseki":{...}}
// With moves, each game object also has "moves":[{"row":1,"col":2,"R":"L","C":"L"},...] and
// "lines":{"R":LINE,"C":LINE}, LINE = {"result":"D","ending":"...","steps":[{"player":"R",
// "pass":false,"row":2,"col":3,"after":"..."},...]}.
std::string FormatJson(const SolveReport& report);

}  // namespace seki::cli
