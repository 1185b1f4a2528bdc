// `seki solve`: the values of SEKI and D-SEKI for each given matrix, as text or JSON lines,
// optionally with every active move and a line of optimal play. Values, moves and lines come from
// the bounded search (engine/solve/search.hpp); --exhaustive uses the memoised Solver instead.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace seki::cli {

struct SolveOptions {
  std::vector<std::string> matrices;  // "-" reads standard input
  std::string input_file;             // one matrix per line; empty for none
  std::string format = "text";        // "text" or "json"
  bool moves = false;
  bool exhaustive = false;  // the memoised Solver instead of the bounded search
};

// Validates every input first (syntax, starting position, size), then solves and prints each.
// Throws CliError for bad input and for a position too large to solve.
void RunSolve(const SolveOptions& options);

void AddSolveCommand(CLI::App& app);

}  // namespace seki::cli
