// Ending an mpirun job after an error on one of its ranks (apps/on_every_rank.hpp).
#include "apps/on_every_rank.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <new>
#include <string>

#include "apps/cli_error.hpp"
#include "engine/base/input_error.hpp"

namespace seki::cli {

void AbortJob(const Ranks& group, const std::exception& e) {
  const bool input = dynamic_cast<const InputError*>(&e) != nullptr;
  const int status = dynamic_cast<const MemoryLimitError*>(&e) != nullptr ? kExitMemoryLimit
                     : input                                              ? kExitBadInput
                                                                          : kExitInternalError;
  // The same words as main's for an error that is not bad input.
  const std::string what = input ? e.what()
                           : dynamic_cast<const std::bad_alloc*>(&e) != nullptr
                               ? std::string("out of memory")
                               : std::string("internal error: ") + e.what();
  if (group.root() || !input) {
    std::cout.flush();
    std::cerr << "seki: " << (group.root() ? "" : "rank " + std::to_string(group.rank()) + ": ")
              << OneLine(what) << std::endl;
  } else {
    sleep(1);  // rank 0 says it and aborts the job first
  }
  group.Abort(status);
  std::_Exit(status);  // not reached (Abort is [[noreturn]]), but GCC cannot see it through
                       // the virtual call
}

}  // namespace seki::cli
