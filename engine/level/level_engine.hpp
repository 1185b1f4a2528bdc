// LevelEngine: what a Run needs of a level engine (level 0, then each level from the one below), so
// that the CPU engine (LevelBuilder) and the thrust engine (engine/gpu) sit behind the same Run.
// Both hand out the project's Level (canonical keys of canon::CanonicalForm, 256 shards), so
// everything from CatalogueWriter on is shared.
// Concurrency: one thread drives an engine; each call may run in parallel inside.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/level/held_level.hpp"
#include "engine/level/level_builder.hpp"

namespace seki {

// Where the levels are built: the CPU engine, the thrust engine on a CUDA GPU, or the same thrust
// engine on the CPU (thrust's TBB backend; every build has it).
enum class Device { kCpu, kGpu, kThrustCpu };
inline std::string DeviceName(Device d) {
  return d == Device::kCpu ? "cpu" : d == Device::kGpu ? "gpu" : "thrust-cpu";
}

class LevelEngine {
 public:
  virtual ~LevelEngine() = default;
  virtual Level First() = 0;
  // Level previous.sum + 1. `previous` is the level this engine returned last, or one loaded from
  // a level file (a resumed run); an engine with its own copy of the level below may use that.
  virtual Level Next(const Level& previous) = 0;
  // Level below.sum() + 1 from a level as the level loop holds it (whole or by groups). An engine
  // that FreesBelow() may free `below` once it no longer needs it, and the loop then reads it no
  // more; the default builds the level whole from the level below (made whole first when it is
  // kept by groups or on disk: a run resumed from a level built in parts, with a budget that needs
  // none).
  virtual HeldLevel NextHeld(HeldLevel& below) {
    if (below.in_parts()) {
      LoadWhole(below);  // a level on disk read first
      below = HeldLevel(ExpandToLevel(*below.grouped));
    }
    return HeldLevel(Next(below.whole));
  }
  virtual bool FreesBelow() const { return false; }
};

// The CPU engine behind the interface.
class CpuLevelEngine : public LevelEngine {
 public:
  CpuLevelEngine(const EnumerationSpace& space, bool solve, BuildHooks hooks)
      : builder_(space, solve, hooks) {}
  Level First() override { return builder_.First(); }
  Level Next(const Level& previous) override { return builder_.Next(previous); }

 private:
  LevelBuilder builder_;
};

}  // namespace seki
