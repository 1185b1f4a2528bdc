// The thrust level engine: the backend's levels, the memory check, and the conversion to and from
// the project's Level on the host.
#include "engine/gpu/thrust_level_engine.hpp"

#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "canon/canonical_form.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/rules.hpp"
#include "engine/gpu/thrust_backend.hpp"

namespace seki::gpu {

namespace {

// Candidate keys made at once: 64 MiB on the CPU, 512 MiB on a GPU.
std::uint64_t ChunkParents(const EnumerationSpace& space, Device device) {
  const double bytes = device == Device::kGpu ? 512.0 * (1 << 20) : 64.0 * (1 << 20);
  return std::max<std::uint64_t>(1, std::uint64_t(bytes / (8.0 * space.rows * space.cols)));
}

std::string Gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", bytes / double(1ull << 30));
  return text;
}

class ThrustLevelEngine : public LevelEngine {
 public:
  ThrustLevelEngine(const EnumerationSpace& space, Device device, bool solve, BuildHooks hooks)
      : space_(space),
        device_(device),
        shape_(ShapeOf(space)),
        offers_(MakeOfferTable()),
        solve_(solve),
        hooks_(hooks),
        backend_(device == Device::kGpu ? MakeCudaBackend() : MakeTbbBackend()),
        expected_(ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum)) {
    for (int sum = 1; sum <= space.max_sum; ++sum) CheckDeviceMemory(sum);  // before the run
  }

  Level First() override {
    backend_->Load({0}, {0});
    current_ = 0;
    return ToProjectLevel(space_, 0, {0}, {0});
  }

  Level Next(const Level& previous) override {
    if (previous.sum != current_) {  // a resumed run: the level below comes from its file
      std::vector<std::uint64_t> keys;
      std::vector<std::uint8_t> values;
      FromProjectLevel(space_, previous, keys, values);
      backend_->Load(keys, values);
      current_ = previous.sum;
    }
    const int sum = current_ + 1;
    CheckDeviceMemory(sum);
    try {
      backend_->Next(shape_, offers_, solve_, ChunkParents(space_, device_), expected_[sum],
                     StepHooks{hooks_.parents_done, hooks_.stop});
    } catch (const StepInterrupted&) {
      throw LevelInterrupted();
    }
    current_ = sum;
    std::vector<std::uint64_t> keys;
    std::vector<std::uint8_t> values;
    backend_->Read(keys, values);
    return ToProjectLevel(space_, sum, keys, values);
  }

 private:
  void CheckDeviceMemory(int sum) const {
    const double free = backend_->FreeBytes();
    const double need = ThrustDevicePeakBytes(space_, device_, expected_[sum - 1], expected_[sum]);
    if (free > 0 && need > free)
      throw InputError("--device " + DeviceName(device_),
                       "level " + std::to_string(sum) + " needs about " + Gib(need) +
                           " GiB of GPU memory, " + Gib(free) + " GiB are free");
  }

  EnumerationSpace space_;
  Device device_;
  Shape shape_;
  OfferTable offers_;
  bool solve_;
  BuildHooks hooks_;
  std::unique_ptr<Backend> backend_;
  std::vector<std::uint64_t> expected_;
  int current_ = -1;  // the sum of the backend's level
};

}  // namespace

void CheckThrustSpace(const EnumerationSpace& space, Device device) {
  if (device == Device::kCpu) throw InputError("--device", "cpu is not a thrust device");
  if (space.rows > kMaxDim || space.cols > kMaxDim || space.max_entry > kMaxEntry)
    throw InputError("--device " + DeviceName(device),
                     "the thrust engine handles shapes up to 4x4 with entries up to 15, not " +
                         std::to_string(space.rows) + "x" + std::to_string(space.cols) +
                         " with entries up to " + std::to_string(space.max_entry));
}

std::unique_ptr<LevelEngine> MakeThrustLevelEngine(const EnumerationSpace& space, Device device,
                                                   bool solve, BuildHooks hooks) {
  CheckThrustSpace(space, device);
  return std::make_unique<ThrustLevelEngine>(space, device, solve, hooks);
}

double ThrustDevicePeakBytes(const EnumerationSpace& space, Device device, std::uint64_t parents,
                             std::uint64_t classes) {
  // The level below (9 bytes a class), the candidates of one chunk and the sort's buffer for
  // them, the new keys and the final sort's buffer (16 bytes a class) and the new values.
  const double chunk =
      8.0 * space.rows * space.cols * double(std::min(parents, ChunkParents(space, device)));
  return 9.0 * double(parents) + 2 * chunk + 17.0 * double(classes);
}

double ThrustHostPeakBytes(const EnumerationSpace& space, Device device, std::uint64_t parents,
                           std::uint64_t classes) {
  // The project's Level below (9 bytes a class, held by the run), the level read back (9), the
  // converted records (8) and the project's new Level (9); on the CPU the backend's memory too.
  const double host = 9.0 * double(parents) + 26.0 * double(classes);
  return device == Device::kGpu ? host
                                : host + ThrustDevicePeakBytes(space, device, parents, classes);
}

OfferTable MakeOfferTable() {
  OfferTable t{};
  for (int v = 0; v < 256; ++v)
    t.by_value[v] =
        MoveContribution(Solution::From(PackedOutcome{static_cast<std::uint8_t>(v)})).bits;
  for (int lines = 1; lines < 4; ++lines)
    t.terminal[lines] = MoveContribution(*TerminalSolution(lines & 1, lines & 2)).bits;
  return t;
}

Shape ShapeOf(const EnumerationSpace& space) { return {space.rows, space.cols, space.max_entry}; }

Level ToProjectLevel(const EnumerationSpace& space, int sum, const std::vector<std::uint64_t>& keys,
                     const std::vector<std::uint8_t>& values) {
  // Keys of this engine have at most 56 bits (Run refuses wider ones for --device gpu and
  // thrust-cpu), so a key and its byte share a word.
  const KeyCodec engine_codec(space.rows, space.cols, kMaxEntry);
  std::vector<std::uint64_t> words(keys.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, keys.size(), 4096), [&](const auto& r) {
    for (std::size_t k = r.begin(); k != r.end(); ++k)
      words[k] = canon::CanonicalFormKey(engine_codec.Unpack(keys[k]), space.codec.bits()) << 8 |
                 values[k];
  });
  tbb::parallel_sort(words.begin(), words.end());
  Level level;
  level.sum = sum;
  for (const std::uint64_t w : words) {
    LevelShard& shard = level.shards[ShardOf(w >> 8)];
    shard.keys.push_back(w >> 8);
    shard.values.push_back(PackedOutcome{static_cast<std::uint8_t>(w & 0xFF)});
  }
  return level;
}

void FromProjectLevel(const EnumerationSpace& space, const Level& level,
                      std::vector<std::uint64_t>& keys, std::vector<std::uint8_t>& values) {
  const KeyCodec engine_codec(space.rows, space.cols, kMaxEntry);
  const Shape shape = ShapeOf(space);
  std::vector<std::pair<std::uint64_t, std::uint8_t>> pairs;
  pairs.reserve(level.size());
  for (const LevelShard& s : level.shards)
    for (std::size_t k = 0; k < s.keys.size(); ++k) pairs.emplace_back(s.keys[k], s.values[k].bits);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, pairs.size(), 4096), [&](const auto& r) {
    for (std::size_t k = r.begin(); k != r.end(); ++k)
      pairs[k].first = CanonicalKey(engine_codec.Pack(space.codec.Unpack(pairs[k].first)), shape);
  });
  tbb::parallel_sort(pairs.begin(), pairs.end());
  keys.resize(pairs.size());
  values.resize(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k)
    keys[k] = pairs[k].first, values[k] = pairs[k].second;
}

}  // namespace seki::gpu
