// CommandSolver: what every command that solves holds, so each answers as `seki solve` does: the
// options --engine, --threads, --memory-limit and --quiet, the SolveEngine they make, the live
// line on stderr while a matrix takes long, Ctrl-C, and the one handling of a solve that stops
// (one line "seki: <where>: <problem>"; exit 2 too large, 3 over the memory limit, 130 Ctrl-C).
// Concurrency: one instance per command, used by the main thread; the live line redraws from a
// thread of its own, reading the engine's counters.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>

#include "apps/live_line.hpp"
#include "engine/base/matrix.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki::cli {

// The options of a command that solves.
struct EngineOptions {
  std::string engine = "auto";  // auto, search, downset or exhaustive
  int threads = 0;              // 0: every core
  std::string memory_limit;     // e.g. "8G"; empty: the default limit
  bool quiet = false;           // no live line
};

void AddEngineOptions(CLI::App* sub, EngineOptions& options);

// The SolveEngineOptions of `options` (engine kind, memory limit, threads, the Ctrl-C flag); the
// caller may set the rest (moves, checkpoints, ranks). Throws InputError for a bad value.
SolveEngineOptions MakeSolveEngineOptions(const EngineOptions& options);

// Runs solve(); a solve that stops ends the command as `seki solve` does: one line
// "seki: <where>: ..." and exit status 3 (memory limit, or a down-set that does not fit) or 130
// (Ctrl-C); a position too large to solve is InputError "<where>: too large to solve: ..." (exit
// 2).
void SolveOrStop(const std::string& where, std::size_t memory_bytes,
                 const std::function<void()>& solve);

class CommandSolver {
 public:
  // live: draw the live line (it is drawn only on a terminal, and never with options' quiet).
  CommandSolver(SolveEngineOptions options, bool quiet);
  ~CommandSolver();
  CommandSolver(const CommandSolver&) = delete;
  CommandSolver& operator=(const CommandSolver&) = delete;

  SolveEngine& engine() { return engine_; }
  std::size_t memory_bytes() const { return engine_.memory_bytes(); }

  // Refuses, before anything is solved, a matrix the engine cannot solve (SolveEngine::Check).
  void Check(const Matrix& a, const std::string& where);

  // Runs solve() — solves of `a` (named `where`) and of matrices near it — with the live line,
  // Ctrl-C caught where the engine polls it, and a stop handled by SolveOrStop.
  void Run(const Matrix& a, const std::string& where, const std::function<void()>& solve);

  // Run for a solve that returns a value: f(engine()).
  template <class F>
  auto Solve(const Matrix& a, const std::string& where, F&& f) {
    std::optional<std::invoke_result_t<F&, SolveEngine&>> out;
    Run(a, where, [&] { out.emplace(f(engine_)); });
    return std::move(*out);
  }

 private:
  std::string Status(double elapsed) const;

  SolveEngine engine_;
  mutable std::mutex mutex_;  // guards where_ (the live line's thread reads it)
  std::string where_;
  std::unique_ptr<LiveLine> line_;
};

}  // namespace seki::cli
