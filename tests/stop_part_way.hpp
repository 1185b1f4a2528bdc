// StopPartWay: runs a down-set solve while another thread sets its stop flag once the engine has
// done a given share of its matrices — how the tests stop a pass part way to resume it.
#pragma once

#include <atomic>
#include <thread>

#include "engine/solve/downset.hpp"
#include "engine/solve/game_search.hpp"

namespace seki::testing {

// Calls solve() (which runs `engine`'s Solve) while `stop` (the engine's DownsetOptions::stop) is
// set once engine.done() reaches `at` of engine.total(). Returns whether the solve was stopped
// (Stopped with reason kInterrupted); any other exception propagates.
template <class Solve>
bool StopPartWay(const DownsetEngine& engine, double at, std::atomic<bool>& stop, Solve&& solve) {
  std::atomic<bool> solving{true};
  std::thread stopper([&] {
    while (solving.load() &&
           (engine.total() == 0 || double(engine.done()) < at * double(engine.total())))
      std::this_thread::yield();
    stop.store(true);
  });
  bool stopped = false;
  try {
    solve();
  } catch (const Stopped& e) {
    stopped = e.reason() == Stopped::Reason::kInterrupted;
    if (!stopped) {
      solving.store(false);
      stopper.join();
      throw;
    }
  }
  solving.store(false);
  stopper.join();
  return stopped;
}

}  // namespace seki::testing
