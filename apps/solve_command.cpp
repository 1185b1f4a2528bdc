#include "apps/solve_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <thread>

#include "apps/cli_error.hpp"
#include "apps/command_solver.hpp"
#include "apps/interrupt.hpp"
#include "apps/matrix_input.hpp"
#include "apps/on_every_rank.hpp"
#include "apps/solve_format.hpp"
#include "engine/describe/solve_latex.hpp"
#include "engine/distributed/launch.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/solve/solve_engine.hpp"
#include "storage/checkpoint.hpp"

namespace seki::cli {
namespace {

// After MatrixSyntaxHelp(); the exit statuses are apps/cli_error.hpp's.
constexpr const char* kFooter =
    R"(
Output: R, C = result for the player to move when R (rows) resp. C (columns) begins; r, c = best
result of an active move (L: that player must pass); W win, D draw, L loss. Rows and columns are
numbered from 1. JSON: one object per matrix per line with keys matrix, rows, cols, sum, height,
seki and dseki, each game {{"R","C","r","c","class"}} with class complete, semi-complete, seki or
none; --moves adds "moves" and "lines" to each game. LaTeX: one booktabs table (\\usepackage{{booktabs}}),
a row per matrix (values only).
Engines: search (the positions that matter, with bounds on each value), downset (one byte for
every matrix B <= A, one pass), exhaustive (every reachable class); auto runs the down-set at
once when its pass is short, else the search first and the down-set when the search's budget is
spent (docs/search.md). The output does not depend on it.
Progress: on a terminal, a line on stderr (positions searched and table memory, or matrices done
and the time left, elapsed) while a matrix takes longer than a second; none with --quiet or when
stderr is not a terminal.
Exit status: {0} on success; {1} on bad input or a position too large to solve; {2} when the search
engine cannot decide a position within --memory-limit, or a down-set solve needs more memory
than that (said before it starts); {3} when stopped by Ctrl-C; {4} on an internal error; each
but {0} with one line "seki: <where>: <problem>" on stderr. All inputs are checked before
anything is solved, so a bad batch prints nothing; results of earlier matrices of a batch stay
printed when a later one stops it (exit {1}, {2} or {3}), and no partial values are ever printed.)";

void Print(std::ostream& out, const SolveReport& report, const std::string& format, bool first) {
  if (format == "json")
    out << FormatJson(report) << '\n';
  else if (format == "latex")
    out << (first ? SolveLatexHead() : "") << SolveLatexRow(report);
  else
    out << (first ? "" : "\n") << FormatText(report);
  out.flush();
}

// The end of the output after the last matrix (the LaTeX table's foot).
void PrintEnd(std::ostream& out, const std::string& format) {
  if (format == "latex") out << SolveLatexFoot() << std::flush;
}

// What a solve checkpoints: its down-set passes.
const CheckpointUse kCheckpointUse{
    "", "10m",
    "the down-set pass in progress, removed once it completes; under mpirun each rank's own "
    "checkpoint.rank-RRRR-of-PPPP.json",
    true, true};

// On a rank other than 0 of an mpirun job, nothing goes to stderr while it lives (rank 0 says what
// every rank meets alike: exit 3, 130); an error that leaves it is printed by OnEveryRank.
class QuietStderr {
 public:
  explicit QuietStderr(bool quiet) : saved_(quiet ? std::cerr.rdbuf(nullptr) : nullptr) {}
  ~QuietStderr() {
    if (saved_) std::cerr.rdbuf(saved_);
  }
  QuietStderr(const QuietStderr&) = delete;
  QuietStderr& operator=(const QuietStderr&) = delete;

 private:
  std::streambuf* saved_;
};

// Every input is checked first (a bad batch prints nothing); then each is solved and printed as
// soon as it is, with a live line on a terminal, Ctrl-C and the memory limit ending the batch with
// one line (exit 130, resp. 3). With a group (mpirun), on every rank; rank 0 alone prints.
void SolveBatch(const SolveOptions& options, const Ranks* group) {
  const bool root = !group || group->root();
  const QuietStderr quiet_stderr(!root);
  std::ostream discard(nullptr);
  std::ostream& out = root ? std::cout : discard;
  if (options.format == "latex" && options.moves)
    throw InputError("--format latex",
                     "shows the values only; use --format text or json with --moves");
  SolveEngineOptions engine_options = MakeSolveEngineOptions(options.engine);
  if (options.exhaustive) {
    if (engine_options.kind != EngineKind::kAuto && engine_options.kind != EngineKind::kExhaustive)
      throw InputError("--exhaustive", "conflicts with --engine " + options.engine.engine);
    engine_options.kind = EngineKind::kExhaustive;
  }
  const CheckpointPolicy every = CheckpointSchedule(options.checkpoint, kCheckpointUse);
  PrepareDownsetCheckpoint(options.checkpoint, group);
  const std::vector<MatrixInput> inputs =
      ReadStartingPositions(options.matrices, options.input_file);
  engine_options.moves = options.moves;
  engine_options.checkpoint = options.checkpoint.dir;
  engine_options.checkpoint_every = every;
  engine_options.resume = options.checkpoint.resume;
  engine_options.scratch = options.checkpoint.scratch;
  engine_options.orbits =
      options.checkpoint.plain_pass ? DownsetOrbitChoice::kPlain : DownsetOrbitChoice::kAuto;
  engine_options.ranks = group;
  CommandSolver solver(std::move(engine_options), options.engine.quiet || !root);
  for (const MatrixInput& input : inputs) solver.Check(input.matrix, input.where);
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const MatrixInput& input = inputs[k];
    const SolveReport report = solver.Solve(input.matrix, input.where, [&](SolveEngine& e) {
      return e.Report(input.matrix, options.moves);
    });
    Print(out, report, options.format, k == 0);
  }
  PrintEnd(out, options.format);
  if (!options.stats) return;
  std::string stats = solver.engine().Stats();
  if (group) {  // the bytes every rank sent to another, summed over the ranks
    std::uint64_t sent[1] = {group->exchanged_bytes()};
    group->SumAll(sent);
    stats += fmt::format(" ranks={} sent_bytes={}", group->size(), sent[0]);
  }
  std::cerr << "stats: " << stats << '\n';
}

}  // namespace

void RunSolve(const SolveOptions& options) {
  const std::unique_ptr<Ranks> group = JoinLaunchedJob();
  if (!group) return SolveBatch(options, nullptr);
  OnEveryRank(*group, [&] { SolveBatch(options, group.get()); });
}

void AddSolveCommand(CLI::App& app) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* sub = app.add_subcommand("solve", "Solve SEKI and D-SEKI for the given matrices");
  AddMatrixInputOptions(sub, options->matrices, options->input_file, options->format,
                        {"text", "json", "latex"});
  sub->add_flag("-m,--moves", options->moves,
                "Also show each active move's value and a line of optimal play per first player");
  AddEngineOptions(sub, options->engine);
  sub->add_flag("--exhaustive", options->exhaustive, "The same as --engine exhaustive");
  AddCheckpointOptions(sub, options->checkpoint, kCheckpointUse);
  sub->add_flag("--stats", options->stats,
                "At the end, one line on stderr: each engine used, positions in its tables (for "
                "the search engine also positions expanded and table bytes, for the down-set "
                "engine matrices of its passes)");
  sub->footer(MatrixSyntaxHelp() + fmt::format(kFooter, kExitDone, kExitBadInput, kExitMemoryLimit,
                                               kExitInterrupted, kExitInternalError));
  sub->callback([options] { RunSolve(*options); });
}

}  // namespace seki::cli
