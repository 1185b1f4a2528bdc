// `seki check CONJECTURE`: the options, progress on stderr and the report as each shape finishes;
// the search itself is the research layer's region check (engine/check/region_check.hpp).
#include "apps/check_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "apps/check_format.hpp"
#include "apps/cli_error.hpp"
#include "apps/command_line.hpp"
#include "apps/interrupt.hpp"
#include "apps/on_every_rank.hpp"
#include "apps/progress.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/census/census.hpp"
#include "engine/distributed/launch.hpp"
#include "engine/level/build_hooks.hpp"
#include "engine/run/memory_budget.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {

namespace {

const CheckpointUse kCheckpointUse{"level", "1",
                                   "the last two saved levels of every shape as level files, with "
                                   "the counts and findings so far; the report of a resumed "
                                   "check is the uninterrupted one"};

// Prints the header, per-shape progress (a live line on a terminal, else one line per shape) and
// each shape's text as it finishes.
class CheckPrinter : public CheckObserver {
 public:
  explicit CheckPrinter(bool quiet) : quiet_(quiet), live_(!quiet && isatty(STDERR_FILENO)) {}

  void Started(const CheckReport& report) override {
    std::cout << FormatCheckHeader(report) << std::flush;
    conjecture_ = std::string(ConjectureName(report.conjecture));
  }
  std::atomic<std::uint64_t>* ShapeStarted(const EnumerationSpace& space,
                                           const std::vector<std::uint64_t>& expected) override {
    name_ = fmt::format("seki check {} {}x{}", conjecture_, space.rows, space.cols);
    if (!quiet_ && !live_)
      std::cerr << fmt::format("{}: entries <= {}, sum <= {}, {} levels\n", name_, space.max_entry,
                               space.max_sum, space.max_sum + 1);
    if (!live_) return nullptr;
    parents_done_ = 0;
    progress_.emplace(true, expected, 0);
    return &parents_done_;
  }
  void LevelFinished(const EnumerationSpace& space, int sum, std::uint64_t classes,
                     double seconds) override {
    if (!progress_) return;
    progress_->FinishLevel(sum, fmt::format("{}: level {}/{}: {} classes ({:.2f} s)", name_, sum,
                                            space.max_sum, classes, seconds));
    parents_done_ = 0;
    progress_->StartLevel(sum + 1, &parents_done_);
  }
  void ShapeFinished(const ShapeReport& shape) override {
    progress_.reset();
    std::cout << FormatShapeText(shape) << std::flush;
  }
  void Notice(const std::string& text) override {
    if (!quiet_) std::cerr << "seki check: " << text << '\n';
  }

 private:
  const bool quiet_, live_;
  std::string conjecture_, name_;
  std::atomic<std::uint64_t> parents_done_{0};  // declared before progress_, which reads it
  std::optional<Progress> progress_;
};

CheckRequest Request(const CheckOptions& o, const std::string& command_line) {
  CheckRequest r = MakeCheckRequest(o.request, o.memory_limit);
  r.command = command_line;
  r.checkpoint_dir = o.checkpoint.dir;
  r.checkpoint_every = CheckpointSchedule(o.checkpoint, kCheckpointUse);
  r.resume = o.checkpoint.resume;
  return r;
}

// One process: Ctrl-C ends the check between levels or inside a build with one line and exit
// status 130 (with --checkpoint, every finished level is saved: --resume goes on from there).
CheckReport CheckOrStop(const CheckPlan& plan, CheckPrinter& printer, const CheckOptions& o) {
  CatchInterrupt();
  try {
    CheckReport report = RunRegionCheck(plan, &printer, &InterruptFlag());
    ReleaseInterrupt();
    return report;
  } catch (const Stopped& stopped) {
    if (!stopped.interrupted()) throw;
    ReleaseInterrupt();
    std::cout.flush();
    std::cerr << "\nseki: check: interrupted"
              << (o.checkpoint.dir.empty()
                      ? std::string(" (nothing saved: --checkpoint DIR makes a check resumable)")
                      : "; the finished levels are in " + o.checkpoint.dir +
                            ": continue with --resume")
              << std::endl;
    throw ExitStatus{kExitInterrupted};
  }
}

}  // namespace

int RunCheck(const CheckOptions& o, const std::string& command_line) {
  CheckPlan plan;
  try {
    plan = PlanRegionCheck(Request(o, command_line));
  } catch (const InputError&) {
    if (LaunchedRank() > 0) throw ExitStatus{kExitBadInput};  // every rank finds it; rank 0 says it
    throw;
  }
  const bool root = LaunchedRank() == 0;
  for (const std::string& file : {o.json_file, o.census_file})
    if (root && !file.empty()) CheckOutputFile(file);  // fail before the search, not after it
  // Under mpirun every rank searches its shards of each level; rank 0 alone prints and writes.
  const std::unique_ptr<Ranks> group = JoinLaunchedJob();
  CheckPrinter printer(o.quiet);
  const CheckReport report =
      group && group->size() > 1
          ? OnEveryRank(*group,
                        [&] {
                          return RunRegionCheck(plan, root ? &printer : nullptr, nullptr,
                                                group.get());
                        })
          : CheckOrStop(plan, printer, o);
  std::uint64_t findings[] = {root ? report.FindingCount() : 0};
  if (group) group->SumAll(findings);  // every rank exits with rank 0's status
  if (!root) return findings[0] == 0 ? kExitDone : kExitFinding;
  std::cout << '\n' << FormatCheckSummary(report) << std::flush;
  if (!o.json_file.empty()) WriteOutputFile(o.json_file, FormatCheckJson(report));
  if (!o.census_file.empty()) {
    std::vector<Census> censuses;
    for (const ShapeReport& s : report.shapes) {
      censuses.push_back(s.census);
      censuses.back().source = command_line;
    }
    WriteOutputFile(o.census_file, CensusMarkdown(censuses, command_line));
  }
  return findings[0] == 0 ? kExitDone : kExitFinding;
}

void AddCheckCommand(CLI::App& app, int argc, char** argv) {
  auto options = std::make_shared<CheckOptions>();
  const std::string command_line = JoinCommandLine(argc, argv);
  CLI::App* sub = app.add_subcommand(
      "check",
      "Search every class of a region for counterexamples to an open conjecture of the paper "
      "(6.1, 6.2, 6.3, 6.9) and report the exact region and number of classes examined");
  sub->add_option("conjecture", options->request.conjecture,
                  "6.1: every prime (0,1,2) complete seki is an IDSM (entries <= 2); "
                  "6.2: heights of complete seki (reports the largest, and every one of height "
                  ">= 4); 6.3: every seki is square; 6.9: every complete d-seki is a direct sum "
                  "of (0,1)-IDSMs with s >= 2 and 2-cycles C_k, k >= 3")
      ->required();
  sub->add_option("--shapes", options->request.shapes,
                  fmt::format("Shapes, e.g. 4x4,3x4 (rows x columns, 1..{})", kMaxDim))
      ->delimiter(',')
      ->type_name("MxN,...");
  sub->add_option("--max-rows", options->request.max_rows,
                  "Every shape m x n with m <= R, n <= C that the conjecture is about (6.1, 6.2: "
                  "n x n; 6.3: m != n; 6.9: all), each shape or its transpose once (as m < n)")
      ->type_name("R")
      ->check(CLI::Range(1, kMaxDim));
  sub->add_option("--max-cols", options->request.max_cols,
                  "See --max-rows (default: the same as R)")
      ->type_name("C")
      ->check(CLI::Range(1, kMaxDim));
  sub->add_option("--max-entry", options->request.max_entry,
                  "Largest entry (6.1: 1 or 2, default 2)")
      ->type_name("H")
      ->check(CLI::Range(1, kMaxEntry));
  sub->add_option("--max-sum", options->request.max_sum, "Largest total sum")
      ->type_name("S")
      ->check(CLI::Range(1, kMaxDim * kMaxDim * kMaxEntry));
  sub->add_option("--min-height", options->request.min_height,
                  "6.2 only: also list every complete seki of height >= K, K = 1..4 (default 4); "
                  "those of height <= 3 are listed, not findings")
      ->type_name("K")
      ->check(CLI::Range(1, 4));
  sub->add_option("--json", options->json_file,
                  "Also write the report (region, counts, findings with lines, times, command, "
                  "version) as JSON to FILE")
      ->type_name("FILE");
  sub->add_option("--census", options->census_file,
                  "Also write the census of every shape searched (complete and semi-complete "
                  "seki of both games by height and by sum, with how many are prime, IDSMs, "
                  "symmetric, planar) as Markdown to FILE; the JSON report always has it")
      ->type_name("FILE");
  AddCheckpointOptions(sub, options->checkpoint, kCheckpointUse);
  sub->add_option("--memory-limit", options->memory_limit,
                  "The memory the check may use, e.g. 8G: levels too large are built in parts, "
                  "and a shape that cannot fit even so is refused (default: " +
                      DefaultMemoryPercent() + " of physical memory)");
  sub->add_option("--parts", options->request.parts,
                  "Build every level in this many parts (1..64), as a level too large for "
                  "--memory-limit is; the same report for any parts")
      ->check(CLI::Range(1, 64));
  sub->add_option("--threads", options->request.threads, "Worker threads (default: all cores)");
  sub->add_flag("--quiet", options->quiet, "No progress on stderr");
  sub->footer(
      std::string(
          "A region is a list of shapes with --max-entry H and/or --max-sum S (at least one, "
          "except 6.1 where entries <= 2 is the default); every class of each shape within the "
          "bounds is built by the level engine and each class with no zero line is examined. "
          "Output: per shape the region, the classes examined, the time and 'no counterexample' "
          "or every finding with its values in both games and a line of optimal play for R first "
          "and for C first; then one summary line 'check conjecture=... result=...'.\n") +
      fmt::format(
          "Exit status: {} nothing found; {} a finding (a counterexample; for 6.2 a complete seki "
          "of height >= 4, a counterexample to H_3 = 3 on 3x3 and a new record elsewhere); {} bad "
          "input (unknown conjecture, bad shape, missing bound, an entry bound above {}); {} not "
          "enough memory (--memory-limit); {} Ctrl-C (one process; with --checkpoint the "
          "finished levels are kept for --resume); {} an internal error.",
          kExitDone, kExitFinding, kExitBadInput, kMaxEntry, kExitMemoryLimit, kExitInterrupted,
          kExitInternalError));
  sub->callback([options, command_line] {
    const int status = RunCheck(*options, command_line);
    if (status != 0) throw ExitStatus(status);
  });
}

}  // namespace seki::cli
