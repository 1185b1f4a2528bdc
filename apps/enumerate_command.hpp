// `seki enumerate`: walk every class of m x n matrices level by level, solve both games, and write
// the catalogues, the optional outcomes list, manifest.json and summary.json into a run directory.
// Finished levels are checkpointed (every level, or as --checkpoint-every says), so a killed run
// continues with --resume from its last checkpoint.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "apps/checkpoint_options.hpp"

namespace seki::cli {

struct EnumerateOptions {
  int rows = 0, cols = 0;
  int max_entry = -1, max_sum = -1;  // -1: not given
  int threads = 0;                   // 0: all cores
  std::string out;
  std::string memory_limit;      // e.g. "8G"; empty: 80% of physical memory
  std::string device = "cpu";    // cpu, gpu or thrust-cpu (docs/gpu.md)
  CheckpointOptions checkpoint;  // --checkpoint-every, --resume (the run directory: out)
  std::string lists = "auto";    // auto, all or complete (engine/run/catalogue_lists.hpp)
  int parts = 0;                 // > 0: every level in this many parts (engine/run/run.hpp)
  bool outcomes = false;
  bool generate_only = false;
  bool quiet = false;
  bool force = false;
};

// Returns the process exit status (0 done, 130 interrupted); throws InputError for bad input and
// for a run that will not fit in the memory limit.
int RunEnumerate(const EnumerateOptions& options, const std::string& command_line);

void AddEnumerateCommand(CLI::App& app, int argc, char** argv);

}  // namespace seki::cli
