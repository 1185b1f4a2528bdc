// Mpirun: `mpirun -np R seki ARGS` for the tests under MPI (label "mpi", built when MPI is), with
// the environment Open MPI needs on this machine. SEKI_MPIEXEC and SEKI_BINARY come from CMake.
// Concurrency: runs a child process; one call at a time per test.
#pragma once

#include <string>
#include <vector>

#include "tests/seki_process.hpp"

namespace seki::testing {

// Open MPI may run as root and put more ranks than cores on this machine only when told so.
inline const std::vector<std::string> kMpiEnv = {"OMPI_ALLOW_RUN_AS_ROOT=1",
                                                 "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                                                 "OMPI_MCA_rmaps_base_oversubscribe=1"};

// `mpirun -np ranks seki ARGS`, with `env` added to the job's environment.
inline RunResult Mpirun(int ranks, const std::vector<std::string>& seki_args,
                        const std::vector<std::string>& env = {}) {
  std::vector<std::string> args = {"-np", std::to_string(ranks), SEKI_BINARY};
  args.insert(args.end(), seki_args.begin(), seki_args.end());
  std::vector<std::string> all_env = kMpiEnv;
  all_env.insert(all_env.end(), env.begin(), env.end());
  return seki::testing::RunProgram(SEKI_MPIEXEC, args, "", all_env, 120);
}

}  // namespace seki::testing
