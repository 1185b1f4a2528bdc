// BuildHooks: how a long level build reports progress and is stopped (Stopped, kInterrupted), for
// every level engine (engine/level/level_engine.hpp).
// Concurrency: the counter and the flag are atomics, written and read from any thread.
#pragma once

#include <atomic>
#include <cstdint>

#include "engine/base/stopped.hpp"

namespace seki {

// Optional hooks for long runs: a counter of parents processed (for progress) and a stop flag
// checked between chunks of work (for SIGINT): a level engine's Next throws Stopped (kInterrupted)
// when it is raised, and nothing of the level is kept. Both are read and written atomically.
struct BuildHooks {
  std::atomic<std::uint64_t>* parents_done = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

}  // namespace seki
