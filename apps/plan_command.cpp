// `seki plan`: options → PlanRun (CPU engine, ranks), PlanDeviceRun (--device gpu|thrust-cpu) or
// PlanDownset (--matrix A) → table and summary, or JSON.
#include "apps/plan_command.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "apps/cli_error.hpp"
#include "apps/downset_plan_format.hpp"
#include "apps/matrix_input.hpp"
#include "apps/plan_format.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/cost/device_plan.hpp"
#include "engine/cost/downset_plan.hpp"
#include "engine/cost/run_plan.hpp"
#include "engine/level/device_option.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/solve/downset.hpp"
#include "storage/direct_file.hpp"
#include "storage/level.hpp"

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
  std::string matrix;        // --matrix: the plan of its down-set solve instead
  std::string memory_limit;  // --matrix: one process's limit ("": the default)
  std::string scratch;       // --matrix: the scratch directory, measured ("": none)
  bool json = false;
};

void AddDevicePlanOptions(CLI::App& cmd, DevicePlanOptions& o) {
  cmd.add_option("--device", o.device,
                 "Level engine: cpu (default: the plan on --ranks) or gpu / thrust-cpu (the thrust "
                 "engine on one machine: GPU memory, host memory, disk and time, and a verdict)");
  cmd.add_option("--gpu-memory", o.gpu_memory,
                 "--device gpu: memory of the card (default " + o.gpu_memory + ")");
  cmd.add_option("--host-memory", o.host_memory,
                 "--device: memory of the host (default " + o.host_memory +
                     "; a run's default limit is " + DefaultMemoryPercent() + " of it)");
  cmd.add_option("--disk", o.disk,
                 "--device: disk free for the run directory (default " + o.disk + ")");
  cmd.add_option("--checkpoint-every", o.checkpoint_every,
                 "--device: as for seki enumerate: N levels, Mm minutes or both (default " +
                     o.checkpoint_every + ")");
  cmd.add_option("--lists", o.lists,
                 "As for seki enumerate: auto (default), all or complete (what rank 0's catalogue "
                 "part holds; --device: what the run writes)");
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

// `seki plan --matrix A`: the down-set solve of A (engine/cost/downset_plan.hpp).
void PrintDownsetPlan(const PlanOptions& o) {
  const std::vector<MatrixInput> inputs = ReadStartingPositions({o.matrix}, "");
  if (inputs.size() != 1)
    throw InputError("--matrix", "one matrix, not " + std::to_string(inputs.size()));
  DownsetPlanRequest request{.matrix = inputs.front().matrix,
                             .ranks = o.request.ranks,
                             .threads = o.request.threads,
                             .matrices_per_thread_second = o.request.classes_per_thread_second,
                             .bandwidth = o.request.bandwidth,
                             .memory_limit = double(ParseMemoryLimit(o.memory_limit))};
  if (!o.scratch.empty()) {  // its free space, and its speed: 1 GiB written and read back
    request.disk_free = ScratchDisk(o.scratch).free;
    const DiskSpeed speed = MeasureDiskSpeed(o.scratch, std::uint64_t{1} << 30);
    request.disk_read = speed.read, request.disk_write = speed.write;
    request.disk_measured = true;
  }
  const DownsetPlan plan = PlanDownset(request);
  if (o.json)
    std::cout << DownsetPlanJson(plan).dump(2) << '\n';
  else
    std::cout << FormatDownsetPlanTable(plan) << FormatDownsetPlanSummary(plan);
}

}  // namespace

void AddPlanCommand(CLI::App& app) {
  auto o = std::make_shared<PlanOptions>();
  CLI::App* cmd = app.add_subcommand(
      "plan",
      "The cost model of `seki enumerate` before running it: on --ranks MPI ranks, classes, "
      "records "
      "exchanged and memory per rank per level and the expected wall time "
      "(docs/distributed/cost-model.md); "
      "with --device gpu|thrust-cpu, GPU memory, host memory, disk and time on one machine and "
      "whether the run fits (docs/gpu/planning.md); with --matrix A, the memory and time of the "
      "down-set "
      "solve of A in one process and on a GPU, and on --ranks MPI ranks (memory and bytes sent as "
      "the solve's, the time a model)");
  PlanRequest& q = o->request;
  CLI::Option* rows =
      cmd->add_option("--rows", q.rows, fmt::format("Number of rows (1..{})", kMaxDim));
  CLI::Option* cols =
      cmd->add_option("--cols", q.cols, fmt::format("Number of columns (1..{})", kMaxDim));
  CLI::Option* max_entry = cmd->add_option("--max-entry", q.max_entry, "Largest entry (H)");
  CLI::Option* max_sum = cmd->add_option("--max-sum", q.max_sum, "Largest total sum (S)");
  cmd->add_option("--ranks", q.ranks,
                  fmt::format("MPI ranks (1..{}, default {}; with --matrix: up to the values of "
                              "the digit the solve on ranks splits a slab by)",
                              kShardCount, q.ranks));
  cmd->add_option("--threads", q.threads, fmt::format("Threads per rank (default {})", q.threads));
  CLI::Option* outcomes = cmd->add_flag("--outcomes", q.outcomes, "Model a run with --outcomes");
  cmd->add_option("--matrix", o->matrix,
                  "Plan the down-set solve of this matrix (as `seki solve` takes it; '-': stdin)")
      ->excludes(rows)
      ->excludes(cols)
      ->excludes(max_entry)
      ->excludes(max_sum)
      ->excludes(outcomes);
  cmd->add_option("--scratch", o->scratch,
                  "With --matrix: the directory a ring on disk would use (as seki solve takes it): "
                  "its free space, and its speed, measured by writing and reading 1 GiB there")
      ->type_name("DIR");
  cmd->add_option("--memory-limit", o->memory_limit,
                  "The memory limit of one process (of each rank): for a region, the levels "
                  "built in parts (as `seki enumerate --memory-limit` builds them), with parts, "
                  "memory and disk per level; with --matrix, as `seki solve` takes it (default: " +
                      DefaultMemoryPercent() + " of this machine's memory), it picks the mode");
  cmd->add_option(
         "--rate", q.classes_per_thread_second,
         "Classes per thread-second (default: the measured rate of the 64-bit or the "
         "wide level engine, as the region needs); with --device, classes per second of "
         "the device (default: gpu, the issue's reference, not measured by us; "
         "thrust-cpu, the measured rate per thread times --threads); with --matrix, matrices "
         "per thread-second (default: the measured down-set rate)")
      ->check([](const std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        return end != text.c_str() && *end == '\0' && v > 0 ? "" : "must be a positive number";
      });
  cmd->add_option("--bandwidth", q.bandwidth,
                  fmt::format("Network bytes per second per rank (default {:.0e})", q.bandwidth));
  AddDevicePlanOptions(*cmd, o->device);
  cmd->add_flag("--json", o->json, "Print the plan as JSON");
  cmd->callback([o, rows, cols] {
    if (!o->matrix.empty()) {
      if (o->device.device != "cpu") throw InputError("--device", "not with --matrix");
      return PrintDownsetPlan(*o);
    }
    for (const CLI::Option* required : {rows, cols})
      if (required->count() == 0)
        throw InputError(required->get_name(), "is required (or --matrix A)");
    if (o->device.device != "cpu") return PrintDevicePlan(*o);
    PlanRequest request = o->request;
    request.lists = ParseListsOption(o->device.lists, "--lists");
    if (!o->memory_limit.empty())
      request.memory_limit = double(ParseByteSize(o->memory_limit, "--memory-limit"));
    const RunPlan plan = PlanRun(request);
    if (o->json)
      std::cout << PlanJson(plan).dump(2) << '\n';
    else
      std::cout << FormatPlanTable(plan) << FormatPlanSummary(plan);
  });
}

}  // namespace seki::cli
