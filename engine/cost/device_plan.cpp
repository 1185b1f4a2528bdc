// The cost model of a thrust-engine run on one machine (see device_plan.hpp and
// docs/gpu/planning.md).
#include "engine/cost/device_plan.hpp"

#include <stdexcept>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/gpu/thrust_level_engine.hpp"
#include "engine/level/class_count.hpp"
#include "engine/run/level_engines.hpp"
#include "engine/run/memory_budget.hpp"
#include "storage/level_file_bytes.hpp"

namespace seki {

namespace {

void CheckRequest(const DevicePlanRequest& q, const EnumerationSpace& space) {
  if (q.device == Device::kCpu)
    throw InputError("--device", "the device plan is for gpu or thrust-cpu (cpu: --ranks)");
  CheckLevelEngine(space, q.device, /*solve=*/true, Ranks{});
  if (q.threads < 1) throw InputError("--threads", "must be positive");
  if (!(q.gpu_memory > 0)) throw InputError("--gpu-memory", "must be positive");
  if (!(q.host_memory > 0)) throw InputError("--host-memory", "must be positive");
  if (!(q.disk > 0)) throw InputError("--disk", "must be positive");
  if (q.classes_per_second < 0) throw InputError("--rate", "must be positive");
}

// Text of every catalogue file a level adds (an estimate: the measured bytes a class of the
// lists, and one outcomes line a class, as if every class had no zero line).
double CatalogueBytes(const EnumerationSpace& space, CatalogueLists lists, bool outcomes,
                      std::uint64_t classes) {
  const double lists_bytes =
      lists == CatalogueLists::kAll ? kListAllBytesPerClass : kListCompleteBytesPerClass;
  const double outcome_line = double(space.rows * space.cols + space.rows - 1) + 22;
  return double(classes) * (lists_bytes + (outcomes ? outcome_line : 0.0));
}

}  // namespace

DevicePlan PlanDeviceRun(const DevicePlanRequest& q) {
  EnumerationSpace space;
  try {
    space = EnumerationSpace::Make(q.rows, q.cols, q.max_entry, q.max_sum);
  } catch (const std::invalid_argument& e) {
    throw InputError("plan", e.what());
  }
  CheckRequest(q, space);

  DevicePlan plan;
  plan.request = q;
  plan.max_entry = space.max_entry, plan.max_sum = space.max_sum;
  plan.classes_per_second = q.classes_per_second > 0 ? q.classes_per_second
                            : q.device == Device::kGpu
                                ? kReferenceGpuClassesPerSecond
                                : kMeasuredThrustCpuClassesPerThreadSecond * q.threads;
  plan.host_limit = kDefaultMemoryFraction * q.host_memory;
  const std::vector<std::uint64_t> counts =
      ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum);
  plan.classes = counts[0];
  for (int s = 1; s <= space.max_sum; ++s) plan.classes += counts[s];
  plan.lists = ResolveLists(q.lists, plan.classes);

  const auto file_bytes = [&](std::uint64_t classes) {
    return double(LevelFileBytes(classes, space.key_words, /*solved=*/true));
  };
  // The two newest checkpoints' level files (level 0 is one), oldest first.
  double older = 0, newer = file_bytes(counts[0]);
  double catalogues = 0, since_checkpoint = 0;
  plan.written_bytes = newer;
  for (int s = 1; s <= space.max_sum; ++s) {
    DevicePlanLevel l;
    l.sum = s;
    l.classes = counts[s];
    l.gpu_bytes = q.device == Device::kGpu
                      ? gpu::ThrustDevicePeakBytes(space, q.device, counts[s - 1], counts[s])
                      : 0;
    l.host_bytes = LevelBytesEstimate(space, counts, s, q.outcomes, false, 1, q.device);
    l.seconds = double(counts[s]) / plan.classes_per_second;
    since_checkpoint += l.seconds;
    const double added = CatalogueBytes(space, plan.lists, q.outcomes, counts[s]);
    catalogues += added;
    l.catalogue_bytes = catalogues;
    l.checkpoint = q.checkpoint.Due(s, space.max_sum, since_checkpoint / 60);
    if (l.checkpoint) {  // the older file is removed before this one is written
      l.level_file_bytes = file_bytes(counts[s]);
      older = newer, newer = l.level_file_bytes;
      since_checkpoint = 0;
    }
    l.disk_bytes = older + newer + catalogues;
    plan.written_bytes += l.level_file_bytes + added;
    plan.seconds += l.seconds;
    if (l.gpu_bytes > plan.peak_gpu) plan.peak_gpu = l.gpu_bytes, plan.peak_gpu_level = s;
    if (l.host_bytes > plan.peak_host) plan.peak_host = l.host_bytes, plan.peak_host_level = s;
    if (l.disk_bytes > plan.peak_disk) plan.peak_disk = l.disk_bytes, plan.peak_disk_level = s;
    plan.levels.push_back(l);
  }
  return plan;
}

nlohmann::json DevicePlanJson(const DevicePlan& p) {
  nlohmann::json levels = nlohmann::json::array();
  for (const DevicePlanLevel& l : p.levels)
    levels.push_back({{"sum", l.sum},
                      {"classes", l.classes},
                      {"gpu_bytes", l.gpu_bytes},
                      {"host_bytes", l.host_bytes},
                      {"checkpoint", l.checkpoint},
                      {"level_file_bytes", l.level_file_bytes},
                      {"catalogue_bytes", l.catalogue_bytes},
                      {"disk_bytes", l.disk_bytes},
                      {"seconds", l.seconds}});
  const DevicePlanRequest& q = p.request;
  return {{"rows", q.rows},
          {"cols", q.cols},
          {"max_entry", p.max_entry},
          {"max_sum", p.max_sum},
          {"device", DeviceName(q.device)},
          {"outcomes", q.outcomes},
          {"lists", CatalogueListsName(p.lists)},
          {"checkpoint_every", q.checkpoint.Text()},
          {"gpu_memory_bytes", q.gpu_memory},
          {"host_memory_bytes", q.host_memory},
          {"host_limit_bytes", p.host_limit},
          {"disk_bytes", q.disk},
          {"classes_per_second", p.classes_per_second},
          {"classes", p.classes},
          {"peak_gpu_bytes", p.peak_gpu},
          {"peak_gpu_level", p.peak_gpu_level},
          {"peak_host_bytes", p.peak_host},
          {"peak_host_level", p.peak_host_level},
          {"peak_disk_bytes", p.peak_disk},
          {"peak_disk_level", p.peak_disk_level},
          {"written_bytes", p.written_bytes},
          {"seconds", p.seconds},
          {"fits_gpu", p.FitsGpu()},
          {"fits_host", p.FitsHost()},
          {"fits_disk", p.FitsDisk()},
          {"fits", p.Fits()},
          {"levels", levels}};
}

}  // namespace seki
