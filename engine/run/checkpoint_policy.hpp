// CheckpointPolicy: at which levels a run writes a level file and checkpoint.json
// (`seki enumerate --checkpoint-every`). Every level's catalogue lines are appended as it is taken;
// only at a checkpoint are they fsynced and their sizes recorded with a level file, so a resumed
// run cuts the catalogues back to the last checkpoint and redoes the levels after it. The text
// form is a comma-separated list of "N" (every N levels: the levels whose sum is a multiple of N)
// and "Mm" (the first level finished M or more minutes after the last checkpoint), whichever comes
// first, e.g. "1" (every level, the default), "4", "10m", "8,30m". The last level and a level at
// which the run is stopped (Ctrl-C) are always checkpointed.
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
  std::string Text() const;  // the form ParseCheckpointPolicy reads
};

// "4", "10m", "4,10m", "2.5m" -> the policy; throws InputError naming `option` for anything else
// (zero, negative, an unknown unit, both parts of one kind).
CheckpointPolicy ParseCheckpointPolicy(const std::string& text, const std::string& option);

}  // namespace seki
