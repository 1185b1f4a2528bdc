// The text of `seki race`: a race's values for both games and, with moves, every move's result for
// each player laid out as the matrix with its outside liberties and eyes beside it, and an optimal
// line per first player. A plain race prints what `seki solve` prints (FormatText).
// Concurrency: pure functions.
#pragma once

#include <string>

#include "engine/solve/race_report.hpp"

namespace seki::cli {

std::string FormatRaceText(const RaceReport& report);

}  // namespace seki::cli
