// The text of `seki plan`: one line per level and a summary (sizes in GiB, bytes in GB).
// Concurrency: pure functions.
#pragma once

#include <string>

#include "engine/run/run_plan.hpp"

namespace seki::cli {

std::string FormatPlanTable(const RunPlan& plan);
std::string FormatPlanSummary(const RunPlan& plan);

}  // namespace seki::cli
