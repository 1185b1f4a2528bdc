// The shared --checkpoint, --checkpoint-every and --resume options.
#include "apps/checkpoint_options.hpp"

#include <filesystem>
#include <iostream>
#include <string>

#include "apps/cli_error.hpp"
#include "engine/solve/downset.hpp"
#include "storage/checkpoint.hpp"

namespace seki::cli {

void AddCheckpointOptions(CLI::App* cmd, CheckpointOptions& options, const CheckpointUse& use) {
  const bool levels = !use.unit.empty();
  if (use.dir_option)
    cmd->add_option("--checkpoint", options.dir,
                    "Keep the state in DIR (checkpoint.json and its data files: " + use.holds +
                        ") so that --resume can continue the work after a kill or Ctrl-C; a DIR "
                        "that holds a checkpoint is refused without --resume")
        ->type_name("DIR");
  cmd->add_option(
         "--checkpoint-every", options.every,
         levels ? "Checkpoint after every N " + use.unit + "s (the " + use.unit +
                      "s whose number is a multiple of N), after M minutes (Mm), or both (N,Mm: "
                      "whichever comes first); the last " +
                      use.unit + " and one at Ctrl-C always; default " + use.default_every
                : "Checkpoint every M minutes (Mm; a down-set pass has no levels) and at Ctrl-C; "
                  "default " +
                      use.default_every)
      ->type_name(levels ? "N|Mm|N,Mm" : "Mm");
  if (use.scratch)
    cmd->add_option(
           "--scratch", options.scratch,
           "A directory for the ring of a down-set pass that fits --memory-limit in neither mode: "
           "kept in a file there (up to a few hundred GB; its free space is checked first) with a "
           "few slices in memory; the directory is then the checkpoint (--checkpoint is not "
           "used), committed as the pass goes, so that --resume continues after a kill or Ctrl-C "
           "(which stops at the next commit)")
        ->type_name("DIR");
  if (use.scratch)
    cmd->add_flag(
        "--plain-pass", options.plain_pass,
        "Store one value for every matrix below A even where A's symmetries allow one "
        "an orbit (to measure against the pass by orbits, or to resume a checkpoint of the "
        "plain pass); the pass by orbits runs only in memory, in one process, without "
        "--scratch");
  cmd->add_flag("--resume", options.resume,
                use.dir_option ? "Continue the work saved in --checkpoint DIR (the same "
                                 "parameters); without a checkpoint there, start afresh"
                               : "Continue the work saved in the directory from its last "
                                 "checkpoint");
}

CheckpointPolicy CheckpointSchedule(const CheckpointOptions& options, const CheckpointUse& use) {
  if (use.dir_option && options.dir.empty()) {
    if (options.resume && options.scratch.empty())
      throw InputError("--resume", use.scratch ? "needs --checkpoint DIR or --scratch DIR"
                                               : "needs --checkpoint DIR");
    if (options.every) throw InputError("--checkpoint-every", "needs --checkpoint DIR");
  }
  return ParseCheckpointPolicy(options.every.value_or(use.default_every), "--checkpoint-every",
                               !use.unit.empty());
}

// Makes a down-set solve's checkpoint directory ready on every rank together: without --resume, one
// that holds a down-set checkpoint is refused; with it, every rank resumes its own file or none
// does (a directory with the files of another number of ranks is refused; an empty one starts
// afresh).
void PrepareDownsetCheckpoint(const CheckpointOptions& o, const Ranks* group) {
  if (!o.scratch.empty()) {
    if (group && group->size() > 1)
      throw InputError("--scratch", "keeps the ring of one process; not under mpirun");
    const Checkpoint ring = DownsetCheckpointOf(o.scratch);
    if (!o.resume && ring.Exists()) throw ring.HeldError("--scratch");
    ring.Prepare(true, "--scratch");
  }
  if (o.dir.empty()) return;
  const int rank = group ? group->rank() : 0, size = group ? group->size() : 1;
  const Checkpoint mine = DownsetCheckpointOf(o.dir, rank, size);
  const auto all = [&](bool value) { return group ? group->AllTrue(value) : value; };
  const bool none_held = all(!mine.Exists());
  if (!o.resume && !none_held) throw mine.HeldError("--checkpoint");  // on every rank
  mine.Prepare(true);
  if (!o.resume || all(mine.Exists())) return;
  bool other = false;  // a checkpoint of another number of ranks
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(o.dir, ec)) {
    const std::string name = entry.path().filename().string();
    other = other || (name.starts_with("checkpoint") && name.ends_with(".json"));
  }
  if (!none_held || other)
    throw InputError(o.dir, "no checkpoint to resume on " + std::to_string(size) + " rank" +
                                (size == 1 ? "" : "s") + " (" + mine.file().filename().string() +
                                " and the like for every rank)");
  if (rank == 0) std::cerr << "seki: nothing to resume in " << o.dir << "; starting\n";
}

}  // namespace seki::cli
