// `seki check CONJECTURE`: exhaustive search of a region for counterexamples to the paper's open
// conjectures 6.1, 6.2, 6.3 and 6.9 (engine/check/region_check.hpp). For each shape it prints
// the exact region, the number of classes examined, the time, and "no counterexample" or every
// finding with its values and lines of optimal play; then one machine-readable summary line.
// --json FILE writes the same; --census FILE the census of complete and semi-complete seki
// (engine/census/census.hpp); --checkpoint DIR and --resume make a long check resumable. Exit 0:
// nothing found; 1: a finding (a counterexample, or for 6.2 a complete seki of height >= 4); 2: bad
// input (one line on stderr).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "apps/checkpoint_options.hpp"
#include "engine/check/region_check.hpp"

namespace seki::cli {

struct CheckOptions {
  // The conjecture, the region (shapes, bounds, --min-height), --parts and --threads as given;
  // the rest of the request comes from the options below (MakeCheckRequest).
  CheckRequest request;
  std::string json_file;         // empty: none
  std::string census_file;       // the census of every shape as Markdown; empty: none
  CheckpointOptions checkpoint;  // --checkpoint DIR, --checkpoint-every, --resume
  std::string memory_limit;      // e.g. "8G"; empty: 80% of physical memory
  bool quiet = false;            // no progress on stderr
};

// Runs the check, prints the report; returns the exit status (0 nothing found, 1 found).
int RunCheck(const CheckOptions& options, const std::string& command_line);

void AddCheckCommand(CLI::App& app, int argc, char** argv);

}  // namespace seki::cli
