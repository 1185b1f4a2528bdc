// The thrust engine's step on the CPU: thrust's TBB system, compiled by g++; sorts by a parallel
// split on the top byte and Boost's spreadsort, and copies shards out in parallel.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <thrust/system/tbb/execution_policy.h>
#include <thrust/system/tbb/vector.h>

#include <algorithm>
#include <array>
#include <boost/sort/spreadsort/integer_sort.hpp>
#include <chrono>
#include <memory>
#include <span>

#include "engine/base/handoff.hpp"
#include "engine/gpu/thrust_backend_impl.hpp"

namespace seki::gpu {

namespace {

struct TbbSystem {
  template <class T>
  using Vector = thrust::tbb::vector<T>;
  static auto Policy() { return thrust::tbb::par; }
  static std::string Name() { return "thrust-tbb"; }
  static double FreeBytes() { return 0; }

  // The level's mixed keys are spread evenly, so one pass by their shard (the top kShardBits bits;
  // counted per part, scattered in parallel into a kept buffer) splits them into kShardCount
  // similar buckets, each then sorted by Boost's spreadsort and copied back.
  struct Sorter {
    std::unique_ptr<std::uint64_t[]> buffer;
    std::uint64_t capacity = 0;
    std::uint64_t* Buffer(std::uint64_t n) {  // at least n words, kept for the largest level
      if (capacity < n) {
        buffer.reset();
        buffer.reset(new std::uint64_t[n]);
        capacity = n;
      }
      return buffer.get();
    }
    void Sort(Vector<std::uint64_t>& keys) {
      const std::uint64_t n = keys.size();
      std::uint64_t* data = thrust::raw_pointer_cast(keys.data());
      Buffer(n);
      constexpr int kParts = 64, kBuckets = kShardCount;
      std::vector<std::array<std::uint64_t, kBuckets>> at(kParts);  // counts, then places
      const auto part = [n](int p) { return n * p / kParts; };
      tbb::parallel_for(0, kParts, [&](int p) {
        at[p].fill(0);
        for (std::uint64_t k = part(p); k < part(p + 1); ++k) ++at[p][data[k] >> (64 - kShardBits)];
      });
      std::vector<std::uint64_t> bucket(kBuckets + 1, 0);
      for (int b = 0; b < kBuckets; ++b) {
        bucket[b + 1] = bucket[b];
        for (int p = 0; p < kParts; ++p) {
          const std::uint64_t count = at[p][b];
          at[p][b] = bucket[b + 1];
          bucket[b + 1] += count;
        }
      }
      tbb::parallel_for(0, kParts, [&](int p) {
        for (std::uint64_t k = part(p); k < part(p + 1); ++k)
          buffer[at[p][data[k] >> (64 - kShardBits)]++] = data[k];
      });
      tbb::parallel_for(0, kBuckets, [&](int b) {
        boost::sort::spreadsort::integer_sort(buffer.get() + bucket[b],
                                              buffer.get() + bucket[b + 1]);
        std::copy(buffer.get() + bucket[b], buffer.get() + bucket[b + 1], data + bucket[b]);
      });
    }
  };

  // f.Range over [first, last) cut into ranges of at most F::kRangeParents, in parallel. Here and
  // in ForEach the tasks hand their work to the caller through a Handoff: the caller then frees
  // what they read and wrote, and ThreadSanitizer cannot see libtbb's join.
  template <class F>
  static void ForRanges(std::uint64_t first, std::uint64_t last, const F& f) {
    Handoff handoff;
    tbb::parallel_for(
        tbb::blocked_range<std::uint64_t>(first, last, F::kRangeParents),
        [&](const tbb::blocked_range<std::uint64_t>& r) {
          f.Range(r.begin(), r.end());
          handoff.Give();
        },
        tbb::simple_partitioner{});
    handoff.Take();
  }

  // f(i) for every i in [first, last), in parallel (instead of thrust::for_each on this system).
  template <class F>
  static void ForEach(std::uint64_t first, std::uint64_t last, const F& f) {
    Handoff handoff;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(first, last),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        for (std::uint64_t i = r.begin(); i != r.end(); ++i) f(i);
                        handoff.Give();
                      });
    handoff.Take();
  }

  SEKI_HD static std::uint64_t Reserve(unsigned long long* counter, unsigned count) {
    return __atomic_fetch_add(counter, count, __ATOMIC_RELAXED);
  }

  // Each shard's records (key << 8 | value) sorted by key (the order phase: this system's device
  // is the host), then split into the project's shard (the copy phase).
  static void CopyOut(const std::uint64_t* mixed, const std::uint8_t* values,
                      const std::vector<std::uint64_t>& bounds, Level& level, Sorter& sorter,
                      StepPhases& phases) {
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t* const records = sorter.Buffer(bounds.back());  // the sort's buffer, reused
    tbb::parallel_for(0, kShardCount, [&](int s) {
      for (std::uint64_t k = bounds[s]; k < bounds[s + 1]; ++k)
        records[k] = Unmixed(mixed[k]) << 8 | values[k];
      boost::sort::spreadsort::integer_sort(records + bounds[s], records + bounds[s + 1]);
    });
    phases.order = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    tbb::parallel_for(0, kShardCount, [&](int s) {
      const std::span<const std::uint64_t> shard(records + bounds[s], bounds[s + 1] - bounds[s]);
      SplitRecords(shard, level.shards[s]);
    });
  }
};

}  // namespace

std::unique_ptr<Backend> MakeTbbBackend() { return std::make_unique<ThrustBackend<TbbSystem>>(); }

}  // namespace seki::gpu
