// KillPoint: fault injection for the kill-and-resume tests of every checkpoint (storage/
// checkpoint.hpp). With SEKI_KILL_AT=<point>:<level> in the environment the process kills itself
// with SIGKILL when it reaches that point at that level, as an outside kill would;
// SEKI_KILL_AT=<point>:<level>@<rank> kills only that rank of a distributed job. Without it,
// nothing happens. Points of a run: "catalogue", "finish" (engine/run/run.cpp), "level-file" and
// "checkpoint" (its level store, engine/run/level_store.cpp) and "exchange" (after the first record
// exchange of a level, engine/run/level_ranks.cpp); of a check, "check-level-file-RxC" and
// "check-checkpoint-RxC" (the shape's level store, engine/check/check_checkpoint.cpp); of a
// down-set solve, "downset-checkpoint" (its <level> is the count of checkpoints written — on ranks,
// that every rank has written: engine/solve/downset.cpp) and, with its ring on disk,
// "downset-ring-write" (its <level>: the slots written so far, on the ring's I/O thread:
// engine/solve/downset_ring.cpp); of a sweep, "sweep-checkpoint" (its
// <level>: the rows saved, engine/describe/family_sweep.cpp). With SEKI_KILL_SIGNAL=INT as well it
// raises SIGINT instead, as Ctrl-C would: once (a second Ctrl-C kills at once), where the point is
// reached again before the run stops (each part of a level built in parts, say).
// Concurrency: call from the thread that runs the Run or check.
#pragma once

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <string>
#include <string_view>

namespace seki {

inline void KillPoint(std::string_view point, int level, int rank = 0) {
  static const char* target = std::getenv("SEKI_KILL_AT");
  if (!target) return;
  const std::string here = std::string(point) + ":" + std::to_string(level);
  static const char* signal = std::getenv("SEKI_KILL_SIGNAL");
  static std::atomic<bool> interrupted{false};
  if (target != here && target != here + "@" + std::to_string(rank)) return;
  if (!signal || std::string_view(signal) != "INT") std::raise(SIGKILL);
  if (!interrupted.exchange(true)) std::raise(SIGINT);
}

}  // namespace seki
