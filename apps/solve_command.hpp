// `seki solve`: the values of SEKI and D-SEKI for each given matrix, as text or JSON lines,
// optionally with every active move and a line of optimal play. Values, moves and lines come from
// the bounded search (engine/solve/search.hpp); --exhaustive uses the memoised Solver instead.
// Concurrency: RunSolve is called once by the main thread; the search's own threads and the live
// progress line are started and joined inside it.
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
  bool exhaustive = false;   // the memoised Solver instead of the bounded search
  int threads = 0;           // bounded search: 0 for all cores
  std::string memory_limit;  // bounded search: e.g. "8G"; empty for 80% of physical memory
  bool quiet = false;        // no live progress line
  bool stats = false;        // one line on stderr at the end: engine, positions (benchmarks)
};

// Validates every input first (syntax, starting position, size), then solves and prints each.
// Throws CliError for bad input and for a position too large to solve, and ExitStatus 3 (a
// position the bounded search cannot decide within the memory limit) or 130 (Ctrl-C) after
// printing one line on stderr.
void RunSolve(const SolveOptions& options);

void AddSolveCommand(CLI::App& app);

}  // namespace seki::cli
