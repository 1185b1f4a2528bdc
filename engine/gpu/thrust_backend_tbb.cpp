// The thrust engine's step on the CPU: thrust's TBB system, compiled by g++.
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
};

}  // namespace

std::unique_ptr<Backend> MakeTbbBackend() { return std::make_unique<ThrustBackend<TbbSystem>>(); }

}  // namespace seki::gpu
