// A status line on stderr redrawn from a background thread.
#include "apps/live_line.hpp"

#include <cstdio>
#include <iostream>

namespace seki::cli {

std::string HumanCount(double x) {
  char text[32];
  if (x >= 1e9)
    std::snprintf(text, sizeof text, "%.2fG", x / 1e9);
  else if (x >= 1e6)
    std::snprintf(text, sizeof text, "%.2fM", x / 1e6);
  else if (x >= 1e3)
    std::snprintf(text, sizeof text, "%.1fk", x / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f", x);
  return text;
}

std::string HumanBytes(double bytes) {
  char text[32];
  if (bytes >= double(1 << 30))
    std::snprintf(text, sizeof text, "%.2f GiB", bytes / double(1 << 30));
  else if (bytes >= double(1 << 20))
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / double(1 << 20));
  else
    std::snprintf(text, sizeof text, "%.1f KiB", bytes / 1024);
  return text;
}

std::string HumanDuration(double seconds) {
  char text[32];
  const long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, (s / 60) % 60);
  else if (s >= 60)
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%.1fs", seconds);
  return text;
}

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
