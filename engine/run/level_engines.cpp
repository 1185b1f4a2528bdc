// Choosing a walk's level engine; the CPU engine on the ranks of a group.
#include "engine/run/level_engines.hpp"

#include <atomic>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_level_engine.hpp"

namespace seki {

namespace {

// The CPU engine on the ranks of a group: each rank holds and builds the shards it owns.
class RanksLevelEngine : public LevelEngine {
 public:
  RanksLevelEngine(const EnumerationSpace& space, bool solve, const Ranks& group, BuildHooks hooks)
      : group_(group),
        builder_(space, solve, RankHooks(group, hooks.parents_done, hooks.stop)),
        parents_done_(hooks.parents_done ? hooks.parents_done : &uncounted_) {}

  Level First() override {
    Level level = builder_.First();
    for (int s = 0; s < kShardCount; ++s)
      if (!OwnedShards(group_).Contains(s)) level.shards[s] = {};
    return level;
  }
  Level Next(const Level& previous) override {
    return BuildOwnedShards(group_, builder_, previous, *parents_done_);
  }

 private:
  const Ranks& group_;
  LevelBuilder builder_;
  std::atomic<std::uint64_t> uncounted_{0};
  std::atomic<std::uint64_t>* parents_done_;
};

}  // namespace

void CheckLevelEngine(const EnumerationSpace& space, Device device, bool solve,
                      const Ranks& group) {
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
                                             bool solve, const Ranks& group, BuildHooks hooks) {
  if (group.size() > 1) return std::make_unique<RanksLevelEngine>(space, solve, group, hooks);
  if (device == Device::kCpu) return std::make_unique<CpuLevelEngine>(space, solve, hooks);
  return gpu::MakeThrustLevelEngine(space, device, solve, hooks);
}

std::unique_ptr<LevelEngine> MakePartedLevelEngine(const EnumerationSpace& space,
                                                   const Ranks& group, BuildHooks hooks,
                                                   std::function<int(int)> parts_of,
                                                   PartStore& store, bool on_disk) {
  if (group.size() == 1)
    return std::make_unique<PartedLevelEngine>(space, hooks, std::move(parts_of), store,
                                               PartSharing{}, on_disk);
  PartSharing sharing;
  sharing.whole = std::make_unique<RanksLevelEngine>(space, true, group, hooks);
  // Every rank sends its (group, weight) pairs to every rank, and each sums them all.
  sharing.combine = [&group](const std::map<std::uint64_t, double>& mine) {
    std::vector<std::uint64_t> pairs;
    for (const auto& [g, w] : mine) pairs.insert(pairs.end(), {g, static_cast<std::uint64_t>(w)});
    std::vector<std::uint64_t> to_all;
    for (int q = 0; q < group.size(); ++q) to_all.insert(to_all.end(), pairs.begin(), pairs.end());
    const std::vector<std::uint64_t> counts(static_cast<std::size_t>(group.size()), pairs.size());
    const std::vector<std::uint64_t> all = group.Exchange(to_all, counts);
    std::map<std::uint64_t, double> summed;
    for (std::size_t at = 0; at + 1 < all.size(); at += 2) summed[all[at]] += double(all[at + 1]);
    return summed;
  };
  sharing.build_part = [&group](const LevelBuilder& builder, const CompactLevel& below,
                                const PartPlan& plan, int part) {
    const LevelBuilder::PartPushes pushes = builder.PartPush(below, plan, part);
    std::atomic<std::uint64_t> uncounted{0};  // the engine counts parts done
    return BuildOwnedBatches(group, builder, below.sum + 1, 1,
                             static_cast<int>(group.MaxAll(pushes.batches)), plan.parts(),
                             pushes.push, uncounted);
  };
  sharing.all = [&group](bool value) { return group.AllTrue(value); };
  sharing.total = [&group](std::uint64_t n) {
    std::uint64_t values[] = {n};
    group.SumAll(values);
    return values[0];
  };
  // Its own builder pushes the parts: it must not stop inside a level (the others would wait).
  return std::make_unique<PartedLevelEngine>(space, BuildHooks{hooks.parents_done, nullptr},
                                             std::move(parts_of), store, std::move(sharing));
}

}  // namespace seki
