// The memory-resident part of the thrust level engine: one level (sorted canonical keys of the
// engine's own form and one byte of values per class) on a backend's memory, and the step that
// builds the next level from it. One implementation (thrust_backend_impl.hpp) is compiled twice:
// for the CPU with thrust's TBB backend (g++) and, in a CUDA build, for the GPU (nvcc).
// Concurrency: one thread drives a backend; each call runs in parallel on its device.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/gpu/gpu_class.hpp"

namespace seki::gpu {

struct StepHooks {
  std::atomic<std::uint64_t>* parents_done = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

// Thrown by a backend when the stop flag is raised between chunks of parents.
struct StepInterrupted {};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string Name() const = 0;
  // Makes (keys, values) the current level; keys sorted and distinct.
  virtual void Load(const std::vector<std::uint64_t>& keys,
                    const std::vector<std::uint8_t>& values) = 0;
  // Replaces the current level by the next one: orderly generation from the canonical parents in
  // chunks of `chunk_parents`, one sort, and (solve) every class's values from the level below.
  // `expected_classes` (Burnside's count) sizes the new level.
  virtual void Next(const Shape& shape, const OfferTable& offers, bool solve,
                    std::uint64_t chunk_parents, std::uint64_t expected_classes,
                    StepHooks hooks) = 0;
  virtual std::uint64_t Size() const = 0;
  // The current level, copied to the host.
  virtual void Read(std::vector<std::uint64_t>& keys, std::vector<std::uint8_t>& values) const = 0;
  // Free memory on the backend's device, in bytes; 0 if it cannot tell (the CPU).
  virtual double FreeBytes() const = 0;
};

// The CPU backend (thrust's TBB system); every build has it.
std::unique_ptr<Backend> MakeTbbBackend();
// The CUDA backend; in a build without CUDA, or without a usable GPU, throws InputError naming
// --device with the reason.
std::unique_ptr<Backend> MakeCudaBackend();
bool CudaBuilt();

}  // namespace seki::gpu
