// BuildHooks and LevelInterrupted: how a long level build reports progress and is stopped, for
// every level engine (engine/level/level_engine.hpp).
// Concurrency: the counter and the flag are atomics, written and read from any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>

namespace seki {

// Thrown out of a level engine's Next when the stop flag is raised; nothing of the level is kept.
class LevelInterrupted : public std::runtime_error {
 public:
  LevelInterrupted() : std::runtime_error("interrupted") {}
};

// Optional hooks for long runs: a counter of parents processed (for progress) and a stop flag
// checked between chunks of work (for SIGINT). Both are read and written atomically.
struct BuildHooks {
  std::atomic<std::uint64_t>* parents_done = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

}  // namespace seki
