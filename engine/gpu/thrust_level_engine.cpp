// The thrust level engine: the backend's levels, the memory check, and the project's Level in and
// out (shard by shard, no conversion).
#include "engine/gpu/thrust_level_engine.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/base/rules.hpp"
#include "engine/level/class_count.hpp"

namespace seki::gpu {

namespace {

std::uint64_t DefaultChunkParents(Device device) {
  return device == Device::kGpu ? std::uint64_t{1} << 26 : std::uint64_t{1} << 22;
}

std::string Gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", bytes / double(1ull << 30));
  return text;
}

}  // namespace

ThrustLevelEngine::ThrustLevelEngine(const EnumerationSpace& space, Device device, bool solve,
                                     BuildHooks hooks, std::uint64_t chunk_parents)
    : space_(space),
      device_(device),
      shape_(ShapeOf(space)),
      contributions_(MakeContributionTable()),
      solve_(solve),
      hooks_(hooks),
      chunk_parents_(chunk_parents > 0 ? chunk_parents : DefaultChunkParents(device)),
      backend_(device == Device::kGpu ? MakeCudaBackend() : MakeTbbBackend()),
      expected_(ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum)) {
  for (int sum = 1; sum <= space.max_sum; ++sum) CheckDeviceMemory(sum);  // before the run
}

Level ThrustLevelEngine::First() {
  Level level;
  level.sum = 0;
  level.shards[ShardOf(0)].keys.push_back(0);
  level.shards[ShardOf(0)].values.push_back(PackedOutcome{});
  backend_->Load(level);
  current_ = 0;
  return level;
}

Level ThrustLevelEngine::Next(const Level& previous) {
  if (previous.sum != current_) {  // a resumed run: the level below comes from its file
    backend_->Load(previous);
    current_ = previous.sum;
  }
  const int sum = current_ + 1;
  CheckDeviceMemory(sum);
  // A stop raised between chunks of parents throws Stopped (kInterrupted) out of the backend.
  backend_->Next(shape_, contributions_, solve_, chunk_parents_, expected_[sum],
                 StepHooks{hooks_.parents_done, hooks_.stop});
  current_ = sum;
  Level level;
  level.sum = sum;
  backend_->Read(level);
  return level;
}

void ThrustLevelEngine::CheckDeviceMemory(int sum) const {
  const double free = backend_->FreeBytes();
  const double need = ThrustDevicePeakBytes(space_, device_, expected_[sum - 1], expected_[sum]);
  if (free > 0 && need > free)
    throw MemoryLimitError("--device " + DeviceName(device_),
                           "level " + std::to_string(sum) + " needs about " + Gib(need) +
                               " GiB of GPU memory, " + Gib(free) + " GiB are free");
}

void CheckThrustSpace(const EnumerationSpace& space, Device device) {
  if (device == Device::kCpu) throw InputError("--device", "cpu is not a thrust device");
  if (space.rows > kMaxDim || space.cols > kMaxDim || space.KeyBits() > kMaxKeyBits)
    throw InputError("--device " + DeviceName(device),
                     "the thrust engine handles shapes up to 5x5 with keys of at most " +
                         std::to_string(kMaxKeyBits) + " bits, not " + std::to_string(space.rows) +
                         "x" + std::to_string(space.cols) + " with entries up to " +
                         std::to_string(space.max_entry) + " (" + std::to_string(space.KeyBits()) +
                         " bits)");
}

std::unique_ptr<ThrustLevelEngine> MakeThrustLevelEngine(const EnumerationSpace& space,
                                                         Device device, bool solve,
                                                         BuildHooks hooks,
                                                         std::uint64_t chunk_parents) {
  CheckThrustSpace(space, device);
  return std::make_unique<ThrustLevelEngine>(space, device, solve, hooks, chunk_parents);
}

double ThrustDevicePeakBytes(const EnumerationSpace&, Device, std::uint64_t parents,
                             std::uint64_t classes) {
  // The level below: mixed keys (8 bytes a class), values (1) and the directory (8 bytes for
  // every 8 classes or fewer: 1 to 2); the new level: keys (8), the sort's alternate buffer (8,
  // kept at the largest level's size, later holding the shards' records) and values (1); CUB's
  // temporary storage and the shard-sized sort buffer are a few percent of the keys.
  const double below = 11.0 * double(parents);
  return below + 17.0 * 1.02 * double(classes);
}

double ThrustHostPeakBytes(const EnumerationSpace& space, Device device, std::uint64_t parents,
                           std::uint64_t classes) {
  // The project's Level below (9 bytes a class, held by the run) and the new one (9), plus two
  // pinned buffers of one shard each; on the CPU the backend's memory too.
  const double host = 9.0 * double(parents) + 9.0 * double(classes) +
                      2.0 * 9.0 * 2.0 * double(classes) / kShardCount;
  return device == Device::kGpu ? host
                                : host + ThrustDevicePeakBytes(space, device, parents, classes);
}

ContributionTable MakeContributionTable() {
  ContributionTable t{};
  for (int v = 0; v < 256; ++v)
    t.by_value[v] =
        MoveContribution(Solution::From(PackedOutcome{static_cast<std::uint8_t>(v)})).bits;
  for (int lines = 1; lines < 4; ++lines)
    t.terminal[lines] = MoveContribution(*TerminalSolution(lines & 1, lines & 2)).bits;
  return t;
}

Shape ShapeOf(const EnumerationSpace& space) {
  return {space.rows, space.cols, space.max_entry, space.codec.bits()};
}

}  // namespace seki::gpu
