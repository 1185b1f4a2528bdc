// The thrust-TBB backend of seki_gpu in a fuzz build by clang 14, which cannot compile libstdc++
// 12's std::views (engine/gpu/thrust_backend_impl.hpp): --device thrust-cpu is refused there. No
// fuzz target reaches it. See tests/fuzz/CMakeLists.txt.
#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_backend.hpp"

namespace seki::gpu {

std::unique_ptr<Backend> MakeTbbBackend() {
  throw InputError("--device thrust-cpu",
                   "this fuzz build (clang < 15) has no thrust-TBB backend; use a g++ build");
}

}  // namespace seki::gpu
