// SearchEngine: proves R(A), C(A), r(A), c(A) of both games for one matrix without computing the
// exact value of every reachable class, by null-window tests over the results L < D < W with a
// transposition table of bounds keyed by the canonical form. Same answers as
// ExhaustiveSolver::Solve. Concurrency: Solve and ChildSolution are called by one thread at a time;
// with threads >= 2 the four root questions (r and c of each game) are searched at once on threads
// of their own, the two of a game sharing its table (BoundsTable: sharded, locked, bounds only
// tighten). positions(), expansions() and table_bytes() may be read by any thread while a Solve
// runs (progress lines). Distinct instances share nothing.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/game_search.hpp"

namespace seki {

// How the search works (docs/search.md has the details). With the pass rule written out, "R wins
// moving first" is r = W and "R gets at least a draw moving first" is r >= D or c < W, so every
// question about R, C, r, c is a question about whether a player's best active move reaches a
// threshold t in {D, W}. For a child A' of A (a move by p; q is the opponent):
//   p's move to A' gives p at least D  <=>  q's best active move at A' does not win,
//   p's move to A' gives p a win       <=>  q has no active move at A' that draws or wins, and
//                                           p's best active move at A' wins (q must pass, p wins).
// Reaches(A, p, t) is the OR of these over the children (terminal children by the rules), cut off
// at the first child that proves it; the answers are stored as bounds lo <= r, c <= hi per class.
struct SearchOptions {
  // Table entries per game at most (SolveTooLarge beyond); 0: no count limit.
  std::size_t max_positions = 0;
  // Bytes the tables of both games may hold together, growth included; 0: DefaultSearchBytes().
  // A game whose table would outgrow its half empties the shard that would grow (the search
  // stays exact, only slower); once a root test has dropped max_drops tables' worth of shards it
  // gives up (Stopped, kMemoryLimit): past that the search would mostly repeat itself.
  std::size_t memory_bytes = 0;
  int max_drops = 8;
  // Threads for the four root questions (each game's r and c); the answers do not depend on it.
  int threads = 1;
  // Matrices with a smaller sum are searched on one thread (starting threads would cost more).
  int min_parallel_sum = 24;
  // When set (e.g. on Ctrl-C), Solve throws Stopped (kInterrupted) soon after.
  const std::atomic<bool>* stop = nullptr;
};

// Three quarters of the physical memory.
std::size_t DefaultSearchBytes();

class SearchEngine {
 public:
  explicit SearchEngine(SolverLimits limits = {});
  explicit SearchEngine(const SearchOptions& options);
  SearchEngine(const SearchEngine&) = delete;
  SearchEngine& operator=(const SearchEngine&) = delete;

  // Values of both games for a starting position (no zero line): exactly
  // ExhaustiveSolver::Solve(a). Throws std::invalid_argument for a matrix with a zero line,
  // SolveTooLarge past max_positions and Stopped when the memory limit or the stop flag ends
  // the search (never a partial answer; the tables stay valid for the next call).
  Solution Solve(const Matrix& a);

  // Values of the matrix reached by lowering a(i, j): terminal values when the move empties a
  // line, else the child solved as by Solve (as ExhaustiveSolver::ChildSolution).
  Solution ChildSolution(const Matrix& a, int i, int j);

  // From now on, the calls together may take about `seconds` (0: no bound); past that they throw
  // Stopped (kBudget), the tables valid for a later call.
  void set_budget(double seconds);

  // Classes in the transposition tables (a class counts once per game it was searched in).
  std::size_t positions() const;
  // Classes whose moves were generated (a class counts once per test that expanded it).
  std::size_t expansions() const;
  // Bytes held by the tables.
  std::size_t table_bytes() const;
  std::size_t memory_bytes() const { return memory_bytes_; }

 private:
  const int threads_;
  const int min_parallel_sum_;
  const std::size_t memory_bytes_;
  const GameLimits limits_;
  SearchControl control_;
  mutable std::mutex tables_mutex_;  // guards replacing tables_ against the counters' readers
  std::array<std::unique_ptr<BoundsTable>, 2> tables_;  // indexed by Game; of the last shape
  std::array<std::unique_ptr<GameSearch>, 4> workers_;  // one per root question
};

}  // namespace seki
