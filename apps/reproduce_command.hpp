// `seki reproduce`: recomputes every claim of the paper listed in spec section 4 and prints a table
// (claim, what the paper says, what was computed, status); --json and --markdown write the same
// report to files. Exit 0 when every claim is confirmed or its difference is explained, 1 when a
// claim FAILED, 2 on bad options.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "engine/reproduction/reproduction.hpp"

namespace seki::cli {

struct ReproduceOptions {
  bool quick = false;
  std::string json_file;      // empty: none
  std::string markdown_file;  // empty: none
  int threads = 0;            // 0: all cores
  bool verbose = false;       // print every claim's itemized details, not only the differing ones
  bool quiet = false;         // no progress lines on stderr
};

// Runs the reproduction and writes the outputs; returns the exit status (0 or 1).
int RunReproduce(const ReproduceOptions& options, const std::string& command);

void AddReproduceCommand(CLI::App& app);

}  // namespace seki::cli
