// CheckpointPolicy: the one schedule of checkpoints (`--checkpoint-every`) for every command that
// keeps one (storage/checkpoint.hpp): a run and a check checkpoint after a level, a sweep after a
// member, a down-set pass — which has no levels — between two wavefront steps, by minutes only.
// The text form is a comma-separated list of "N" (every N levels: the levels whose sum is a
// multiple of N) and "Mm" (the first level finished M or more minutes after the last checkpoint),
// whichever comes first, e.g. "1" (every level, the default of runs and checks), "4", "10m" (the
// default of a down-set pass), "8,30m". The last level and a level at which the walk is stopped
// (Ctrl-C) are always checkpointed. A run appends every level's catalogue lines as it is taken;
// only at a checkpoint are they fsynced and their sizes recorded, so a resumed run cuts the
// catalogues back to the last checkpoint and redoes the levels after it.
// Concurrency: values and pure functions.
#pragma once

#include <string>

namespace seki {

struct CheckpointPolicy {
  int every_levels = 1;      // 0: not by levels
  double every_minutes = 0;  // 0: not by time

  // Whether level `sum` of a run up to `max_sum` gets a checkpoint, `minutes_since` minutes after
  // the last one.
  bool Due(int sum, int max_sum, double minutes_since) const;
  // By time alone (a walk with no levels): `minutes_since` the last checkpoint.
  bool DueAfter(double minutes_since) const {
    return every_minutes > 0 && minutes_since >= every_minutes;
  }
  std::string Text() const;  // the form ParseCheckpointPolicy reads
};

// "4", "10m", "4,10m", "2.5m" -> the policy; throws InputError naming `option` for anything else
// (zero, negative, an unknown unit, both parts of one kind; levels where `levels` is false).
CheckpointPolicy ParseCheckpointPolicy(const std::string& text, const std::string& option,
                                       bool levels = true);

}  // namespace seki
