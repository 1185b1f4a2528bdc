// `seki solve`: the values of SEKI and D-SEKI for each given matrix, as text or JSON lines,
// optionally with every active move and a line of optimal play. Values, moves and lines come from
// the engine SolveEngine picks (engine/solve/solve_engine.hpp): --engine auto (the default),
// search, downset or exhaustive; every engine prints the same bytes.
// Concurrency: RunSolve is called once by the main thread; the search's own threads and the live
// progress line are started and joined inside it.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "apps/checkpoint_options.hpp"
#include "apps/command_solver.hpp"

namespace seki::cli {

struct SolveOptions {
  std::vector<std::string> matrices;  // "-" reads standard input
  std::string input_file;             // one matrix per line; empty for none
  std::string format = "text";        // "text" or "json"
  bool moves = false;
  EngineOptions engine;          // --engine, --threads, --memory-limit, --quiet
  bool exhaustive = false;       // the same as --engine exhaustive
  CheckpointOptions checkpoint;  // down-set passes: --checkpoint DIR, --checkpoint-every, --resume
  bool stats = false;            // one line on stderr at the end: engine, positions (benchmarks)
};

// Validates every input first (syntax, starting position, size), then solves and prints each.
// Throws InputError for bad input and for a position too large to solve, and ExitStatus 3 (a
// position the search engine cannot decide, or a down-set that does not fit, within the memory
// limit) or 130 (Ctrl-C) after printing one line on stderr. Under mpirun every rank runs the
// batch, each large down-set pass is split among the ranks (docs/distributed/downset.md), and rank
// 0 alone prints.
void RunSolve(const SolveOptions& options);

void AddSolveCommand(CLI::App& app);

}  // namespace seki::cli
