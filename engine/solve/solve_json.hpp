// The JSON documents of single-matrix solves and races, as every driver writes them: `seki solve
// --format json` (one object per matrix), `seki race --format json`, the findings of `seki check
// --json`, and the dictionaries of the Python package (which converts these objects, so its fields
// are the CLI's field for field).
// Concurrency: pure functions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/solve/play.hpp"
#include "engine/solve/race_report.hpp"
#include "engine/solve/solve_report.hpp"

namespace seki {

// {"R", "C", "r", "c", "class": class_name}: one game's values.
nlohmann::ordered_json OutcomeJson(const Outcome& o, std::string_view class_name);

// " R(1,2) C pass ... -> ending": a line of play, rows and columns numbered from 1.
std::string PlayLineText(const PlayLine& line);

// {"result", "ending", "steps": [{"player", "pass", "row", "col", "after"}, ...]}; with_text adds
// "text" (PlayLineText without its leading space) before "steps".
nlohmann::ordered_json PlayLineJson(const PlayLine& line, bool with_text = false);

// {"matrix", "rows", "cols", "sum", "height", "seki": {...}, "dseki": {...}}, each game
// {"R", "C", "r", "c", "class"} and, when the report has them, "moves" and "lines".
nlohmann::ordered_json SolveReportJson(const SolveReport& report);

// `seki race --format json`: a plain race's SolveReportJson, field for field; any other's
// {"race" (FormatRace), "matrix", "rows", "cols", "sum", "height", "outside" and "eyes" ({"rows":
// [...], "cols": [...]}), "seki", "dseki"}, each game {"R", "C", "r", "c", "class"} and, when the
// report has them, "moves" ([{"move", "kind", "row", "col", "R", "C"}]: "kind" entry, row outside,
// col outside, row eye or col eye; "R"/"C" null where that player may not move) and "lines" ({"R",
// "C"}: {"result", "ending", "steps": [{"player", "pass", "move", "after"}]}).
nlohmann::ordered_json RaceReportJson(const RaceReport& report);

}  // namespace seki
