// A status line on stderr redrawn from a background thread.
#include "apps/live_line.hpp"

#include <cstdio>
#include <iostream>

namespace seki::cli {

LiveLine::LiveLine(bool live, std::function<std::string(double)> status,
                   std::chrono::milliseconds delay)
    : live_(live), status_(std::move(status)), delay_(delay) {
  if (live_) redraw_ = std::thread([this] { Redraw(); });
}

LiveLine::~LiveLine() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    ClearLocked();
  }
  wake_.notify_all();
  if (redraw_.joinable()) redraw_.join();
}

void LiveLine::Restart() {
  std::lock_guard lock(mutex_);
  ClearLocked();
  start_ = std::chrono::steady_clock::now();
}

void LiveLine::ClearLocked() {
  if (drawn_) std::cerr << "\r\033[K" << std::flush;
  drawn_ = false;
}

void LiveLine::Redraw() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const auto elapsed = std::chrono::steady_clock::now() - start_;
    if (elapsed >= delay_) {
      std::cerr << "\r\033[K" << status_(std::chrono::duration<double>(elapsed).count())
                << std::flush;
      drawn_ = true;
    }
    wake_.wait_for(lock, std::chrono::milliseconds(250));
  }
}

}  // namespace seki::cli
