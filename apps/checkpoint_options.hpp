// The checkpoint options every resumable command shares, in one wording (storage/checkpoint.hpp):
// --checkpoint DIR (a run's is its --out DIR), --checkpoint-every (storage/checkpoint_policy.hpp)
// and --resume; and, for a down-set solve, --scratch DIR (its ring on disk, which is then its
// checkpoint: engine/solve/downset_ring.hpp) and --plain-pass (engine/solve/downset_orbits.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "engine/run/level_ranks.hpp"
#include "storage/checkpoint_policy.hpp"

namespace seki::cli {

struct CheckpointOptions {
  std::string dir;                   // --checkpoint DIR; empty: none
  std::optional<std::string> every;  // --checkpoint-every; unset: the command's default
  bool resume = false;
  std::string scratch;      // --scratch DIR (down-set solves); empty: none
  bool plain_pass = false;  // --plain-pass (down-set solves): no pass by orbits
};

// What a command checkpoints: its unit ("level", "member"; empty: a down-set pass, by minutes
// only), the default schedule, and what the state holds (for the help text).
struct CheckpointUse {
  std::string unit;
  std::string default_every;
  std::string holds;
  bool dir_option = true;  // false: the command's directory is given otherwise (a run's --out)
  bool scratch = false;    // a down-set solve: --scratch DIR as well
};

void AddCheckpointOptions(CLI::App* cmd, CheckpointOptions& options, const CheckpointUse& use);

// The schedule; an error naming the option for a bad --checkpoint-every, and for --resume without
// --checkpoint DIR or --scratch DIR, or --checkpoint-every without --checkpoint DIR (where the
// command has that option).
CheckpointPolicy CheckpointSchedule(const CheckpointOptions& options, const CheckpointUse& use);

// Makes the --checkpoint DIR of a down-set solve (seki solve, seki census --below) ready on every
// rank of `group` together (null: one process): without --resume, one that holds a down-set
// checkpoint is refused; with it, every rank resumes its own file or none does (a directory with
// the files of another number of ranks is refused; an empty one starts afresh). Its --scratch DIR
// (one process only) likewise: made when missing; refused without --resume when it holds a
// checkpoint.
void PrepareDownsetCheckpoint(const CheckpointOptions& options, const Ranks* group);

}  // namespace seki::cli
