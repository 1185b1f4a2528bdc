// `seki plan --rows R --cols C --max-entry H [--max-sum S] [--ranks P] [--threads T] [--json]`: the
// cost model of an enumeration on P ranks before running it (engine/cost/run_plan.hpp): a table
// per level and a summary, or JSON. Runs that need keys over 64 bits are modelled and marked.
// With --device gpu|thrust-cpu [--gpu-memory, --host-memory, --disk, --checkpoint-every, --lists]:
// the thrust engine's run on one machine (engine/cost/device_plan.hpp) and a verdict.
// Concurrency: called from main only.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddPlanCommand(CLI::App& app);

}  // namespace seki::cli
