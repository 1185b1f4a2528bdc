// The options, live line and stop handling of every command that solves.
#include "apps/command_solver.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <thread>

#include "apps/cli_error.hpp"
#include "apps/interrupt.hpp"
#include "engine/base/human_units.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/run/memory_budget.hpp"

namespace seki::cli {
namespace {

std::string SearchStatus(const std::string& where, const SearchEngine& search, double elapsed) {
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
  if (const double left = SecondsLeft(done, total, elapsed); left > 0)
    line += ", about " + HumanDuration(left) + " left";
  return line;
}

// One line on stderr and the exit status for a solve that stopped (exit 3 or 130).
[[noreturn]] void EndStopped(const std::string& line, int status) {
  ReleaseInterrupt();
  std::cout.flush();
  std::cerr << "seki: " << line << std::endl;
  throw ExitStatus{status};
}

}  // namespace

void AddEngineOptions(CLI::App* sub, EngineOptions& options) {
  sub->add_option("--engine", options.engine,
                  "auto (default), search, downset or exhaustive; the answers are the same")
      ->check(CLI::IsMember({"auto", "search", "downset", "exhaustive"}));
  sub->add_option("-t,--threads", options.threads,
                  "Threads (default: all cores): the search uses up to 4 (r and c of each game "
                  "at once), a down-set pass all; the answers do not depend on it")
      ->check(CLI::Range(1, 4096));
  sub->add_option("--memory-limit", options.memory_limit,
                  fmt::format("Memory of the search's tables or of a down-set pass, e.g. 8G "
                              "(default: {} of physical memory); a position that does not "
                              "fit ends with exit status {:d}",
                              DefaultMemoryPercent(), kExitMemoryLimit));
  sub->add_flag("-q,--quiet", options.quiet, "No live progress line on stderr");
}

SolveEngineOptions MakeSolveEngineOptions(const EngineOptions& options) {
  return SolveEngineOptions{
      .kind = ParseEngineKind(options.engine, "--engine"),
      .memory_bytes =
          static_cast<std::size_t>(MemoryLimitBytes(ParseMemoryLimit(options.memory_limit))),
      .threads = options.threads > 0
                     ? options.threads
                     : std::max(1, static_cast<int>(std::thread::hardware_concurrency())),
      .stop = &InterruptFlag()};
}

void SolveOrStop(const std::string& where, std::size_t memory_bytes,
                 const std::function<void()>& solve) {
  try {
    try {
      solve();
    } catch (...) {
      RethrowSolveStop(where, memory_bytes);
    }
  } catch (const Stopped&) {  // what RethrowSolveStop leaves unchanged: Ctrl-C
    EndStopped(where + ": interrupted", kExitInterrupted);
  } catch (const MemoryLimitError& e) {
    EndStopped(e.what(), kExitMemoryLimit);
  }
}

CommandSolver::CommandSolver(SolveEngineOptions options, bool quiet)
    : engine_(std::move(options)),
      line_(std::make_unique<LiveLine>(!quiet && isatty(STDERR_FILENO),
                                       [this](double elapsed) { return Status(elapsed); })) {}

CommandSolver::~CommandSolver() = default;

std::string CommandSolver::Status(double elapsed) const {
  std::string where;
  {
    std::lock_guard lock(mutex_);
    where = where_;
  }
  const EngineKind running = engine_.running();
  if (running == EngineKind::kDownset && engine_.downset())
    return DownsetStatus(where, *engine_.downset(), elapsed);
  if (running == EngineKind::kSearch && engine_.search())
    return SearchStatus(where, *engine_.search(), elapsed);
  return fmt::format("solving {}: {}", where, HumanDuration(elapsed));
}

void CommandSolver::Check(const Matrix& a, const std::string& where) {
  SolveOrStop(where, memory_bytes(), [&] { engine_.Check(a, where); });
}

void CommandSolver::Run(const Matrix& a, const std::string& where,
                        const std::function<void()>& solve) {
  {
    std::lock_guard lock(mutex_);
    where_ = where;
  }
  // The exhaustive ExhaustiveSolver does not poll the flag: there Ctrl-C kills at once.
  if (engine_.Choose(a) == EngineKind::kExhaustive)
    ReleaseInterrupt();
  else
    CatchInterrupt();
  line_->Restart();
  try {
    SolveOrStop(where, memory_bytes(), solve);
  } catch (...) {
    line_->Restart();
    throw;
  }
  line_->Restart();
  ReleaseInterrupt();
}

}  // namespace seki::cli
