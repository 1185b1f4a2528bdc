// `seki show MATRIX...`: shape, sum, height, canonical form, transpose, IDSM, prime blocks,
// symmetry, planarity and both games' values; `--svg FILE` also writes the matrix's GO picture
// (engine/structure/go_picture.hpp). --format text|json (JSON: one object per line). Bad input: one
// line, exit 2. Solves through CommandSolver (--engine, --threads, --memory-limit, --quiet), as
// `seki solve` does: the same values, time, memory and messages.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "apps/command_solver.hpp"

namespace seki::cli {

struct ShowOptions {
  std::vector<std::string> matrices;  // "-" reads standard input
  std::string input_file;
  std::string format = "text";
  std::string svg_file;  // --svg FILE: also write the GO picture of the (one) matrix
  EngineOptions engine;
};
void RunShow(const ShowOptions& options);

void AddShowCommand(CLI::App& app);

}  // namespace seki::cli
