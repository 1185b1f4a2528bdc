// The shared --checkpoint, --checkpoint-every and --resume options.
#include "apps/checkpoint_options.hpp"

#include "apps/cli_error.hpp"

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
  cmd->add_flag("--resume", options.resume,
                use.dir_option ? "Continue the work saved in --checkpoint DIR (the same "
                                 "parameters); without a checkpoint there, start afresh"
                               : "Continue the work saved in the directory from its last "
                                 "checkpoint");
}

CheckpointPolicy CheckpointSchedule(const CheckpointOptions& options, const CheckpointUse& use) {
  if (use.dir_option && options.dir.empty()) {
    if (options.resume) throw CliError("--resume", "needs --checkpoint DIR");
    if (options.every) throw CliError("--checkpoint-every", "needs --checkpoint DIR");
  }
  return ParseCheckpointPolicy(options.every.value_or(use.default_every), "--checkpoint-every",
                               !use.unit.empty());
}

}  // namespace seki::cli
