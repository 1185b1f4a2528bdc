// The renderings of a `seki check` report (engine/check/region_check.hpp): the header, the text
// of each shape as it finishes, the one-line machine-readable summary and the --json document.
// Concurrency: pure functions.
#pragma once

#include <string>

#include "engine/check/region_check.hpp"

namespace seki::cli {

std::string FormatCheckHeader(const CheckReport& r);
std::string FormatShapeText(const ShapeReport& s);
std::string FormatCheckSummary(const CheckReport& r);  // one line, ends in '\n'
std::string FormatCheckJson(const CheckReport& r);

}  // namespace seki::cli
