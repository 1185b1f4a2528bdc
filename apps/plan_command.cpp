// `seki plan`: options → PlanRun (CPU engine, ranks) or PlanDeviceRun (--device gpu|thrust-cpu) →
// table and summary, or JSON.
#include "apps/plan_command.hpp"

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "apps/plan_format.hpp"
#include "engine/base/input_error.hpp"
#include "engine/level/device_option.hpp"
#include "engine/run/device_plan.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/run/run_plan.hpp"

namespace seki::cli {

namespace {

// The options of the device plan, as text until they are parsed.
struct DevicePlanOptions {
  std::string device = "cpu";
  std::string gpu_memory = "80G", host_memory = "128G", disk = "64G";
  std::string checkpoint_every = "1";
  std::string lists = "auto";
};

struct PlanOptions {
  PlanRequest request;
  DevicePlanOptions device;
  bool json = false;
};

void AddDevicePlanOptions(CLI::App& cmd, DevicePlanOptions& o) {
  cmd.add_option("--device", o.device,
                 "Level engine: cpu (default: the plan on --ranks) or gpu / thrust-cpu (the thrust "
                 "engine on one machine: GPU memory, host memory, disk and time, and a verdict)");
  cmd.add_option("--gpu-memory", o.gpu_memory, "--device gpu: memory of the card (default 80G)");
  cmd.add_option("--host-memory", o.host_memory,
                 "--device: memory of the host (default 128G; a run's default limit is 80% of it)");
  cmd.add_option("--disk", o.disk, "--device: disk free for the run directory (default 64G)");
  cmd.add_option("--checkpoint-every", o.checkpoint_every,
                 "--device: as for seki enumerate: N levels, Mm minutes or both (default 1)");
  cmd.add_option("--lists", o.lists,
                 "--device: as for seki enumerate: auto (default), all or complete");
}

DevicePlanRequest DeviceRequest(const PlanOptions& o) {
  const PlanRequest& q = o.request;
  const DevicePlanOptions& d = o.device;
  DevicePlanRequest r;
  r.rows = q.rows, r.cols = q.cols, r.max_entry = q.max_entry, r.max_sum = q.max_sum;
  r.device = ParseDevice(d.device, "--device");
  r.threads = q.threads;
  r.outcomes = q.outcomes;
  r.lists = ParseListsOption(d.lists, "--lists");
  r.checkpoint = ParseCheckpointPolicy(d.checkpoint_every, "--checkpoint-every");
  r.gpu_memory = double(ParseByteSize(d.gpu_memory, "--gpu-memory"));
  r.host_memory = double(ParseByteSize(d.host_memory, "--host-memory"));
  r.disk = double(ParseByteSize(d.disk, "--disk"));
  r.classes_per_second = q.classes_per_thread_second;
  if (q.ranks != 1) throw InputError("--ranks", "the thrust engine runs in one process");
  return r;
}

void PrintDevicePlan(const PlanOptions& o) {
  const DevicePlan plan = PlanDeviceRun(DeviceRequest(o));
  if (o.json)
    std::cout << DevicePlanJson(plan).dump(2) << '\n';
  else
    std::cout << FormatDevicePlanTable(plan) << FormatDevicePlanSummary(plan);
}

}  // namespace

void AddPlanCommand(CLI::App& app) {
  auto o = std::make_shared<PlanOptions>();
  CLI::App* cmd = app.add_subcommand(
      "plan",
      "The cost model of `seki enumerate` before running it: on --ranks MPI ranks, classes, "
      "records "
      "exchanged and memory per rank per level and the expected wall time (docs/distributed.md); "
      "with --device gpu|thrust-cpu, GPU memory, host memory, disk and time on one machine and "
      "whether the run fits (docs/gpu.md)");
  PlanRequest& q = o->request;
  cmd->add_option("--rows", q.rows, "Number of rows (1..8)")->required();
  cmd->add_option("--cols", q.cols, "Number of columns (1..8)")->required();
  cmd->add_option("--max-entry", q.max_entry, "Largest entry (H)");
  cmd->add_option("--max-sum", q.max_sum, "Largest total sum (S)");
  cmd->add_option("--ranks", q.ranks, "MPI ranks (1..256, default 1)");
  cmd->add_option("--threads", q.threads, "Threads per rank (default 1)");
  cmd->add_flag("--outcomes", q.outcomes, "Model a run with --outcomes");
  cmd->add_option("--rate", q.classes_per_thread_second,
                  "Classes per thread-second (default: the measured rate of the 64-bit or the "
                  "wide level engine, as the region needs); with --device, classes per second of "
                  "the device (default: gpu, the issue's reference, not measured by us; "
                  "thrust-cpu, the measured rate per thread times --threads)")
      ->check([](const std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        return end != text.c_str() && *end == '\0' && v > 0 ? "" : "must be a positive number";
      });
  cmd->add_option("--bandwidth", q.bandwidth, "Network bytes per second per rank (default 1e9)");
  AddDevicePlanOptions(*cmd, o->device);
  cmd->add_flag("--json", o->json, "Print the plan as JSON");
  cmd->callback([o] {
    if (o->device.device != "cpu") return PrintDevicePlan(*o);
    const RunPlan plan = PlanRun(o->request);
    if (o->json)
      std::cout << PlanJson(plan).dump(2) << '\n';
    else
      std::cout << FormatPlanTable(plan) << FormatPlanSummary(plan);
  });
}

}  // namespace seki::cli
