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
// Between two steps of any walk — a level of a run or a check, a member of a sweep, a wavefront
// step of a down-set pass — the walk asks one question, DecideBetweenSteps: stop (the stop flag,
// e.g. Ctrl-C, after a checkpoint when the walk keeps one), checkpoint (its CheckpointClock is
// due) or go on; under ranks every rank gets the answer of the largest wish, so all do the same.
// Concurrency: CheckpointPolicy is a value; a CheckpointClock belongs to the thread that runs its
// walk; DecideBetweenSteps is collective when `max_over_ranks` is (every rank calls it in step).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
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

// The largest of a value over the ranks of a job (the identity in one process, when empty).
using MaxOverRanks = std::function<double(double)>;

// A walk's schedule: its policy and when it last checkpointed (the minutes are the largest rank's,
// so every rank decides the same).
class CheckpointClock {
 public:
  explicit CheckpointClock(CheckpointPolicy policy, MaxOverRanks max_over_ranks = {})
      : policy_(policy), max_(std::move(max_over_ranks)) {}

  const CheckpointPolicy& policy() const { return policy_; }
  // Whether step `step` of a walk that ends at step `last` gets a checkpoint (collective).
  bool Due(int step, int last) const { return policy_.Due(step, last, Minutes()); }
  // By time alone, for a walk without levels (collective).
  bool DueAfterTime() const { return policy_.DueAfter(Minutes()); }
  // A checkpoint of step `step` was written now.
  void Saved(int step = -1) {
    saved_step_ = step;
    saved_at_ = std::chrono::steady_clock::now();
  }
  int saved_step() const { return saved_step_; }

 private:
  double Minutes() const;

  CheckpointPolicy policy_;
  MaxOverRanks max_;
  int saved_step_ = -1;
  std::chrono::steady_clock::time_point saved_at_ = std::chrono::steady_clock::now();
};

// What a walk does between two steps, the largest wish of any rank.
enum class BetweenSteps { kGoOn = 0, kCheckpoint = 1, kStop = 2 };
BetweenSteps DecideBetweenSteps(const std::atomic<bool>* stop, bool checkpoint_due,
                                const MaxOverRanks& max_over_ranks = {});

// "4", "10m", "4,10m", "2.5m" -> the policy; throws InputError naming `option` for anything else
// (zero, negative, an unknown unit, both parts of one kind; levels where `levels` is false).
CheckpointPolicy ParseCheckpointPolicy(const std::string& text, const std::string& option,
                                       bool levels = true);

}  // namespace seki
