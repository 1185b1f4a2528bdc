#include "apps/solve_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "apps/cli_error.hpp"
#include "apps/matrix_input.hpp"
#include "apps/solve_format.hpp"
#include "engine/solve/search.hpp"
#include "engine/solve/solve_report.hpp"
#include "engine/solve/solver.hpp"

namespace seki::cli {
namespace {

constexpr const char* kFooter =
    R"(Matrix syntax: rows separated by '/'; a row is one digit per entry (033/303/330) or
comma-separated integers 0..255 (3,10,0/0,3,3; a one-entry row is written 12,). At most 8 rows
and 8 columns; every row and column needs a positive entry.
Output: R, C = result for the player to move when R (rows) resp. C (columns) begins; r, c = best
result of an active move (L: that player must pass); W win, D draw, L loss. Rows and columns are
numbered from 1. JSON: one object per matrix per line with keys matrix, rows, cols, sum, height,
seki and dseki, each game {"R","C","r","c","class"} with class complete, semi-complete, seki or
none; --moves adds "moves" and "lines" to each game.
Exit status: 0 on success; 2 on bad input or a position too large to solve, 1 on an internal
error, each with one line "seki: <where>: <problem>" on stderr. All inputs are checked before
anything is solved, so a bad batch prints nothing; only if the solver runs out of room mid-batch
have the earlier results already been printed.)";

// Refuses a matrix whose reachable positions surely exceed what the solver may hold.
void CheckSize(const MatrixInput& input, std::size_t max_positions) {
  const double bound = ReachableClassesLowerBound(input.matrix);
  if (bound > static_cast<double>(max_positions)) {
    throw CliError(input.where, fmt::format("too large to solve: at least {:.3g} positions are "
                                            "reachable, the solver holds at most {:.3g}",
                                            bound, static_cast<double>(max_positions)));
  }
}

// Builds a report with the shared engine (Solver or BoundedSearch); when its tables, filled by
// earlier matrices, run out of room, starts over once with empty ones.
template <class Engine>
SolveReport Solve(std::unique_ptr<Engine>& engine, const MatrixInput& input, bool moves) {
  for (;;) {
    const bool fresh = engine->positions() == 0;
    try {
      return BuildReport(*engine, input.matrix, moves);
    } catch (const SolveTooLarge& e) {
      if (fresh) throw CliError(input.where, std::string("too large to solve: ") + e.what());
    }
    engine.reset();
    engine = std::make_unique<Engine>();
  }
}

// Reports every input in order with one engine, printing each as soon as it is solved.
template <class Engine>
void SolveAll(const std::vector<MatrixInput>& inputs, bool json, bool moves) {
  auto engine = std::make_unique<Engine>();
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const SolveReport report = Solve(engine, inputs[k], moves);
    if (json)
      std::cout << FormatJson(report) << '\n';
    else
      std::cout << (k > 0 ? "\n" : "") << FormatText(report);
    std::cout.flush();
  }
}

}  // namespace

void RunSolve(const SolveOptions& options) {
  const std::vector<MatrixInput> inputs =
      ReadStartingPositions(options.matrices, options.input_file);
  const std::size_t max_positions = DefaultMaxPositions();
  for (const MatrixInput& input : inputs) CheckSize(input, max_positions);

  const bool json = options.format == "json";
  if (options.exhaustive)
    SolveAll<Solver>(inputs, json, options.moves);
  else
    SolveAll<BoundedSearch>(inputs, json, options.moves);
}

void AddSolveCommand(CLI::App& app) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* sub = app.add_subcommand("solve", "Solve SEKI and D-SEKI for the given matrices");
  AddMatrixInputOptions(sub, options->matrices, options->input_file, options->format);
  sub->add_flag("-m,--moves", options->moves,
                "Also show each active move's value and a line of optimal play per first player");
  sub->add_flag("--exhaustive", options->exhaustive,
                "Compute the values with the exhaustive memoised solver (every reachable class) "
                "instead of the bounded search; the output is the same");
  sub->footer(kFooter);
  sub->callback([options] { RunSolve(*options); });
}

}  // namespace seki::cli
