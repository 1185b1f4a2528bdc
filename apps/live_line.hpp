// LiveLine: one status line on stderr, redrawn from a background thread while a long step runs
// (seki solve and every command that solves); its numbers in engine/base/human_units.hpp.
// Concurrency: Restart and the destructor are called by the owning thread; the redraw thread calls
// the status function, which must be safe to call concurrently with the owner's work.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "engine/base/human_units.hpp"

namespace seki::cli {

class LiveLine {
 public:
  // When `live`, redraws status(elapsed seconds since the last Restart) every 250 ms once `delay`
  // has passed since the last Restart; otherwise does nothing.
  LiveLine(bool live, std::function<std::string(double)> status,
           std::chrono::milliseconds delay = std::chrono::milliseconds(1000));
  ~LiveLine();  // stops and clears the line
  LiveLine(const LiveLine&) = delete;
  LiveLine& operator=(const LiveLine&) = delete;

  // Clears the line (e.g. before printing a result) and starts the delay again.
  void Restart();

 private:
  void Redraw();
  void ClearLocked();

  const bool live_;
  const std::function<std::string(double)> status_;
  const std::chrono::milliseconds delay_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::thread redraw_;
};

}  // namespace seki::cli
