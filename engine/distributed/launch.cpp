// How a process knows that mpirun started it (before MPI is initialised).
#include "engine/distributed/launch.hpp"

#include <cstdlib>
#include <string>

namespace seki {

namespace {
constexpr const char* kRankVariables[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"};
}  // namespace

bool LaunchedByMpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

int LaunchedRank() {
  for (const char* name : kRankVariables)
    if (const char* value = std::getenv(name)) return std::atoi(value);
  return 0;
}

}  // namespace seki
