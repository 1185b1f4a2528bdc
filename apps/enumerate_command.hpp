// `seki enumerate`: walk every class of m x n matrices level by level, solve both games, and write
// the catalogues, the optional outcomes list and summary.json into a run directory.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace seki::cli {

struct EnumerateOptions {
  int rows = 0, cols = 0;
  int max_entry = -1, max_sum = -1;  // -1: not given
  int threads = 0;                   // 0: all cores
  std::string out;
  bool outcomes = false;
  bool generate_only = false;
  bool quiet = false;
};

void RunEnumerate(const EnumerateOptions& options, const std::string& command_line);

void AddEnumerateCommand(CLI::App& app, int argc, char** argv);

}  // namespace seki::cli
