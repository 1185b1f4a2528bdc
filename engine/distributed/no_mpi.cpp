// A build without MPI (-DSEKI_MPI=OFF, or AUTO with no MPI found): refuses to run under mpirun.
#include "engine/base/input_error.hpp"
#include "engine/distributed/launch.hpp"

namespace seki {

bool MpiBuilt() { return false; }

std::unique_ptr<Ranks> JoinLaunchedJob() {
  if (LaunchedByMpi())
    throw InputError("mpirun", "this seki was built without MPI (configure with -DSEKI_MPI=ON)");
  return nullptr;
}

}  // namespace seki
