// Choosing a walk's level engine; the CPU engine on the ranks of a group.
#include "engine/run/level_engines.hpp"

#include <atomic>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_level_engine.hpp"

namespace seki {

namespace {

// The CPU engine on the ranks of a group: each rank holds and builds the shards it owns.
class RanksLevelEngine : public LevelEngine {
 public:
  RanksLevelEngine(const EnumerationSpace& space, bool solve, const RunGroup& group,
                   BuildHooks hooks)
      : group_(group),
        builder_(space, solve, group.Hooks(hooks.parents_done, hooks.stop)),
        parents_done_(hooks.parents_done ? hooks.parents_done : &uncounted_) {}

  Level First() override {
    Level level = builder_.First();
    for (int s = 0; s < kShardCount; ++s)
      if (!group_.owned().Contains(s)) level.shards[s] = {};
    return level;
  }
  Level Next(const Level& previous) override {
    return group_.BuildOwnedShards(builder_, previous, *parents_done_);
  }

 private:
  const RunGroup& group_;
  LevelBuilder builder_;
  std::atomic<std::uint64_t> uncounted_{0};
  std::atomic<std::uint64_t>* parents_done_;
};

}  // namespace

void CheckLevelEngine(const EnumerationSpace& space, Device device, bool solve,
                      const RunGroup& group) {
  if (device != Device::kCpu) gpu::CheckThrustSpace(space, device);
  if (!solve && group.size() > 1)
    throw InputError("--generate-only", "runs in one process; start it without mpirun");
  if (device == Device::kCpu) return;
  if (group.size() > 1)
    throw InputError("--device",
                     "the thrust level engine runs in one process; use --device cpu "
                     "under mpirun");
}

std::unique_ptr<LevelEngine> MakeLevelEngine(const EnumerationSpace& space, Device device,
                                             bool solve, const RunGroup& group, BuildHooks hooks) {
  if (group.size() > 1) return std::make_unique<RanksLevelEngine>(space, solve, group, hooks);
  if (device == Device::kCpu) return std::make_unique<CpuLevelEngine>(space, solve, hooks);
  return gpu::MakeThrustLevelEngine(space, device, solve, hooks);
}

}  // namespace seki
