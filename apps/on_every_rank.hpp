// OnEveryRank: runs a command's body on each rank of an mpirun job so that an error on one rank
// ends the whole job (MPI_Abort) instead of leaving the others waiting in a collective step. Bad
// input, which every rank meets alike, is printed by rank 0 alone (status 2; 3 for a memory
// limit); any other error by the rank that met it (status 70, "internal error: ..." as in main).
// Concurrency: called by the main thread of each rank.
#pragma once

#include <exception>

#include "engine/distributed/launch.hpp"

namespace seki::cli {

// Prints the error `e` as the rank's one line and ends the job; never returns.
[[noreturn]] void AbortJob(const Ranks& group, const std::exception& e);

template <class Body>
auto OnEveryRank(const Ranks& group, Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const std::exception& e) {
    AbortJob(group, e);
  }
}

}  // namespace seki::cli
