// The thrust level engine's step, written once for any thrust system: included by
// thrust_backend_tbb.cpp (thrust::tbb, compiled by g++) and thrust_backend_cuda.cu (thrust::cuda,
// nvcc). A System provides Vector<T>, Policy(), FreeBytes(), a Sorter (sorts a key vector in place,
// its temporary storage kept from level to level), Reserve (a thread's place for n appended keys:
// warp-aggregated on the GPU), optionally ForRanges and ForEach (how a host system runs a functor's
// Range over ranges of indices, and a functor on each index) and CopyOut (each shard of the
// device's level sorted by key, the order phase, and copied into the project's Level: the copy).
//
// Every large call runs in chunks of at most kChunk elements (sizes stay far from 2^31 inside
// thrust; the counts themselves are 64-bit). Explicit systems (not thrust::device_vector) keep the
// two instantiations apart when both are linked into one program.
//
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
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/gpu/gpu_class.hpp"
#include "engine/gpu/thrust_backend.hpp"

namespace seki::gpu {

// Elements of one thrust call at most.
inline constexpr std::uint64_t kChunk = std::uint64_t{1} << 26;

// Sorted records (key << 8 | value) of one shard into the project's LevelShard (host memory).
// (A plain loop: clang 14, the fuzz preset's compiler, cannot compile libstdc++ 12's std::views.)
inline void SplitRecords(std::span<const std::uint64_t> records, LevelShard& shard) {
  shard.keys.resize(records.size());
  shard.values.resize(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    shard.keys[i] = records[i] >> 8;
    shard.values[i] = PackedOutcome{static_cast<std::uint8_t>(records[i] & 0xFF)};
  }
}

// Parent n appends the children it generates (composed keys) at the place Reserve gives.
template <class System, int Rows, int Cols>
struct AppendChildren {
  const std::uint64_t* parents;  // mixed
  int bits, max_entry;
  std::uint64_t* out;
  std::uint64_t capacity;
  unsigned long long* counter;
  SEKI_HD void operator()(std::uint64_t n) const {
    std::uint64_t children[Rows * Cols];
    const int count = GenerateChildren<Rows, Cols>(Unmixed(parents[n]), bits, max_entry, children);
    const std::uint64_t at = System::Reserve(counter, static_cast<unsigned>(count));
    for (int m = 0; m < count; ++m)
      if (at + m < capacity) out[at + m] = Mixed(children[m]);
  }
  // Parents [first, last) on one host thread (at most kRangeParents): their children gathered
  // first, then one Reserve for all of them, so that host threads do not contend for the counter
  // at every parent.
  static constexpr std::uint64_t kRangeParents = 1024;
  void Range(std::uint64_t first, std::uint64_t last) const {
    std::vector<std::uint64_t> made;
    made.reserve((last - first) * 4);
    std::uint64_t children[Rows * Cols];
    for (std::uint64_t n = first; n < last; ++n) {
      const int count =
          GenerateChildren<Rows, Cols>(Unmixed(parents[n]), bits, max_entry, children);
      for (int m = 0; m < count; ++m) made.push_back(Mixed(children[m]));
    }
    const std::uint64_t at = System::Reserve(counter, static_cast<unsigned>(made.size()));
    for (std::uint64_t m = 0; m < made.size(); ++m)
      if (at + m < capacity) out[at + m] = made[m];
  }
};

// Class n's values from the level below.
template <int Rows, int Cols>
struct SolveClass {
  const std::uint64_t* keys;  // mixed
  std::uint8_t* values;
  int bits;
  LevelView below;
  ContributionTable contributions;
  SEKI_HD void operator()(std::uint64_t n) const {
    values[n] = ClassValues<Rows, Cols>(Unmixed(keys[n]), bits, below, contributions);
  }
};

// A class's value set to 0 (a level generated without solving).
struct ZeroValue {
  std::uint8_t* values;
  SEKI_HD void operator()(std::uint64_t k) const { values[k] = 0; }
};

// directory[t] = the first index whose mixed key has top `bits` bits >= t (t = 0 .. 2^bits).
struct DirectoryEntry {
  const std::uint64_t* keys;
  std::uint64_t count;
  int bits;
  std::uint64_t* directory;
  SEKI_HD void operator()(std::uint64_t t) const {
    std::uint64_t lo = t >> bits ? count : 0, hi = count;  // t = 2^bits: the end
    if (lo == 0) {
      const std::uint64_t first = t << (64 - bits);
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < first)
          lo = mid + 1;
        else
          hi = mid;
      }
    }
    directory[t] = lo;
  }
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
      for (const std::uint64_t key : s.keys) keys.push_back(Mixed(key));
      for (const PackedOutcome v : s.values) values.push_back(v.bits);
    }
    std::vector<std::size_t> order(keys.size());  // shard by shard, each by mixed key
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    std::vector<std::uint64_t> sorted_keys(keys.size());
    std::vector<std::uint8_t> sorted_values(keys.size());
    for (std::size_t k = 0; k < order.size(); ++k)
      sorted_keys[k] = keys[order[k]], sorted_values[k] = values[order[k]];
    keys_.assign(sorted_keys.begin(), sorted_keys.end());
    values_.assign(sorted_values.begin(), sorted_values.end());
    MakeDirectory();
  }

  std::uint64_t Size() const override { return keys_.size(); }
  double FreeBytes() const override { return System::FreeBytes(); }

  void Read(Level& level) override {
    const auto start = Clock::now();
    // The shards' ranges: the directory of the top kShardBits bits of the mixed keys.
    typename System::template Vector<std::uint64_t> at(kShardCount + 1);
    ForEachIndex(kShardCount + 1,
                 DirectoryEntry{thrust::raw_pointer_cast(keys_.data()), keys_.size(), kShardBits,
                                thrust::raw_pointer_cast(at.data())});
    std::vector<std::uint64_t> bounds(kShardCount + 1);
    thrust::copy(at.begin(), at.end(), bounds.begin());
    System::CopyOut(thrust::raw_pointer_cast(keys_.data()),
                    thrust::raw_pointer_cast(values_.data()), bounds, level, sorter_, phases_);
    phases_.copy_out = Seconds(start) - phases_.order;
  }

  void Next(const Shape& shape, const ContributionTable& contributions, bool solve,
            std::uint64_t chunk_parents, std::uint64_t classes, StepHooks hooks) override {
    DispatchShape(shape.rows, shape.cols, [&](auto tag) {
      Step<decltype(tag)::kRows, decltype(tag)::kCols>(shape, contributions, solve, chunk_parents,
                                                       classes, hooks);
    });
  }

 private:
  static double Seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
  }

  // f(i) for every i < count: the system's ForEach where it has one, thrust::for_each else.
  template <class F>
  static void ForEachIndex(std::uint64_t count, const F& f) {
    for (std::uint64_t first = 0; first < count; first += kChunk) {
      const std::uint64_t last = std::min(count, first + kChunk);
      if constexpr (requires { System::ForEach(first, last, f); })
        System::ForEach(first, last, f);
      else
        thrust::for_each(System::Policy(), thrust::counting_iterator<std::uint64_t>(first),
                         thrust::counting_iterator<std::uint64_t>(last), f);
    }
  }

  LevelView View() const {
    return {thrust::raw_pointer_cast(keys_.data()), thrust::raw_pointer_cast(values_.data()),
            keys_.size(), thrust::raw_pointer_cast(directory_.data()), directory_bits_};
  }

  void MakeDirectory() {
    directory_bits_ = DirectoryBits(keys_.size());
    const std::uint64_t entries = (std::uint64_t{1} << directory_bits_) + 1;
    directory_.resize(entries);
    ForEachIndex(entries,
                 DirectoryEntry{thrust::raw_pointer_cast(keys_.data()), keys_.size(),
                                directory_bits_, thrust::raw_pointer_cast(directory_.data())});
  }

  template <int Rows, int Cols>
  void Step(const Shape& shape, const ContributionTable& contributions, bool solve,
            std::uint64_t chunk_parents, std::uint64_t classes, StepHooks hooks) {
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
      if (hooks.stop && hooks.stop->load(std::memory_order_relaxed))
        throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
      const std::uint64_t count = std::min(chunk_parents, parents - first);
      if constexpr (requires { System::ForRanges(first, first + count, append); })
        System::ForRanges(first, first + count, append);  // a host system: AppendChildren::Range
      else
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
                                                   shape.bits, View(), contributions});
    else
      ForEachIndex(classes, ZeroValue{thrust::raw_pointer_cast(next_values_.data())});
    phases_.solve = Seconds(start);

    start = Clock::now();
    keys_.swap(next_);
    values_.swap(next_values_);
    Keys().swap(next_);  // the level below is no longer needed
    Values().swap(next_values_);
    MakeDirectory();
    phases_.index = Seconds(start);
  }

  Keys keys_, next_, directory_;
  int directory_bits_ = 1;
  Values values_, next_values_;
  typename System::template Vector<unsigned long long> counter_;
  typename System::Sorter sorter_;
};

}  // namespace seki::gpu
