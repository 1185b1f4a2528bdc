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
#include "apps/interrupt.hpp"
#include "apps/live_line.hpp"
#include "apps/matrix_input.hpp"
#include "apps/on_every_rank.hpp"
#include "apps/solve_format.hpp"
#include "engine/distributed/distributed_group.hpp"
#include "engine/research/solve_latex.hpp"
#include "engine/run/downset_group.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/solve/solve_engine.hpp"

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
Engines: search (a bounded search of the positions that matter), downset (one byte for every
matrix B <= A, one pass), exhaustive (every reachable class); auto takes downset for at most 5M
matrices below A, the search otherwise (docs/search.md). The output does not depend on it.
Progress: on a terminal, a line on stderr (positions searched and table memory, or matrices done
and the time left, elapsed) while a matrix takes longer than a second; none with --quiet or when
stderr is not a terminal.
Exit status: 0 on success; 2 on bad input or a position too large to solve; 3 when the bounded
search cannot decide a position within --memory-limit, or a down-set solve needs more memory
than that (said before it starts); 130 when stopped by Ctrl-C; 1 on an
internal error; each but 0 with one line "seki: <where>: <problem>" on stderr. All inputs are
checked before anything is solved, so a bad batch prints nothing; results of earlier matrices
of a batch stay printed when a later one stops it (exit 2, 3 or 130), and no partial values are
ever printed.)";

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

std::string SearchStatus(const std::string& where, const BoundedSearch& search, double elapsed) {
  return fmt::format("solving {}: {} positions searched, tables {} of {}, {}", where,
                     HumanCount(double(search.expansions())),
                     HumanBytes(double(search.table_bytes())),
                     HumanBytes(double(search.memory_bytes())), HumanDuration(elapsed));
}

std::string DownsetStatus(const std::string& where, const DownsetEngine& downset, double elapsed) {
  const double total = double(downset.total()), done = double(downset.done());
  std::string line =
      fmt::format("solving {}: {} of {} matrices below it ({:.1f}%), {}", where, HumanCount(done),
                  HumanCount(total), total > 0 ? 100 * done / total : 0.0, HumanDuration(elapsed));
  if (done > 0 && done < total)
    line += ", about " + HumanDuration(elapsed * (total - done) / done) + " left";
  return line;
}

// One line on stderr and the exit status for a solve that stopped (exit 3 or 130).
[[noreturn]] void Stopped(const std::string& where, const std::string& problem, int status) {
  ReleaseInterrupt();
  std::cout.flush();
  std::cerr << "seki: " << where << ": " << problem << std::endl;
  throw ExitStatus{status};
}

}  // namespace

void SolveOrStop(const std::string& where, std::size_t memory_bytes,
                 const std::function<void()>& solve) {
  try {
    solve();
  } catch (const SearchStopped& e) {
    if (e.reason() == SearchStopped::Reason::kMemoryLimit)
      Stopped(where,
              "cannot be decided within the memory limit of " + HumanBytes(double(memory_bytes)) +
                  " (see --memory-limit)",
              3);
    Stopped(where, "interrupted", 130);
  } catch (const DownsetTooLarge& e) {
    Stopped(where,
            "the down-set solve needs " + HumanBytes(e.needed()) +
                " of memory, more than the memory limit of " + HumanBytes(double(memory_bytes)) +
                " (see --memory-limit)",
            3);
  } catch (const SolveTooLarge& e) {
    throw CliError(where, std::string("too large to solve: ") + e.what());
  }
}

namespace {

// Every input is checked first (a bad batch prints nothing); then each is solved and printed as
// soon as it is, with a live line on a terminal, Ctrl-C and the memory limit ending the batch with
// one line (exit 130, resp. 3). With a group (mpirun), on every rank; rank 0 alone prints.
void SolveBatch(const SolveOptions& options, const DistributedGroup* group) {
  const bool root = !group || group->root();
  const QuietStderr quiet_stderr(!root);
  std::ostream discard(nullptr);
  std::ostream& out = root ? std::cout : discard;
  std::optional<GroupDownsetRanks> ranks;
  if (group) ranks.emplace(*group);
  const std::size_t memory_bytes = static_cast<std::size_t>(MemoryLimitBytes(
      options.memory_limit.empty() ? 0 : ParseByteSize(options.memory_limit, "--memory-limit")));
  if (options.format == "latex" && options.moves)
    throw CliError("--format latex",
                   "shows the values only; use --format text or json with --moves");
  EngineKind kind = ParseEngineKind(options.engine, "--engine");
  if (options.exhaustive) {
    if (kind != EngineKind::kAuto && kind != EngineKind::kExhaustive)
      throw CliError("--exhaustive", "conflicts with --engine " + options.engine);
    kind = EngineKind::kExhaustive;
  }
  if (options.resume && options.checkpoint.empty())
    throw CliError("--resume", "needs --checkpoint FILE");
  if (options.resume && group &&  // every rank has its own file, or none resumes
      !group->AllTrue(std::filesystem::exists(
          RankCheckpoint(options.checkpoint, group->rank(), group->size()))))
    throw CliError(options.checkpoint, "no checkpoint to resume on " +
                                           std::to_string(group->size()) + " ranks (a file " +
                                           options.checkpoint + ".rank<q>of" +
                                           std::to_string(group->size()) + " for every rank q)");
  if (options.resume && !group && !std::filesystem::exists(options.checkpoint))
    throw CliError(options.checkpoint, "no checkpoint to resume");
  if (!(options.checkpoint_seconds >= 0)) throw CliError("--checkpoint-seconds", "must be >= 0");
  const std::vector<MatrixInput> inputs =
      ReadStartingPositions(options.matrices, options.input_file);
  SolveEngine engine(SolveEngineOptions{
      .kind = kind,
      .memory_bytes = memory_bytes,
      .threads = options.threads > 0
                     ? options.threads
                     : std::max(1, static_cast<int>(std::thread::hardware_concurrency())),
      .stop = &InterruptFlag(),
      .moves = options.moves,
      .checkpoint = options.checkpoint,
      .checkpoint_seconds = options.checkpoint_seconds,
      .resume = options.resume,
      .ranks = ranks ? &*ranks : nullptr});
  for (const MatrixInput& input : inputs)
    SolveOrStop(input.where, memory_bytes, [&] { engine.Check(input.matrix, input.where); });

  std::atomic<std::size_t> current{0};
  std::atomic<EngineKind> chosen{EngineKind::kSearch};
  LiveLine line(root && !options.quiet && isatty(STDERR_FILENO),
                [&](double elapsed) -> std::string {
                  const std::string& where = inputs[current.load()].where;
                  if (chosen.load() == EngineKind::kDownset && engine.downset())
                    return DownsetStatus(where, *engine.downset(), elapsed);
                  if (chosen.load() == EngineKind::kSearch && engine.search())
                    return SearchStatus(where, *engine.search(), elapsed);
                  return fmt::format("solving {}: {}", where, HumanDuration(elapsed));
                });
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const MatrixInput& input = inputs[k];
    chosen.store(engine.Choose(input.matrix));
    current.store(k);
    // The exhaustive Solver does not poll the flag: there Ctrl-C kills at once.
    if (chosen.load() == EngineKind::kExhaustive)
      ReleaseInterrupt();
    else
      CatchInterrupt();
    line.Restart();
    SolveOrStop(input.where, memory_bytes, [&] {
      try {
        const SolveReport report = engine.Report(input.matrix, options.moves);
        line.Restart();
        Print(out, report, options.format, k == 0);
      } catch (...) {
        line.Restart();
        throw;
      }
    });
  }
  ReleaseInterrupt();
  PrintEnd(out, options.format);
  if (!options.stats) return;
  std::string stats = engine.Stats();
  if (group) {  // the bytes every rank sent to another, summed over the ranks
    std::uint64_t sent[1] = {group->exchanged_bytes()};
    group->SumAll(sent);
    stats += fmt::format(" ranks={} sent_bytes={}", group->size(), sent[0]);
  }
  std::cerr << "stats: " << stats << '\n';
}

}  // namespace

void RunSolve(const SolveOptions& options) {
  const std::unique_ptr<DistributedGroup> group = JoinLaunchedJob();
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
  sub->add_option("--engine", options->engine,
                  "auto (default), search, downset or exhaustive; the output is the same")
      ->check(CLI::IsMember({"auto", "search", "downset", "exhaustive"}));
  sub->add_flag("--exhaustive", options->exhaustive, "The same as --engine exhaustive");
  sub->add_option("-t,--threads", options->threads,
                  "Threads (default: all cores): the search uses up to 4 (r and c of each game "
                  "at once), a down-set pass all; the answers do not depend on it")
      ->check(CLI::Range(1, 4096));
  sub->add_option("--memory-limit", options->memory_limit,
                  "Memory of the search's tables or of a down-set pass, e.g. 8G (default: 80% of "
                  "physical memory); a position that does not fit ends with exit status 3");
  sub->add_option("--checkpoint", options->checkpoint,
                  "Down-set passes save their state in this file every 10 minutes "
                  "(--checkpoint-seconds) and on Ctrl-C (removed once the pass completes); under "
                  "mpirun one file per rank, FILE.rank<q>of<R>");
  sub->add_flag("--resume", options->resume,
                "Continue the down-set pass saved in the --checkpoint file");
  sub->add_option("--checkpoint-seconds", options->checkpoint_seconds,
                  "Seconds between two checkpoints of a down-set pass (default 600)");
  sub->add_flag("-q,--quiet", options->quiet, "No live progress line on stderr");
  sub->add_flag("--stats", options->stats,
                "At the end, one line on stderr: each engine used, positions in its tables (for "
                "the bounded search also positions expanded and table bytes, for the down-set "
                "engine matrices of its passes)");
  sub->footer(kFooter);
  sub->callback([options] { RunSolve(*options); });
}

}  // namespace seki::cli
