// The thrust engine's step on a CUDA GPU: thrust's CUDA system (CUB radix sort), compiled by nvcc.
#include <cuda_runtime.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/cuda/vector.h>

#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_backend_impl.hpp"

namespace seki::gpu {

namespace {

struct CudaSystem {
  template <class T>
  using Vector = thrust::cuda::vector<T>;
  static auto Policy() { return thrust::cuda::par; }
  static std::string Name() { return "cuda"; }
  static double FreeBytes() {
    std::size_t free = 0, total = 0;
    return cudaMemGetInfo(&free, &total) == cudaSuccess ? double(free) : 0;
  }
};

}  // namespace

bool CudaBuilt() { return true; }

std::unique_ptr<Backend> MakeCudaBackend() {
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if (status != cudaSuccess)
    throw InputError("--device gpu",
                     std::string("no usable CUDA GPU: ") + cudaGetErrorString(status));
  if (devices == 0) throw InputError("--device gpu", "no CUDA GPU found");
  return std::make_unique<ThrustBackend<CudaSystem>>();
}

}  // namespace seki::gpu
