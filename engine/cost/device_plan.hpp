// DevicePlan: the cost model of `seki enumerate --device gpu|thrust-cpu` on one machine, computed
// before anything runs (`seki plan --device`): per level the classes (Burnside), the GPU memory
// (gpu::ThrustDevicePeakBytes), the host memory (LevelBytesEstimate: the thrust engine's host part
// and the catalogue writer's bound), the disk (the level files of the checkpoints, at most two at
// once, and the catalogues so far) and the time at a rate; and the verdict: whether the run fits
// the card, the host (the run's default memory limit: kDefaultMemoryFraction of its memory) and
// the disk, and by how much each one that does not falls short.
// Concurrency: pure functions; any thread may call them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "engine/level/level_engine.hpp"
#include "engine/run/catalogue_lists.hpp"
#include "storage/checkpoint_policy.hpp"

namespace seki {

// NOT measured by us: issue 24's reference, "a 340-line CUDA program of the same design family
// ran 4x4 <= 6 in 144 s on one H100": its 58,002,778,967 classes in 144 s.
inline constexpr double kReferenceGpuClassesPerSecond = 58002778967.0 / 144;
// --device thrust-cpu, measured (docs/gpu.md, issue 24's engine): 4x4 entries <= 3, 7,880,456
// classes in 16.8 user-s (--threads 2, a shared machine).
inline constexpr double kMeasuredThrustCpuClassesPerThreadSecond = 7880456.0 / 16.8;
// Catalogue bytes a class, measured on 4x4 entries <= 3 (docs/gpu/planning.md, "Planning a run"):
// the six catalogues, 127,433,997 bytes, and the complete and semi-complete ones, 25,667 bytes, for
// its 7,880,456 classes. An estimate elsewhere: 3x4 <= 5 has 6.0 bytes a class, 3x3 <= 6 45.
inline constexpr double kListAllBytesPerClass = 127433997.0 / 7880456;
inline constexpr double kListCompleteBytesPerClass = 25667.0 / 7880456;

struct DevicePlanRequest {
  int rows = 0, cols = 0;
  int max_entry = -1, max_sum = -1;  // -1: not given
  Device device = Device::kGpu;      // kGpu or kThrustCpu
  int threads = 1;                   // host threads (thrust-cpu's default rate scales with them)
  bool outcomes = false;
  ListsOption lists = ListsOption::kAuto;
  CheckpointPolicy checkpoint;
  double gpu_memory = 80.0 * (1 << 30);    // bytes of the card
  double host_memory = 128.0 * (1 << 30);  // bytes of the host (the run's limit: 80% of it)
  double disk = 64.0 * (1 << 30);          // bytes free for the run directory
  double classes_per_second = 0;  // 0: the reference (gpu) or the measured rate (thrust-cpu)
};

struct DevicePlanLevel {
  int sum = 0;
  std::uint64_t classes = 0;    // Burnside
  double gpu_bytes = 0;         // GPU memory while building it (0 for thrust-cpu)
  double host_bytes = 0;        // host memory while building it (LevelBytesEstimate)
  bool checkpoint = false;      // gets a level file and checkpoint.json
  double level_file_bytes = 0;  // its level file (0 when not a checkpoint)
  double catalogue_bytes = 0;   // every catalogue file after it (an estimate)
  double disk_bytes = 0;        // on disk after it: the two newest level files and the catalogues
  double seconds = 0;           // at the rate
};

struct DevicePlan {
  DevicePlanRequest request;
  int max_entry = 0, max_sum = 0;  // effective bounds
  CatalogueLists lists = CatalogueLists::kAll;
  double classes_per_second = 0;        // the rate used
  double host_limit = 0;                // kDefaultMemoryFraction of request.host_memory
  std::vector<DevicePlanLevel> levels;  // sums 1..max_sum
  std::uint64_t classes = 0;            // all levels, level 0 included
  double peak_gpu = 0, peak_host = 0, peak_disk = 0;
  int peak_gpu_level = 0, peak_host_level = 0, peak_disk_level = 0;
  double written_bytes = 0;  // level files and catalogues written in all
  double seconds = 0;

  bool FitsGpu() const { return peak_gpu <= request.gpu_memory; }
  bool FitsHost() const { return peak_host <= host_limit; }
  bool FitsDisk() const { return peak_disk <= request.disk; }
  bool Fits() const { return FitsGpu() && FitsHost() && FitsDisk(); }
};

// Throws InputError for unusable bounds, a device or shape the thrust engine does not take
// (CheckLevelEngine), sizes or a rate that are not positive, or threads below 1.
DevicePlan PlanDeviceRun(const DevicePlanRequest& request);
nlohmann::json DevicePlanJson(const DevicePlan& plan);

}  // namespace seki
