// The text of `seki plan`: one line per level and a summary (sizes in GiB, bytes in GB), for the
// CPU engine on ranks and for the thrust engine on one machine (--device).
// Concurrency: pure functions.
#pragma once

#include <string>

#include "engine/cost/device_plan.hpp"
#include "engine/cost/run_plan.hpp"

namespace seki::cli {

std::string FormatPlanTable(const RunPlan& plan);
std::string FormatPlanSummary(const RunPlan& plan);

// `seki plan --device`: one line per level (GiB), then one line per resource and the verdict.
std::string FormatDevicePlanTable(const DevicePlan& plan);
std::string FormatDevicePlanSummary(const DevicePlan& plan);

}  // namespace seki::cli
