#include "apps/solve_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <memory>
#include <thread>

#include "apps/cli_error.hpp"
#include "apps/interrupt.hpp"
#include "apps/live_line.hpp"
#include "apps/matrix_input.hpp"
#include "apps/solve_format.hpp"
#include "engine/research/solve_latex.hpp"
#include "engine/run/memory_budget.hpp"
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
none; --moves adds "moves" and "lines" to each game. LaTeX: one booktabs table (\\usepackage{booktabs}),
a row per matrix (values only).
Progress: on a terminal, a line on stderr (positions searched, table memory, elapsed) while a
matrix takes longer than a second; none with --quiet or when stderr is not a terminal.
Exit status: 0 on success; 2 on bad input or a position too large to solve; 3 when the bounded
search cannot decide a position within --memory-limit; 130 when stopped by Ctrl-C; 1 on an
internal error; each but 0 with one line "seki: <where>: <problem>" on stderr. All inputs are
checked before anything is solved, so a bad batch prints nothing; results of earlier matrices
of a batch stay printed when a later one stops it (exit 2, 3 or 130), and no partial values are
ever printed.)";

// Tables a matrix that the exhaustive Solver could not hold may use to prove it cheaply before
// it is refused as too large (the bounded search decides some such positions in a few moves).
constexpr std::size_t kProbeBytes = std::size_t{4} << 20;

// Refuses a matrix whose reachable positions surely exceed what the solver may hold.
void CheckSize(const MatrixInput& input, std::size_t max_positions) {
  RefuseIfTooLarge(input.matrix, input.where, max_positions);
}

// The default path's size check: a matrix the Solver could not hold is refused unless the bounded
// search decides it within kProbeBytes of tables (never dropped).
void CheckDecidable(const MatrixInput& input, std::size_t max_positions) {
  if (ReachableClassesLowerBound(input.matrix) <= static_cast<double>(max_positions)) return;
  BoundedSearch probe(SearchOptions{.memory_bytes = kProbeBytes, .max_drops = 0});
  try {
    probe.Solve(input.matrix);
    return;
  } catch (const SearchStopped&) {
  } catch (const SolveTooLarge&) {
  }
  CheckSize(input, max_positions);
}

void Print(const SolveReport& report, const std::string& format, bool first) {
  if (format == "json")
    std::cout << FormatJson(report) << '\n';
  else if (format == "latex")
    std::cout << (first ? SolveLatexHead() : "") << SolveLatexRow(report);
  else
    std::cout << (first ? "" : "\n") << FormatText(report);
  std::cout.flush();
}

// The end of the output after the last matrix (the LaTeX table's foot).
void PrintEnd(const std::string& format) {
  if (format == "latex") std::cout << SolveLatexFoot() << std::flush;
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
void SolveAll(const std::vector<MatrixInput>& inputs, const std::string& format, bool moves,
              bool stats) {
  auto engine = std::make_unique<Engine>();
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    Print(Solve(engine, inputs[k], moves), format, k == 0);
  }
  PrintEnd(format);
  if (stats) std::cerr << "stats: engine=exhaustive positions=" << engine->positions() << '\n';
}

std::string StatusLine(const std::string& where, const BoundedSearch& search, double elapsed) {
  return fmt::format("solving {}: {} positions searched, tables {} of {}, {}", where,
                     HumanCount(double(search.expansions())),
                     HumanBytes(double(search.table_bytes())),
                     HumanBytes(double(search.memory_bytes())), HumanDuration(elapsed));
}

// The default path: one bounded search for every input, a live line on a terminal, Ctrl-C and
// the memory limit ending the batch with one line (exit 130, resp. 3).
void SolveBounded(const std::vector<MatrixInput>& inputs, const SolveOptions& options,
                  std::size_t memory_bytes) {
  SearchOptions search_options;
  search_options.memory_bytes = memory_bytes;
  search_options.threads = options.threads > 0
                               ? options.threads
                               : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  search_options.stop = &InterruptFlag();
  BoundedSearch search(search_options);
  std::atomic<std::size_t> current{0};
  LiveLine line(!options.quiet && isatty(STDERR_FILENO), [&](double elapsed) {
    return StatusLine(inputs[current.load()].where, search, elapsed);
  });
  CatchInterrupt();
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    current.store(k);
    line.Restart();
    try {
      const SolveReport report = BuildReport(search, inputs[k].matrix, options.moves);
      line.Restart();
      Print(report, options.format, k == 0);
    } catch (const SearchStopped& e) {
      line.Restart();
      ReleaseInterrupt();
      const bool memory = e.reason() == SearchStopped::Reason::kMemoryLimit;
      std::cout.flush();
      std::cerr << "seki: " << inputs[k].where << ": "
                << (memory ? "cannot be decided within the memory limit of " +
                                 HumanBytes(double(memory_bytes)) + " (see --memory-limit)"
                           : std::string("interrupted"))
                << std::endl;
      throw ExitStatus{memory ? 3 : 130};
    } catch (const SolveTooLarge& e) {
      throw CliError(inputs[k].where, std::string("too large to solve: ") + e.what());
    }
  }
  ReleaseInterrupt();
  PrintEnd(options.format);
  if (options.stats)
    std::cerr << "stats: engine=bounded positions=" << search.positions()
              << " expansions=" << search.expansions() << " table_bytes=" << search.table_bytes()
              << '\n';
}

}  // namespace

void RunSolve(const SolveOptions& options) {
  const std::size_t memory_bytes = static_cast<std::size_t>(MemoryLimitBytes(
      options.memory_limit.empty() ? 0 : ParseByteSize(options.memory_limit, "--memory-limit")));
  if (options.format == "latex" && options.moves)
    throw CliError("--format latex",
                   "shows the values only; use --format text or json with --moves");
  const std::vector<MatrixInput> inputs =
      ReadStartingPositions(options.matrices, options.input_file);
  const std::size_t max_positions = DefaultMaxPositions();
  for (const MatrixInput& input : inputs) {
    if (options.exhaustive)
      CheckSize(input, max_positions);
    else
      CheckDecidable(input, max_positions);
  }
  if (options.exhaustive)
    SolveAll<Solver>(inputs, options.format, options.moves, options.stats);
  else
    SolveBounded(inputs, options, memory_bytes);
}

void AddSolveCommand(CLI::App& app) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* sub = app.add_subcommand("solve", "Solve SEKI and D-SEKI for the given matrices");
  AddMatrixInputOptions(sub, options->matrices, options->input_file, options->format,
                        {"text", "json", "latex"});
  sub->add_flag("-m,--moves", options->moves,
                "Also show each active move's value and a line of optimal play per first player");
  sub->add_flag("--exhaustive", options->exhaustive,
                "Compute the values with the exhaustive memoised solver (every reachable class) "
                "instead of the bounded search; the output is the same");
  sub->add_option("-t,--threads", options->threads,
                  "Threads of the bounded search (default: all cores; up to 4 are used: r and c "
                  "of each game at once); the answers do not depend on it")
      ->check(CLI::Range(1, 4096));
  sub->add_option("--memory-limit", options->memory_limit,
                  "Tables of the bounded search at most this large, e.g. 8G (default: 80% of "
                  "physical memory); they are dropped when full, and a position that still does "
                  "not fit ends with exit status 3");
  sub->add_flag("-q,--quiet", options->quiet, "No live progress line on stderr");
  sub->add_flag("--stats", options->stats,
                "At the end, one line on stderr: the engine, positions in its tables (and for the "
                "bounded search positions expanded and table bytes)");
  sub->footer(kFooter);
  sub->callback([options] { RunSolve(*options); });
}

}  // namespace seki::cli
