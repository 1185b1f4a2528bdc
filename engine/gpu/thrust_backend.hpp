// The memory-resident part of the thrust level engine: one level (the project's canonical keys,
// mixed and sorted, which puts them shard by shard; one byte of values per class; a directory of
// the keys' top bits) on a backend's memory, and the step that builds the next level from it. One
// implementation (thrust_backend_impl.hpp) is compiled twice: for the CPU with thrust's TBB system
// (g++) and, in a CUDA build, for the GPU (nvcc). Concurrency: one thread drives a backend; each
// call runs in parallel on its device.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/base/stopped.hpp"
#include "engine/gpu/gpu_class.hpp"
#include "storage/level.hpp"

namespace seki::gpu {

struct StepHooks {
  std::atomic<std::uint64_t>* parents_done = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

// Seconds of each phase of the last Next and Read (docs/gpu.md, "Phases"): on the device
// generate, sort, solve, index (the directory) and order (each shard sorted by key for the
// project's Level), on the host copy_out (the shards into the project's Level).
struct StepPhases {
  double generate = 0, sort = 0, solve = 0, index = 0, order = 0, copy_out = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string Name() const = 0;
  // Makes the project's level the current one (its shards laid end to end are already in the
  // engine's order: no sort).
  virtual void Load(const Level& level) = 0;
  // Replaces the current level by the next one: every parent appends the children it generates
  // (orderly generation: each class exactly once, `classes` of them: Burnside's count) in chunks
  // of `chunk_parents`, one radix sort, and (solve) every class's values from the level below.
  virtual void Next(const Shape& shape, const ContributionTable& contributions, bool solve,
                    std::uint64_t chunk_parents, std::uint64_t classes, StepHooks hooks) = 0;
  virtual std::uint64_t Size() const = 0;
  // The current level, copied shard by shard into the project's Level (keys, values).
  virtual void Read(Level& level) = 0;
  const StepPhases& phases() const { return phases_; }
  // Free memory on the backend's device, in bytes; 0 if it cannot tell (the CPU).
  virtual double FreeBytes() const = 0;

 protected:
  StepPhases phases_;
};

// The CPU backend (thrust's TBB system); every build has it.
std::unique_ptr<Backend> MakeTbbBackend();
// The CUDA backend; in a build without CUDA, or without a usable GPU, throws InputError naming
// --device with the reason.
std::unique_ptr<Backend> MakeCudaBackend();
bool CudaBuilt();

}  // namespace seki::gpu
