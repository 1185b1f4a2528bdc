// The thrust engine's step on the CPU: thrust's TBB system, compiled by g++; sorts with
// tbb::parallel_sort and copies shards out in parallel.
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <thrust/system/tbb/execution_policy.h>
#include <thrust/system/tbb/vector.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <span>

#include "engine/gpu/thrust_backend_impl.hpp"

namespace seki::gpu {

namespace {

struct TbbSystem {
  template <class T>
  using Vector = thrust::tbb::vector<T>;
  static auto Policy() { return thrust::tbb::par; }
  static std::string Name() { return "thrust-tbb"; }
  static double FreeBytes() { return 0; }

  struct Sorter {
    void Sort(Vector<std::uint64_t>& keys) {
      std::uint64_t* data = thrust::raw_pointer_cast(keys.data());
      tbb::parallel_sort(data, data + keys.size());
    }
  };

  SEKI_HD static std::uint64_t Reserve(unsigned long long* counter, unsigned count) {
    return __atomic_fetch_add(counter, count, __ATOMIC_RELAXED);
  }

  // Each shard's records (key << 8 | value) sorted by key (the order phase: this system's device
  // is the host), then split into the project's shard (the copy phase).
  static void CopyOut(const std::uint64_t* mixed, const std::uint8_t* values,
                      const std::vector<std::uint64_t>& bounds, Level& level, Sorter&,
                      StepPhases& phases) {
    const auto start = std::chrono::steady_clock::now();
    const std::unique_ptr<std::uint64_t[]> records(new std::uint64_t[bounds.back()]);
    tbb::parallel_for(0, kShardCount, [&](int s) {
      for (std::uint64_t k = bounds[s]; k < bounds[s + 1]; ++k)
        records[k] = Unmixed(mixed[k]) << 8 | values[k];
      std::sort(records.get() + bounds[s], records.get() + bounds[s + 1]);
    });
    phases.order = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    tbb::parallel_for(0, kShardCount, [&](int s) {
      const std::span<const std::uint64_t> shard(records.get() + bounds[s],
                                                 bounds[s + 1] - bounds[s]);
      SplitRecords(shard, level.shards[s]);
    });
  }
};

}  // namespace

std::unique_ptr<Backend> MakeTbbBackend() { return std::make_unique<ThrustBackend<TbbSystem>>(); }

}  // namespace seki::gpu
