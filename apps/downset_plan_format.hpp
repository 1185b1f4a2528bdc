// The text of `seki plan --matrix A`: a table of the memory layouts, a table of where the solve
// may run (one process, R ranks as a model, one GPU), and summary lines with the model's
// assumptions.
// Concurrency: pure functions.
#pragma once

#include <string>

#include "engine/cost/downset_plan.hpp"

namespace seki::cli {

std::string FormatDownsetPlanTable(const DownsetPlan& plan);
std::string FormatDownsetPlanSummary(const DownsetPlan& plan);

}  // namespace seki::cli
