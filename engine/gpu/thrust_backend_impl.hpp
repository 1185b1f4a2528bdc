// The thrust level engine's step, written once for any thrust system: included by
// thrust_backend_tbb.cpp (thrust::tbb, compiled by g++) and thrust_backend_cuda.cu (thrust::cuda,
// nvcc). A System provides Vector<T>, Policy(), FreeBytes(), a Sorter (sorts a key vector in place,
// its temporary storage kept from level to level), Reserve (a thread's place for n appended keys:
// warp-aggregated on the GPU) and CopyOut (shards of the device's level into the project's Level).
// Every large call runs in chunks of at most kChunk elements (sizes stay far from 2^31 inside
// thrust; the counts themselves are 64-bit). Explicit systems (not thrust::device_vector) keep the
// two instantiations apart when both are linked into one program.
// Concurrency: one thread drives a backend; thrust runs each call in parallel on the system.
#pragma once

#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/gpu/gpu_class.hpp"
#include "engine/gpu/thrust_backend.hpp"

namespace seki::gpu {

// Elements of one thrust call at most.
inline constexpr std::uint64_t kChunk = std::uint64_t{1} << 26;

// Parent n appends the children it generates (composed keys) at the place Reserve gives.
template <class System, int Rows, int Cols>
struct AppendChildren {
  const std::uint64_t* parents;  // composed
  int bits, max_entry;
  std::uint64_t* out;
  std::uint64_t capacity;
  unsigned long long* counter;
  SEKI_HD void operator()(std::uint64_t n) const {
    std::uint64_t children[Rows * Cols];
    const int count =
        GenerateChildren<Rows, Cols>(parents[n] & kKeyMask, bits, max_entry, children);
    const std::uint64_t at = System::Reserve(counter, static_cast<unsigned>(count));
    for (int m = 0; m < count; ++m)
      if (at + m < capacity) out[at + m] = Compose(children[m]);
  }
};

// Class n's values from the level below.
template <int Rows, int Cols>
struct SolveClass {
  const std::uint64_t* keys;  // composed
  std::uint8_t* values;
  int bits;
  LevelView below;
  OfferTable offers;
  SEKI_HD void operator()(std::uint64_t n) const {
    values[n] = ClassValues<Rows, Cols>(keys[n] & kKeyMask, bits, below, offers);
  }
};

struct TakeSample {
  const std::uint64_t* keys;
  std::uint64_t* samples;
  SEKI_HD void operator()(std::uint64_t m) const { samples[m] = keys[m * kSampleStride]; }
};

// The first composed key of shard s.
struct ShardFirst {
  std::uint64_t* firsts;
  SEKI_HD void operator()(std::uint64_t s) const { firsts[s] = s << kMaxKeyBits; }
};

template <class System>
class ThrustBackend : public Backend {
 public:
  using Keys = typename System::template Vector<std::uint64_t>;
  using Values = typename System::template Vector<std::uint8_t>;
  using Clock = std::chrono::steady_clock;

  std::string Name() const override { return System::Name(); }

  void Load(const Level& level) override {
    std::vector<std::uint64_t> keys;
    std::vector<std::uint8_t> values;
    keys.reserve(level.size());
    values.reserve(level.size());
    for (const LevelShard& s : level.shards) {
      for (const std::uint64_t key : s.keys) keys.push_back(Compose(key));
      for (const PackedOutcome v : s.values) values.push_back(v.bits);
    }
    keys_.assign(keys.begin(), keys.end());
    values_.assign(values.begin(), values.end());
    MakeSamples();
  }

  std::uint64_t Size() const override { return keys_.size(); }
  double FreeBytes() const override { return System::FreeBytes(); }

  void Read(Level& level) override {
    const auto start = Clock::now();
    // Where each shard starts: the first composed key of shard s is s << kMaxKeyBits.
    std::vector<std::uint64_t> bounds(kShardCount + 1);
    typename System::template Vector<std::uint64_t> firsts(kShardCount), at(kShardCount);
    thrust::for_each(System::Policy(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(kShardCount),
                     ShardFirst{thrust::raw_pointer_cast(firsts.data())});
    thrust::lower_bound(System::Policy(), keys_.begin(), keys_.end(), firsts.begin(), firsts.end(),
                        at.begin());
    thrust::copy(at.begin(), at.end(), bounds.begin());
    bounds[kShardCount] = keys_.size();
    System::CopyOut(thrust::raw_pointer_cast(keys_.data()),
                    thrust::raw_pointer_cast(values_.data()), bounds, level);
    phases_.copy_out = Seconds(start);
  }

  void Next(const Shape& shape, const OfferTable& offers, bool solve, std::uint64_t chunk_parents,
            std::uint64_t classes, StepHooks hooks) override {
    DispatchShape(shape.rows, shape.cols, [&](auto tag) {
      Step<decltype(tag)::kRows, decltype(tag)::kCols>(shape, offers, solve, chunk_parents, classes,
                                                       hooks);
    });
  }

 private:
  static double Seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
  }

  template <class F>
  static void ForEachIndex(std::uint64_t count, const F& f) {
    for (std::uint64_t first = 0; first < count; first += kChunk) {
      const std::uint64_t last = std::min(count, first + kChunk);
      thrust::for_each(System::Policy(), thrust::counting_iterator<std::uint64_t>(first),
                       thrust::counting_iterator<std::uint64_t>(last), f);
    }
  }

  LevelView View() const {
    return {thrust::raw_pointer_cast(keys_.data()), thrust::raw_pointer_cast(values_.data()),
            keys_.size(), thrust::raw_pointer_cast(samples_.data()), samples_.size()};
  }

  void MakeSamples() {
    samples_.resize((keys_.size() + kSampleStride - 1) / kSampleStride);
    ForEachIndex(samples_.size(), TakeSample{thrust::raw_pointer_cast(keys_.data()),
                                             thrust::raw_pointer_cast(samples_.data())});
  }

  template <int Rows, int Cols>
  void Step(const Shape& shape, const OfferTable& offers, bool solve, std::uint64_t chunk_parents,
            std::uint64_t classes, StepHooks hooks) {
    const std::uint64_t parents = keys_.size();
    auto start = Clock::now();
    // Generation: every parent appends its children; each class comes from exactly one parent.
    next_.resize(classes);
    counter_.resize(1);
    thrust::fill(System::Policy(), counter_.begin(), counter_.end(), 0ull);
    const AppendChildren<System, Rows, Cols> append{thrust::raw_pointer_cast(keys_.data()),
                                                    shape.bits,
                                                    shape.max_entry,
                                                    thrust::raw_pointer_cast(next_.data()),
                                                    classes,
                                                    thrust::raw_pointer_cast(counter_.data())};
    chunk_parents = std::clamp<std::uint64_t>(chunk_parents, 1, kChunk);
    for (std::uint64_t first = 0; first < parents; first += chunk_parents) {
      if (hooks.stop && hooks.stop->load(std::memory_order_relaxed)) throw StepInterrupted{};
      const std::uint64_t count = std::min(chunk_parents, parents - first);
      thrust::for_each(System::Policy(), thrust::counting_iterator<std::uint64_t>(first),
                       thrust::counting_iterator<std::uint64_t>(first + count), append);
      if (hooks.parents_done) hooks.parents_done->fetch_add(count, std::memory_order_relaxed);
    }
    std::vector<unsigned long long> made(1);
    thrust::copy(counter_.begin(), counter_.end(), made.begin());
    if (made[0] != classes)
      throw std::logic_error("thrust engine: level generated " + std::to_string(made[0]) +
                             " classes, Burnside's count is " + std::to_string(classes));
    phases_.generate = Seconds(start);

    start = Clock::now();
    sorter_.Sort(next_);
    phases_.sort = Seconds(start);

    start = Clock::now();
    next_values_.resize(classes);
    if (solve)
      ForEachIndex(classes, SolveClass<Rows, Cols>{thrust::raw_pointer_cast(next_.data()),
                                                   thrust::raw_pointer_cast(next_values_.data()),
                                                   shape.bits, View(), offers});
    else
      thrust::fill(System::Policy(), next_values_.begin(), next_values_.end(), std::uint8_t{0});
    phases_.solve = Seconds(start);

    start = Clock::now();
    keys_.swap(next_);
    values_.swap(next_values_);
    Keys().swap(next_);  // the level below is no longer needed
    Values().swap(next_values_);
    MakeSamples();
    phases_.index = Seconds(start);
  }

  Keys keys_, next_, samples_;
  Values values_, next_values_;
  typename System::template Vector<unsigned long long> counter_;
  typename System::Sorter sorter_;
};

}  // namespace seki::gpu
