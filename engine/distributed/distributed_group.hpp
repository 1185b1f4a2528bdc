// The distributed level engine's entry point: joins the MPI job this process was started in by
// mpirun and returns its RunGroup (engine/run/run_group.hpp), whose ranks each own a contiguous
// block of shards and exchange pushed records with MPI_Alltoallv (docs/distributed.md). Nothing
// outside engine/distributed includes mpi.h; without MPI (-DSEKI_MPI=OFF) this library still
// detects mpirun and refuses to run many copies of a single-process run into one directory.
// Concurrency: one group per process, created and used by the main thread only (MPI is
// initialised with MPI_THREAD_FUNNELED; oneTBB's workers never call MPI).
#pragma once

#include <memory>

#include "engine/run/run_group.hpp"

namespace seki {

class DistributedGroup : public RunGroup {
 public:
  // Ends the whole job now (MPI_Abort) with `status` as mpirun's exit status: after an error on
  // one rank, so that no rank waits forever in a collective step.
  [[noreturn]] virtual void Abort(int status) const = 0;
};

// Whether mpirun (or another MPI launcher) started this process: OMPI_COMM_WORLD_SIZE, PMIX_RANK
// or PMI_RANK in the environment. A process started without one never initialises MPI.
bool LaunchedByMpi();
// The rank the launcher gave this process (0 when not launched), readable before MPI starts.
int LaunchedRank();
// Whether this build has MPI (-DSEKI_MPI).
bool MpiBuilt();

// Initialises MPI and returns this process's group when LaunchedByMpi(), otherwise null. Throws
// InputError when launched by mpirun but built without MPI. The group finalises MPI when it goes.
std::unique_ptr<DistributedGroup> JoinLaunchedJob();

}  // namespace seki
