// `seki extend MATRIX --at I,J [--kind E1|E2] | --all`: the paper's E1/E2 extensions of a matrix
// with the classes of both games; --format text|json. Bad input: one line, exit 2. Solves through
// CommandSolver, as `seki solve` does.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "apps/command_solver.hpp"

namespace seki::cli {

struct ExtendOptions {
  std::string matrix;
  std::string at;  // "I,J", 1-based; empty with --all
  std::string kind = "E1";
  bool all = false;
  std::string format = "text";
  EngineOptions engine;
};
void RunExtend(const ExtendOptions& options);

void AddExtendCommand(CLI::App& app);

}  // namespace seki::cli
