// Ctrl-C for the long-running commands: the first SIGINT sets a stop flag that the library polls
// (the command then ends with exit status 130); a second one kills the process at once.
// Concurrency: the flag is an atomic set from the signal handler; any thread may read it.
#pragma once

#include <atomic>

namespace seki::cli {

// The flag the SIGINT handler sets.
std::atomic<bool>& InterruptFlag();
// Installs the handler (from now on Ctrl-C sets InterruptFlag()).
void CatchInterrupt();
// Restores the default action (Ctrl-C kills).
void ReleaseInterrupt();

}  // namespace seki::cli
