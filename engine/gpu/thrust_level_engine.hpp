// The thrust level engine behind Run (--device gpu | thrust-cpu): each level is the project's Level
// laid end to end on the backend's memory (the project's canonical keys,
// engine/gpu/project_key.hpp, sorted by (shard, key), one byte of values a class), made by orderly
// generation (every parent appends the children it generates; each class exactly once), one radix
// sort, and every class solved by look-ups in the level below; it runs on a CUDA GPU or, through
// thrust's TBB system, on the CPU. A level is copied out shard by shard straight into the project's
// Level: no host sort, scatter or canonical form, so catalogues, level files and verify are the CPU
// engine's. Concurrency: one thread drives an engine; each call runs in parallel (oneTBB or the
// GPU).
#pragma once

#include <cstdint>
#include <memory>

#include "engine/gpu/gpu_class.hpp"
#include "engine/gpu/thrust_backend.hpp"
#include "engine/level/level_engine.hpp"

namespace seki::gpu {

// Throws InputError naming --device when the space is outside the engine (rows and columns up to
// 5, keys of at most 56 bits) or `device` is not a thrust device.
void CheckThrustSpace(const EnumerationSpace& space, Device device);

class ThrustLevelEngine : public LevelEngine {
 public:
  // chunk_parents: parents a generation call takes (0: the default, 2^22 on the CPU and 2^26 on a
  // GPU); the stop flag and progress are looked at between chunks.
  ThrustLevelEngine(const EnumerationSpace& space, Device device, bool solve, BuildHooks hooks,
                    std::uint64_t chunk_parents);
  Level First() override;
  Level Next(const Level& previous) override;
  // Seconds of the phases of the last level (generate, sort, solve, index, copy out).
  const StepPhases& phases() const { return backend_->phases(); }

 private:
  void CheckDeviceMemory(int sum) const;

  EnumerationSpace space_;
  Device device_;
  Shape shape_;
  ContributionTable contributions_;
  bool solve_;
  BuildHooks hooks_;
  std::uint64_t chunk_parents_;
  std::unique_ptr<Backend> backend_;
  std::vector<std::uint64_t> expected_;
  int current_ = -1;  // the sum of the backend's level
};

// The engine on `device` (kGpu or kThrustCpu); kGpu throws InputError without CUDA or a GPU.
std::unique_ptr<ThrustLevelEngine> MakeThrustLevelEngine(const EnumerationSpace& space,
                                                         Device device, bool solve,
                                                         BuildHooks hooks = {},
                                                         std::uint64_t chunk_parents = 0);

// About the most memory one level needs (bytes) when the level below has `parents` classes and the
// new one `classes`: on the GPU (kGpu; 0 for kThrustCpu) and on the host (for kThrustCpu the
// backend's memory is host memory, so both parts). The host part includes the project's Level
// below and the new one but not the catalogue writer (LevelBytesEstimate adds it).
double ThrustDevicePeakBytes(const EnumerationSpace& space, Device device, std::uint64_t parents,
                             std::uint64_t classes);
double ThrustHostPeakBytes(const EnumerationSpace& space, Device device, std::uint64_t parents,
                           std::uint64_t classes);

// The contributions of the project's rules (MoveContribution of the values, TerminalSolution).
ContributionTable MakeContributionTable();
Shape ShapeOf(const EnumerationSpace& space);

}  // namespace seki::gpu
