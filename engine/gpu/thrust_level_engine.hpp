// The thrust level engine behind Run (--device gpu | thrust-cpu): each level is a sorted array of
// the engine's own canonical keys (gpu_class.hpp) and one byte of values per class, made by
// orderly generation from canonical parents (no global deduplication, one sort) and solved by
// binary search in the level below; it runs on a CUDA GPU or, through thrust's TBB system, on the
// CPU. Every level it hands out is converted on the host to the project's Level (canonical keys of
// canon::CanonicalForm in 256 shards), so catalogues, level files and verify are the CPU engine's.
// Concurrency: one thread drives an engine; each call runs in parallel (oneTBB or the GPU).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/gpu/gpu_class.hpp"
#include "engine/level/level_engine.hpp"

namespace seki::gpu {

// Throws InputError naming --device when the space is outside the engine (rows and columns up to
// 4, entries up to 15) or `device` is not a thrust device.
void CheckThrustSpace(const EnumerationSpace& space, Device device);

// The engine on `device` (kGpu or kThrustCpu); kGpu throws InputError without CUDA or a GPU.
std::unique_ptr<LevelEngine> MakeThrustLevelEngine(const EnumerationSpace& space, Device device,
                                                   bool solve, BuildHooks hooks = {});

// About the most memory one level needs (bytes) when the level below has `parents` classes and the
// new one `classes`: on the GPU (kGpu; 0 for kThrustCpu) and on the host (for kThrustCpu the
// backend's memory is host memory, so both parts). The host part includes the conversion to the
// project's Level but not the catalogue writer (LevelBytesEstimate adds it).
double ThrustDevicePeakBytes(const EnumerationSpace& space, Device device, std::uint64_t parents,
                             std::uint64_t classes);
double ThrustHostPeakBytes(const EnumerationSpace& space, Device device, std::uint64_t parents,
                           std::uint64_t classes);

// The offers of the project's rules (MoveContribution of the values, TerminalSolution).
OfferTable MakeOfferTable();
Shape ShapeOf(const EnumerationSpace& space);

// Engine keys (sorted) and values -> the project's Level of sum `sum`, and back.
Level ToProjectLevel(const EnumerationSpace& space, int sum, const std::vector<std::uint64_t>& keys,
                     const std::vector<std::uint8_t>& values);
void FromProjectLevel(const EnumerationSpace& space, const Level& level,
                      std::vector<std::uint64_t>& keys, std::vector<std::uint8_t>& values);

}  // namespace seki::gpu
