// Progress of an enumeration: on a terminal, a live line (level s of S, classes done, rate,
// elapsed, ETA, memory) redrawn from a background thread; otherwise, or with --quiet, one log line
// per finished level. Everything goes to stderr.
// Concurrency: the public methods are called by the run's thread; the redraw thread only reads
// atomics and the state guarded by the mutex.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace seki::cli {

class Progress {
 public:
  // expected[s] = number of classes at sum s (the exact Burnside count); classes up to
  // `done_before` were finished by an earlier session.
  Progress(bool live, std::vector<std::uint64_t> expected, std::uint64_t done_before);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Level `sum` is being built from level sum-1; the builder counts its parents in `parents_done`.
  void StartLevel(int sum, std::atomic<std::uint64_t>* parents_done);
  // Level `sum` is written; `line` describes it.
  void FinishLevel(int sum, const std::string& line);
  // A line of its own (clears the live line first).
  void Say(const std::string& line);

 private:
  std::string StatusLine();
  void Redraw();

  const bool live_;
  const std::vector<std::uint64_t> expected_;
  std::uint64_t total_ = 0;
  std::uint64_t done_finished_ = 0;  // classes of finished levels
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::uint64_t done_at_start_ = 0;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  int level_ = 0;
  std::atomic<std::uint64_t>* parents_done_ = nullptr;
  std::thread redraw_;
};

}  // namespace seki::cli
