// The thrust engine's step on the CPU: thrust's TBB system, compiled by g++; sorts with
// tbb::parallel_sort and copies shards out in parallel.
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <thrust/system/tbb/execution_policy.h>
#include <thrust/system/tbb/vector.h>

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

  static std::uint64_t Reserve(unsigned long long* counter, unsigned count) {
    return __atomic_fetch_add(counter, count, __ATOMIC_RELAXED);
  }

  static void CopyOut(const std::uint64_t* keys, const std::uint8_t* values,
                      const std::vector<std::uint64_t>& bounds, Level& level) {
    tbb::parallel_for(0, kShardCount, [&](int s) {
      LevelShard& shard = level.shards[s];
      const std::uint64_t first = bounds[s], last = bounds[s + 1];
      shard.keys.assign(keys + first, keys + last);
      for (std::uint64_t& key : shard.keys) key &= kKeyMask;
      const auto* v = reinterpret_cast<const PackedOutcome*>(values);
      shard.values.assign(v + first, v + last);
    });
  }
};

}  // namespace

std::unique_ptr<Backend> MakeTbbBackend() { return std::make_unique<ThrustBackend<TbbSystem>>(); }

}  // namespace seki::gpu
