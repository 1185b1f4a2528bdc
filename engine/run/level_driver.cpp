// The level loop: check, build, take, persist (overlapped with the next build when it may be).
#include "engine/run/level_driver.hpp"

#include <chrono>
#include <exception>
#include <future>
#include <utility>

#include "engine/base/memory_limit.hpp"
#include "storage/checkpoint_policy.hpp"

namespace seki {

namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The Persist of one level in flight: on a second thread (overlapped) or already done (inline).
// Wait rethrows what Persist threw; the destructor waits too (after another error, whose
// exception wins), so no level is freed while it is being written.
class PendingPersist {
 public:
  PendingPersist() = default;
  PendingPersist(const PendingPersist&) = delete;
  PendingPersist& operator=(const PendingPersist&) = delete;
  ~PendingPersist() {
    if (job_.valid()) job_.wait();
  }

  // Persists `level`; `retired` (the level below, no longer needed) is freed first, on this
  // thread and its pages handed back, so that the next level's memory check sees what is held.
  void Start(LevelWalk& walk, const HeldLevel& level, bool overlap, HeldLevel retired = {}) {
    Wait();
    retired = HeldLevel{};
    ReturnFreedMemory();
    if (overlap)
      job_ = std::async(std::launch::async, [&walk, &level] { walk.Persist(level); });
    else
      walk.Persist(level);
  }
  void Wait() {
    if (job_.valid()) job_.get();
  }

 private:
  std::future<void> job_;
};

// The end of a walk stopped by the flag after `last`: its Persist finished, then Stopped.
WalkEnd Stop(LevelWalk& walk, PendingPersist& persist, const HeldLevel& last) {
  persist.Wait();
  walk.Stopped(last);
  return {true};
}

}  // namespace

bool LevelDriver::StopRequested() const {
  return DecideBetweenSteps(stop_, false, [this](double v) { return group_.MaxAll(v); }) ==
         BetweenSteps::kStop;
}

WalkEnd LevelDriver::Drive(LevelWalk& walk, int max_sum, std::optional<HeldLevel> resumed) {
  const bool overlap = overlap_ && !engine_.FreesBelow();
  HeldLevel level;
  PendingPersist persist;
  if (resumed) {
    level = std::move(*resumed);
  } else {
    const auto start = Clock::now();
    level = HeldLevel(engine_.First());
    walk.Take(level, Since(start));
    persist.Start(walk, level, overlap);
  }
  while (level.sum() < max_sum) {
    if (StopRequested()) return Stop(walk, persist, level);
    const int next = level.sum() + 1;
    walk.BeforeBuild(next, level);
    walk.BuildStarted(next);
    const auto start = Clock::now();
    HeldLevel built;
    if (engine_.FreesBelow()) persist.Wait();
    try {
      built = engine_.NextHeld(level);
    } catch (const Stopped& stopped) {
      if (!stopped.interrupted()) throw;
      return Stop(walk, persist, level);
    }
    const double seconds = Since(start);
    persist.Wait();  // level s is durable before it is freed
    HeldLevel below = std::exchange(level, std::move(built));
    walk.Take(level, seconds);
    persist.Start(walk, level, overlap, std::move(below));
  }
  persist.Wait();
  return {false};
}

}  // namespace seki
