// `seki plan`: options → PlanRun → table and summary, or JSON.
#include "apps/plan_command.hpp"

#include <cstdlib>
#include <iostream>
#include <memory>

#include "apps/plan_format.hpp"
#include "engine/run/run_plan.hpp"

namespace seki::cli {

namespace {

struct PlanOptions {
  PlanRequest request;
  bool json = false;
};

}  // namespace

void AddPlanCommand(CLI::App& app) {
  auto o = std::make_shared<PlanOptions>();
  CLI::App* cmd = app.add_subcommand(
      "plan",
      "The cost model of `seki enumerate` on --ranks MPI ranks: classes, records exchanged and "
      "memory per rank per level, and the expected wall time (docs/distributed.md)");
  PlanRequest& q = o->request;
  cmd->add_option("--rows", q.rows, "Number of rows (1..8)")->required();
  cmd->add_option("--cols", q.cols, "Number of columns (1..8)")->required();
  cmd->add_option("--max-entry", q.max_entry, "Largest entry (H)");
  cmd->add_option("--max-sum", q.max_sum, "Largest total sum (S)");
  cmd->add_option("--ranks", q.ranks, "MPI ranks (1..256)")->required();
  cmd->add_option("--threads", q.threads, "Threads per rank (default 1)");
  cmd->add_flag("--outcomes", q.outcomes, "Model a run with --outcomes");
  cmd->add_option("--rate", q.classes_per_thread_second,
                  "Classes per thread-second (default: the measured rate of the 64-bit or the "
                  "wide level engine, as the region needs)")
      ->check([](const std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        return end != text.c_str() && *end == '\0' && v > 0 ? "" : "must be a positive number";
      });
  cmd->add_option("--bandwidth", q.bandwidth, "Network bytes per second per rank (default 1e9)");
  cmd->add_flag("--json", o->json, "Print the plan as JSON");
  cmd->callback([o] {
    const RunPlan plan = PlanRun(o->request);
    if (o->json)
      std::cout << PlanJson(plan).dump(2) << '\n';
    else
      std::cout << FormatPlanTable(plan) << FormatPlanSummary(plan);
  });
}

}  // namespace seki::cli
