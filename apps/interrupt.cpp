// The SIGINT handler shared by enumerate and solve.
#include "apps/interrupt.hpp"

#include <csignal>

namespace seki::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void OnSigint(int) {
  g_stop.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C kills at once
}

}  // namespace

std::atomic<bool>& InterruptFlag() { return g_stop; }
void CatchInterrupt() { std::signal(SIGINT, OnSigint); }
void ReleaseInterrupt() { std::signal(SIGINT, SIG_DFL); }

}  // namespace seki::cli
