// The exit statuses of every command (README, "Exit statuses") and the one a command can end the
// tool with. Bad input is the library's InputError ("<where>: <problem>"; main prints it as
// "seki: <where>: <problem>" and exits with status 2, 3 for its MemoryLimitError).
#pragma once

#include <string>

#include "engine/base/input_error.hpp"

namespace seki::cli {

// The exit statuses, the same for every command; every one but kExitDone comes with one line
// "seki: <where>: <problem>" on stderr (or the report of a finding).
inline constexpr int kExitDone = 0;
inline constexpr int kExitFinding = 1;      // check, verify, reproduce: a counterexample, a FAILED
inline constexpr int kExitBadInput = 2;     // InputError; a position too large to solve
inline constexpr int kExitMemoryLimit = 3;  // MemoryLimitError
inline constexpr int kExitInternalError = 70;  // EX_SOFTWARE (sysexits.h): a bug, out of memory,
                                               // an I/O error
inline constexpr int kExitInterrupted = 130;   // 128 + SIGINT: stopped by Ctrl-C

// One sentence listing every status, for the help texts.
inline std::string ExitStatusSummary() {
  using std::to_string;
  return "Exit status (every command): " + to_string(kExitDone) + " done; " +
         to_string(kExitFinding) + " a finding (check, verify, reproduce); " +
         to_string(kExitBadInput) + " bad input; " + to_string(kExitMemoryLimit) +
         " does not fit --memory-limit; " + to_string(kExitInternalError) + " an internal error; " +
         to_string(kExitInterrupted) + " stopped by Ctrl-C.";
}

// Ends the tool with a given exit status after the command has said what it needs to (e.g. 130
// for an interrupted enumeration).
struct ExitStatus {
  int status;
};

}  // namespace seki::cli
