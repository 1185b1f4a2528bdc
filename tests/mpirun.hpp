// Mpirun: `mpirun -np R seki ARGS` for the tests under MPI (label "mpi", built when MPI is), with
// the environment Open MPI needs on this machine. SEKI_MPIEXEC and SEKI_BINARY come from CMake.
// Concurrency: runs a child process; one call at a time per test.
#pragma once

#include <cstdlib>
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
  // Under ASan, no leak check in the ranks: Open MPI leaves what MPI_Init allocates (in components
  // it has unloaded) at MPI_Finalize, and only whole stacks, ten times slower, could tell it from
  // ours. The distributed code is leak-checked as thread ranks (docs/testing.md). Ignored without
  // ASan; a user's ASAN_OPTIONS come after, so they win.
  const char* asan = std::getenv("ASAN_OPTIONS");
  all_env.push_back(std::string("ASAN_OPTIONS=detect_leaks=0") + (asan ? ":" : "") +
                    (asan ? asan : ""));
  all_env.insert(all_env.end(), env.begin(), env.end());
  return seki::testing::RunProgram(SEKI_MPIEXEC, args, "", all_env, 120);
}

}  // namespace seki::testing
