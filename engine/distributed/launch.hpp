// The distributed engine's entry point: joins the MPI job this process was started in by mpirun
// and returns its Ranks (engine/base/ranks.hpp) over MPI_COMM_WORLD, on which the level engine
// (engine/run/level_ranks.hpp), the checks and the down-set pass spread (docs/distributed.md).
// Nothing outside engine/distributed includes mpi.h; without MPI (-DSEKI_MPI=OFF) this library
// still detects mpirun and refuses to run many copies of a single-process run into one directory.
// Concurrency: one Ranks per process, created and used by the main thread only (MPI is
// initialised with MPI_THREAD_FUNNELED; oneTBB's workers never call MPI).
#pragma once

#include <memory>

#include "engine/base/ranks.hpp"

namespace seki {

// Whether mpirun (or another MPI launcher) started this process: OMPI_COMM_WORLD_SIZE, PMIX_RANK
// or PMI_RANK in the environment. A process started without one never initialises MPI.
bool LaunchedByMpi();
// The rank the launcher gave this process (0 when not launched), readable before MPI starts.
int LaunchedRank();
// Whether this build has MPI (-DSEKI_MPI).
bool MpiBuilt();

// Initialises MPI and returns this process's ranks when LaunchedByMpi(), otherwise null. Throws
// InputError when launched by mpirun but built without MPI. MPI is finalised when they go.
std::unique_ptr<Ranks> JoinLaunchedJob();

}  // namespace seki
