// Errors the `seki` tool reports as one line on stderr with exit code 2 (bad input, a position
// too large to solve): the library's InputError under the name the commands use, and the exit
// status a command can end the tool with.
#pragma once

#include "engine/base/input_error.hpp"

namespace seki::cli {

// "<where>: <problem>"; main prints it as "seki: <where>: <problem>" and exits with status 2 (3 for
// its MemoryLimitError).
using CliError = InputError;

// Ends the tool with a given exit status after the command has said what it needs to (e.g. 130
// for an interrupted enumeration).
struct ExitStatus {
  int status;
};

}  // namespace seki::cli
