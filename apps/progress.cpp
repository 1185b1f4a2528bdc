// Live progress line and per-level log lines.
#include "apps/progress.hpp"

#include <cstdio>
#include <iostream>

#include "apps/live_line.hpp"
#include "engine/run/host.hpp"

namespace seki::cli {

Progress::Progress(bool live, std::vector<std::uint64_t> expected, std::uint64_t done_before)
    : live_(live), expected_(std::move(expected)), done_finished_(done_before) {
  for (std::uint64_t n : expected_) total_ += n;
  done_at_start_ = done_before;
  if (live_) redraw_ = std::thread([this] { Redraw(); });
}

Progress::~Progress() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (redraw_.joinable()) redraw_.join();
  if (live_) std::cerr << "\r\033[K" << std::flush;
}

void Progress::StartLevel(int sum, std::atomic<std::uint64_t>* parents_done) {
  std::lock_guard lock(mutex_);
  level_ = sum;
  parents_done_ = parents_done;
}

void Progress::FinishLevel(int sum, const std::string& line) {
  {
    std::lock_guard lock(mutex_);
    if (sum >= 0 && static_cast<std::size_t>(sum) < expected_.size())
      done_finished_ += expected_[sum];
    parents_done_ = nullptr;
  }
  Say(line);
}

void Progress::Say(const std::string& line) {
  std::lock_guard lock(mutex_);
  std::cerr << (live_ ? "\r\033[K" : "") << line << '\n' << std::flush;
}

// Called with mutex_ held.
std::string Progress::StatusLine() {
  // Building level s processes the classes of level s-1 as parents.
  const std::uint64_t in_level = parents_done_ ? parents_done_->load() : 0;
  const std::uint64_t done = done_finished_ + in_level;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = elapsed > 0 ? double(done - done_at_start_) / elapsed : 0;
  const double eta = SecondsLeft(double(done), double(total_), elapsed, double(done_at_start_));
  char text[256];
  std::snprintf(text, sizeof text,
                "level %d of %zu  %s/%s classes  %s/s  elapsed %s  ETA %s  mem %s", level_,
                expected_.empty() ? 0 : expected_.size() - 1, HumanCount(double(done)).c_str(),
                HumanCount(double(total_)).c_str(), HumanCount(rate).c_str(),
                HumanDuration(elapsed).c_str(), eta >= 0 ? HumanDuration(eta).c_str() : "?",
                (HumanCount(double(CurrentRssBytes())) + "B").c_str());
  return text;
}

void Progress::Redraw() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    std::cerr << "\r\033[K" << StatusLine() << std::flush;
    wake_.wait_for(lock, std::chrono::milliseconds(250));
  }
}

}  // namespace seki::cli
