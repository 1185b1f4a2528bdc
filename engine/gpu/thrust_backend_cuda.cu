// The thrust engine's step on a CUDA GPU: thrust's CUDA system for the kernels, CUB's radix sort
// with its temporary storage and double buffer kept from level to level, warp-aggregated appends,
// and shards copied out through two pinned buffers while the host fills the previous shard.
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <cuda_runtime.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/cuda/vector.h>

#include <chrono>
#include <cub/device/device_radix_sort.cuh>
#include <span>

#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_backend_impl.hpp"

namespace seki::gpu {

namespace {

void Check(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string("CUDA: ") + what + ": " + cudaGetErrorString(status));
}

// Device memory whose elements are not initialised on allocation or resize (every element the
// engine reads it has written first): no fill kernel over a level of billions of keys.
template <class T>
struct UninitializedAllocator : thrust::cuda::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  __host__ __device__ void construct(T*) {}
};

struct CudaSystem {
  template <class T>
  using Vector = thrust::cuda::vector<T, UninitializedAllocator<T>>;
  static auto Policy() { return thrust::cuda::par; }
  static std::string Name() { return "cuda"; }
  static double FreeBytes() {
    std::size_t free = 0, total = 0;
    return cudaMemGetInfo(&free, &total) == cudaSuccess ? double(free) : 0;
  }

  // Radix sort of all 64 bits; the result is left in `keys` (the vectors are swapped when CUB
  // ends in the alternate buffer). Temporary storage grows to the largest level and stays.
  // Radix sorts of all 64 bits with one temporary storage, grown to the largest need and kept.
  // Sort leaves the result in `keys` (the vectors are swapped when CUB ends in the alternate).
  struct Sorter {
    Vector<std::uint64_t> alternate, shard;
    Vector<unsigned char> temp;
    void Radix(cub::DoubleBuffer<std::uint64_t>& buffers, std::uint64_t n) {
      std::size_t bytes = 0;
      Check(cub::DeviceRadixSort::SortKeys(nullptr, bytes, buffers, n), "radix sort size");
      if (temp.size() < bytes) temp.resize(bytes);
      Check(
          cub::DeviceRadixSort::SortKeys(thrust::raw_pointer_cast(temp.data()), bytes, buffers, n),
          "radix sort");
    }
    void Sort(Vector<std::uint64_t>& keys) {
      const std::uint64_t n = keys.size();
      if (alternate.size() < n) {
        Vector<std::uint64_t>().swap(alternate);
        alternate.resize(n);
      }
      cub::DoubleBuffer<std::uint64_t> buffers(thrust::raw_pointer_cast(keys.data()),
                                               thrust::raw_pointer_cast(alternate.data()));
      Radix(buffers, n);
      Check(cudaDeviceSynchronize(), "radix sort");
      if (buffers.Current() != thrust::raw_pointer_cast(keys.data())) {
        keys.swap(alternate);  // keys now has alternate's size (>= n): keep n
        keys.resize(n);
      }
    }
  };

  struct MakeRecord {
    const std::uint64_t* mixed;
    const std::uint8_t* values;
    std::uint64_t* records;
    __host__ __device__ void operator()(std::uint64_t k) const {
      records[k] = Unmixed(mixed[k]) << 8 | values[k];
    }
  };

  // The place of `count` keys appended by this thread: one atomic per group of coalesced threads.
  SEKI_HD static std::uint64_t Reserve(unsigned long long* counter, unsigned count) {
#if defined(__CUDA_ARCH__)
    namespace cg = cooperative_groups;
    const cg::coalesced_group group = cg::coalesced_threads();
    const unsigned before = cg::exclusive_scan(group, count);
    const unsigned total = group.shfl(before + count, group.size() - 1);
    unsigned long long base = 0;
    if (group.thread_rank() == 0) base = atomicAdd(counter, static_cast<unsigned long long>(total));
    return group.shfl(base, 0) + before;
#else
    return __atomic_fetch_add(counter, count, __ATOMIC_RELAXED);
#endif
  }

  // The order phase on the device: each shard's records (key << 8 | value) made in the sorter's
  // alternate buffer and radix-sorted there (a shard-sized second buffer, kept); the copy phase:
  // shard by shard through two pinned buffers, the next shard's copy running while the host
  // splits the previous one into the project's Level.
  static void CopyOut(const std::uint64_t* mixed, const std::uint8_t* values,
                      const std::vector<std::uint64_t>& bounds, Level& level, Sorter& sorter,
                      StepPhases& phases) {
    const auto clock_start = std::chrono::steady_clock::now();
    const std::uint64_t total = bounds.back();
    std::uint64_t largest = 1;
    for (int s = 0; s < kShardCount; ++s) largest = std::max(largest, bounds[s + 1] - bounds[s]);
    if (sorter.alternate.size() < total) sorter.alternate.resize(total);
    if (sorter.shard.size() < largest) sorter.shard.resize(largest);
    std::uint64_t* records = thrust::raw_pointer_cast(sorter.alternate.data());
    for (std::uint64_t first = 0; first < total; first += kChunk)
      thrust::for_each(Policy(), thrust::counting_iterator<std::uint64_t>(first),
                       thrust::counting_iterator<std::uint64_t>(std::min(total, first + kChunk)),
                       MakeRecord{mixed, values, records});
    for (int s = 0; s < kShardCount; ++s) {
      const std::uint64_t first = bounds[s], n = bounds[s + 1] - first;
      if (n < 2) continue;
      cub::DoubleBuffer<std::uint64_t> buffers(records + first,
                                               thrust::raw_pointer_cast(sorter.shard.data()));
      sorter.Radix(buffers, n);
      if (buffers.Current() != records + first)
        Check(cudaMemcpy(records + first, buffers.Current(), 8 * n, cudaMemcpyDeviceToDevice),
              "shard back");
    }
    Check(cudaDeviceSynchronize(), "order");
    phases.order =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - clock_start).count();

    const std::size_t bytes = 8 * largest;
    std::uint64_t* pinned[2] = {nullptr, nullptr};
    cudaStream_t stream = nullptr;
    cudaEvent_t copied[2] = {nullptr, nullptr};
    Check(cudaStreamCreate(&stream), "stream");
    for (int b = 0; b < 2; ++b) {
      Check(cudaMallocHost(&pinned[b], bytes), "pinned buffer");
      Check(cudaEventCreate(&copied[b]), "event");
    }
    auto start = [&](int s) {  // shard s into buffer s % 2
      const std::uint64_t first = bounds[s], n = bounds[s + 1] - first;
      Check(cudaMemcpyAsync(pinned[s % 2], records + first, 8 * n, cudaMemcpyDeviceToHost, stream),
            "copy shard");
      Check(cudaEventRecord(copied[s % 2], stream), "event");
    };
    start(0);
    for (int s = 0; s < kShardCount; ++s) {
      Check(cudaEventSynchronize(copied[s % 2]), "copy");
      if (s + 1 < kShardCount) start(s + 1);
      SplitRecords(std::span<const std::uint64_t>(pinned[s % 2], bounds[s + 1] - bounds[s]),
                   level.shards[s]);
    }
    for (int b = 0; b < 2; ++b) {
      cudaFreeHost(pinned[b]);
      cudaEventDestroy(copied[b]);
    }
    cudaStreamDestroy(stream);
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
