// A build without CUDA: --device gpu is refused with the way to get it.
#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_backend.hpp"

namespace seki::gpu {

bool CudaBuilt() { return false; }

std::unique_ptr<Backend> MakeCudaBackend() {
  throw InputError("--device gpu",
                   "this seki was built without CUDA (configure with -DSEKI_CUDA=ON on a machine "
                   "with nvcc); --device thrust-cpu runs the same engine on the CPU");
}

}  // namespace seki::gpu
