// LevelDriver: the one level loop of every walk over a space's levels — a run's catalogues
// (engine/run/run.cpp), a region check's tallies (engine/check/conjecture_check.cpp), the
// level tests and benchmarks (ForEachLevel) — in the shape of a tablebase generator: the level is
// the unit of work and of persistence, and each level goes through the same phases, which the
// driver announces to the walk in this order:
//   1. check   — the stop flag (honoured on every rank together) and BeforeBuild, the walk's
//                memory check for the next level (it may refuse the level by throwing);
//   2. build   — BuildStarted, then the engine (engine/run/level_engines.hpp: CPU, thrust on a
//                GPU or the CPU, CPU on MPI ranks) makes level s from level s-1;
//   3. take    — Take, on the driver's thread: what the walk needs of the level before the next
//                one is built (catalogue lines rendered, a check's tally, counts, observer events);
//   4. persist — Persist: the durable writes of the level (catalogue text, level file, checkpoint;
//                a walk may persist only some levels: storage/checkpoint_policy.hpp).
//                With `overlap` (one process, more than one thread) it runs on a second thread,
//                overlapped with the build of level s+1 from level s, and is finished before level
//                s is freed or the walk ends; otherwise it runs on the driver's thread right after
//                Take (one thread means one core; under ranks its collective steps keep the ranks
//                in step).
// When the stop flag ends the walk, Stopped(last level) follows its Persist, so that a walk that
// persists only some levels can save the last one.
// At most two levels are alive: the one built from (and being persisted) and the one being built.
// A level is held whole or, built in parts, by groups (engine/level/held_level.hpp). An engine
// that frees the level below as it builds (PartedLevelEngine) gets it only once its Persist has
// finished: no overlap then.
// A walk killed at any moment can go on from its last persisted level (for a run, its last
// checkpoint).
// Concurrency: Drive runs on the calling thread and calls BeforeBuild, BuildStarted, Take and
// Stopped there; Persist runs on one other thread at a time, one level after another in increasing
// sum, never at the same time as another Persist, Take or Stopped. The engine's calls are parallel
// inside.
#pragma once

#include <atomic>
#include <optional>

#include "engine/level/level_engine.hpp"
#include "engine/run/level_ranks.hpp"
#include "storage/level.hpp"

namespace seki {

class LevelWalk {
 public:
  virtual ~LevelWalk() = default;
  // Phase 1: level `sum` is about to be built from `below`. May throw to refuse it.
  virtual void BeforeBuild(int /*sum*/, const HeldLevel& /*below*/) {}
  // Phase 2: the build of level `sum` starts.
  virtual void BuildStarted(int /*sum*/) {}
  // Phase 3: a new level, built in `build_seconds` (0 for level 0 of a resumed walk: never taken).
  virtual void Take(const HeldLevel& level, double build_seconds) = 0;
  // Phase 4: the level's durable writes (see above).
  virtual void Persist(const HeldLevel& /*level*/) {}
  // The stop flag ended the walk after `last` was taken and persisted (on every rank together);
  // `last` is empty (sum 0) when the engine had freed it for the build that was stopped
  // (LevelEngine::FreesBelow): the walk's checkpoints say which level was saved.
  virtual void Stopped(const HeldLevel& /*last*/) {}
};

struct WalkEnd {
  bool interrupted = false;  // the stop flag ended the walk before space.max_sum
};

class LevelDriver {
 public:
  // `stop` may be null; a build in progress stops through the engine's hooks (Stopped,
  // kInterrupted). `threads`: the walk's thread count; Persist overlaps the next build when it is
  // above one and the group is one process.
  LevelDriver(LevelEngine& engine, const Ranks& group, const std::atomic<bool>* stop = nullptr,
              int threads = 1)
      : engine_(engine), group_(group), stop_(stop), overlap_(group.size() == 1 && threads > 1) {}

  // Walks the levels up to `max_sum`: from `resumed` (a level taken and persisted in an earlier
  // session: the walk goes on with the next one) or from level 0.
  WalkEnd Drive(LevelWalk& walk, int max_sum, std::optional<HeldLevel> resumed = std::nullopt);

 private:
  bool StopRequested() const;  // on any rank

  LevelEngine& engine_;
  const Ranks& group_;
  const std::atomic<bool>* stop_;
  bool overlap_;
};

// Builds levels 0, 1, ..., space.max_sum with the CPU engine and calls on_level(level) after each
// (the driver with no persistence): for tests, benchmarks and small research walks.
template <class OnLevel>
void ForEachLevel(const EnumerationSpace& space, OnLevel&& on_level, bool solve = true) {
  class Walk : public LevelWalk {
   public:
    explicit Walk(OnLevel& f) : f_(f) {}
    void Take(const HeldLevel& level, double) override { f_(level.Whole()); }

   private:
    OnLevel& f_;
  } walk(on_level);
  CpuLevelEngine engine(space, solve, {});
  const Ranks one_process;
  LevelDriver(engine, one_process).Drive(walk, space.max_sum);
}

}  // namespace seki
