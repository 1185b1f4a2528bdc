// `seki enumerate`: the options, Ctrl-C, progress on stderr and the summary line on stdout; the
// run itself is the library's Run (engine/run/run.hpp). Started by mpirun, every rank runs it with
// the job's group (engine/distributed); rank 0 alone prints, and an error on any rank ends the job.
#include "apps/enumerate_command.hpp"

#include <fmt/format.h>

#include <atomic>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "apps/cli_error.hpp"
#include "apps/command_line.hpp"
#include "apps/interrupt.hpp"
#include "apps/on_every_rank.hpp"
#include "apps/progress.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/distributed/launch.hpp"
#include "engine/level/device_option.hpp"
#include "engine/run/catalogue_lists.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/run/run.hpp"
#include "storage/checkpoint_policy.hpp"

namespace seki::cli {

namespace {

// The run directory (--out) is the run's checkpoint directory.
const CheckpointUse kCheckpointUse{"level", "1", "", /*dir_option=*/false};

// The run's events on stderr: remarks, the start line, per level a live line (on a terminal) and
// a log line, and how to continue an interrupted run. Ctrl-C stops the run once it has started.
class EnumeratePrinter : public RunObserver {
 public:
  EnumeratePrinter(bool quiet, std::string out)
      : live_(!quiet && isatty(STDERR_FILENO)), out_(std::move(out)) {}

  void Notice(const std::string& text) override { std::cerr << "seki enumerate: " << text << '\n'; }
  void Started(const RunStart& s) override {
    max_sum_ = s.max_sum;
    progress_.emplace(live_, s.expected_classes, s.classes_done_before);
    progress_->Say(
        "seki enumerate: " + std::to_string(s.rows) + "x" + std::to_string(s.cols) +
        ", entries <= " + std::to_string(s.max_entry) + ", sum <= " + std::to_string(s.max_sum) +
        ", " + (s.ranks > 1 ? std::to_string(s.ranks) + " ranks x " : "") +
        std::to_string(s.threads) + " threads, " +
        (s.generate_only ? "generation only" : "both games") +
        (s.device == Device::kCpu ? "" : ", device " + DeviceName(s.device)) + " -> " + s.out +
        (s.resumed_after >= 0 ? " (resuming after level " + std::to_string(s.resumed_after) + ")"
                              : ""));
    CatchInterrupt();
  }
  void LevelStarted(int sum, std::atomic<std::uint64_t>* parents_done) override {
    progress_->StartLevel(sum, parents_done);
  }
  void LevelFinished(const LevelReport& l) override {
    progress_->FinishLevel(
        l.sum, "level " + std::to_string(l.sum) + "/" + std::to_string(max_sum_) + ": " +
                   std::to_string(l.classes) + " classes, " + std::to_string(l.starting) +
                   " without zero lines, " +
                   std::to_string(l.Members(Game::kSeki, CatalogueKind::kComplete)) +
                   " complete seki, " +
                   std::to_string(l.Members(Game::kDSeki, CatalogueKind::kComplete)) +
                   " complete d-seki (" + std::to_string(l.seconds) + " s, peak " +
                   FormatGib(double(l.peak_rss_bytes)) + ")");
  }
  void Interrupted(int last_saved_level, const std::string& resume_hint) override {
    progress_->Say("seki enumerate: interrupted; levels up to " + std::to_string(last_saved_level) +
                   " are saved in " + out_ + "; continue with: " + resume_hint);
  }
  // Ends the live line; called before the Run (whose counter it reads) is gone.
  void Close() { progress_.reset(); }

 private:
  const bool live_;
  const std::string out_;
  int max_sum_ = 0;
  std::optional<Progress> progress_;
};

// One machine-readable line at the end, as nauty's generators do.
std::string SummaryLine(const RunResult& r) {
  const auto n = [&](Game g, CatalogueKind k) { return std::to_string(r.totals.Members(g, k)); };
  std::ostringstream line;
  line << "enumerated " << r.rows << "x" << r.cols << " entries<=" << r.max_entry
       << " sum<=" << r.max_sum << " classes=" << r.totals.classes
       << " starting=" << r.totals.starting << " seki=" << n(Game::kSeki, CatalogueKind::kSeki)
       << " complete=" << n(Game::kSeki, CatalogueKind::kComplete)
       << " semi-complete=" << n(Game::kSeki, CatalogueKind::kSemiComplete)
       << " dseki=" << n(Game::kDSeki, CatalogueKind::kSeki)
       << " complete-dseki=" << n(Game::kDSeki, CatalogueKind::kComplete)
       << " semi-complete-dseki=" << n(Game::kDSeki, CatalogueKind::kSemiComplete)
       << " wall=" << r.wall_seconds << "s peak_rss=" << r.peak_rss_bytes << '\n';
  return line.str();
}

}  // namespace

int RunEnumerate(const EnumerateOptions& o, const std::string& command_line) {
  RunParameters p;
  p.rows = o.rows, p.cols = o.cols;
  p.max_entry = o.max_entry, p.max_sum = o.max_sum;
  p.threads = o.threads;
  p.out = o.out;
  try {
    p.device = ParseDevice(o.device, "--device");
    p.checkpoint = CheckpointSchedule(o.checkpoint, kCheckpointUse);
    p.lists = ParseListsOption(o.lists, "--lists");
    p.memory_limit_bytes = ParseMemoryLimit(o.memory_limit);
  } catch (const InputError&) {
    if (LaunchedRank() > 0) throw ExitStatus{kExitBadInput};  // every rank finds it; rank 0 says it
    throw;
  }
  p.parts = o.parts;
  p.outcomes = o.outcomes, p.generate_only = o.generate_only;
  p.resume = o.checkpoint.resume, p.force = o.force;
  p.command_line = command_line;

  const std::unique_ptr<Ranks> group = JoinLaunchedJob();
  const bool root = !group || group->root();
  EnumeratePrinter printer(o.quiet, o.out);
  Run run(p, root ? &printer : nullptr, &InterruptFlag(), group.get());
  RunResult r;
  try {
    r = group && group->size() > 1 ? OnEveryRank(*group, [&] { return run.Execute(); })
                                   : run.Execute();
  } catch (...) {
    printer.Close();
    throw;
  }
  printer.Close();
  if (!root) return r.status == RunStatus::kInterrupted ? kExitInterrupted : kExitDone;
  switch (r.status) {
    case RunStatus::kAlreadyComplete:
      std::cerr << "seki enumerate: " << o.out << " already holds a complete run; nothing to do\n";
      return 0;
    case RunStatus::kInterrupted:
      return kExitInterrupted;
    case RunStatus::kCompleted:
      break;
  }
  ReleaseInterrupt();
  if (r.ranks > 1)
    std::cerr << "seki enumerate: " << r.ranks << " ranks exchanged " << r.exchanged_bytes
              << " bytes of records\n";
  std::cout << SummaryLine(r);
  return 0;
}

void AddEnumerateCommand(CLI::App& app, int argc, char** argv) {
  auto options = std::make_shared<EnumerateOptions>();
  const std::string command_line = JoinCommandLine(argc, argv);
  CLI::App* cmd = app.add_subcommand(
      "enumerate",
      "Walk every class of rows x cols matrices (up to row/column permutation) level by level in "
      "increasing sum, solve SEKI and D-SEKI, and write catalogues into --out DIR");
  cmd->add_option("--rows", options->rows, fmt::format("Number of rows (1..{})", kMaxDim))
      ->required();
  cmd->add_option("--cols", options->cols, fmt::format("Number of columns (1..{})", kMaxDim))
      ->required();
  cmd->add_option("--max-entry", options->max_entry, "Largest entry (H)");
  cmd->add_option("--max-sum", options->max_sum, "Largest total sum (S)");
  cmd->add_option("--threads", options->threads, "Worker threads (default: all cores)");
  cmd->add_option("--out", options->out, "Run directory")->required();
  cmd->add_option("--memory-limit", options->memory_limit,
                  "The memory a run may use, e.g. 8G: levels too large are built in parts, and a "
                  "run that cannot fit even so is refused (default: " +
                      DefaultMemoryPercent() + " of physical memory)");
  cmd->add_option("--parts", options->parts,
                  "Build every level in this many parts (1..64), as a level too large for "
                  "--memory-limit is (default: only those, in the fewest parts that fit; "
                  "docs/architecture/levels-in-parts.md); the same files for any parts")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--device", options->device,
                  "Level engine: cpu (default), gpu (the thrust engine on a CUDA GPU) or "
                  "thrust-cpu (the same engine on the CPU); shapes up to 5x5 (keys of at most 56 "
                  "bits) for gpu and thrust-cpu; the same files for all (docs/gpu.md)");
  AddCheckpointOptions(cmd, options->checkpoint, kCheckpointUse);
  cmd->add_option("--lists", options->lists,
                  "Which seki get a line: all, or complete (only complete and semi-complete seki; "
                  "the others counted by sum and height in seki/seki-counts.txt and "
                  "dseki/seki-counts.txt instead of seki.txt); default auto: all for runs of at "
                  "most " +
                      fmt::format("{:.0e}", double(kListAllUpToClasses)) +
                      " classes, complete beyond (docs/gpu/planning.md)");
  cmd->add_flag("--outcomes", options->outcomes, "Also write outcomes.txt (every class)");
  cmd->add_flag("--generate-only", options->generate_only,
                "Generate and count the classes without solving (orderly generation); no "
                "catalogues");
  cmd->add_flag("--force", options->force, "Start over even if --out holds a run");
  cmd->add_flag("--quiet", options->quiet, "No live progress line; one log line per level");
  cmd->footer(
      "Files: DIR/seki/{seki,complete,semi-complete}.txt (seki-counts.txt instead of seki.txt "
      "with --lists complete), DIR/dseki/(same), DIR/outcomes.txt (--outcomes), "
      "DIR/summary.json, DIR/manifest.json. Lines are sorted by (sum, canonical "
      "key), identical for any --threads. " +
      fmt::format("Exit status: {} done, {} bad input, {} a run that will not fit in "
                  "--memory-limit (or the GPU's free memory), {} interrupted (Ctrl-C; continue "
                  "with --resume).",
                  kExitDone, kExitBadInput, kExitMemoryLimit, kExitInterrupted));
  cmd->callback([options, command_line] {
    const int status = RunEnumerate(*options, command_line);
    if (status != 0) throw ExitStatus(status);
  });
}

}  // namespace seki::cli
