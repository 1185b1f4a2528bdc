// The two games' searches, one after the other or at once (engine/solve/game_search.hpp).
#include "engine/solve/search.hpp"

#include <exception>
#include <limits>
#include <stdexcept>
#include <string>

#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/search_threads.hpp"

namespace seki {
namespace {

// Stack a worker needs per unit of the matrix's sum (one Reaches frame, under 1 KiB), plus room
// for the canonical form at the deepest level.
constexpr std::size_t kStackPerLevel = 2048;
constexpr std::size_t kStackBase = std::size_t{8} << 20;

// The root questions, the larger game (D-SEKI) first so that threads pick its tests first.
Game QuestionGame(int k) { return k < 2 ? Game::kDSeki : Game::kSeki; }
Player QuestionPlayer(int k) { return k % 2 == 0 ? Player::kR : Player::kC; }

}  // namespace

std::size_t DefaultSearchBytes() { return static_cast<std::size_t>(DefaultMemoryLimitBytes()); }

SearchEngine::SearchEngine(SolverLimits limits)
    : SearchEngine(SearchOptions{.max_positions = limits.max_positions}) {}

SearchEngine::SearchEngine(const SearchOptions& options)
    : threads_(options.threads),
      min_parallel_sum_(options.min_parallel_sum),
      memory_bytes_(options.memory_bytes ? options.memory_bytes : DefaultSearchBytes()),
      limits_{
          options.max_positions ? options.max_positions : std::numeric_limits<std::size_t>::max(),
          options.max_drops} {
  control_.stop = options.stop;
  for (int k = 0; k < 4; ++k)
    workers_[k] = std::make_unique<GameSearch>(QuestionGame(k), limits_, &control_);
}

Solution SearchEngine::Solve(const Matrix& a) {
  if (!IsStartingPosition(a))
    throw std::invalid_argument("not a starting position: empty, or a zero row or column");
  control_.abort.store(false);
  if (BoundsTable::MinimumBytes(a.rows(), a.cols()) > memory_bytes_ / 2)
    throw Stopped(Stopped::Reason::kMemoryLimit, "the tables of a " + std::to_string(a.rows()) +
                                                     "x" + std::to_string(a.cols()) +
                                                     " search need more than the memory limit");
  for (auto& table : tables_)
    if (!table || !table->Holds(a.rows(), a.cols())) {
      std::lock_guard lock(tables_mutex_);
      table.reset();  // the old shape's first, so that both never coexist
      table = std::make_unique<BoundsTable>(a.rows(), a.cols(), memory_bytes_ / 2);
    }
  std::array<Result, 4> values;
  std::array<std::exception_ptr, 4> errors;
  const std::size_t stack = kStackBase + kStackPerLevel * static_cast<std::size_t>(a.sum());
  const bool inline_small = a.sum() * kStackPerLevel <= (std::size_t{1} << 19);
  const int threads = a.sum() < min_parallel_sum_ ? 1 : threads_;
  RunTasks(4, threads, inline_small ? 0 : stack, [&](int k) {
    try {
      values[k] = workers_[k]->ActiveValue(a, *tables_[static_cast<int>(QuestionGame(k))],
                                           QuestionPlayer(k));
    } catch (...) {
      errors[k] = std::current_exception();
      control_.abort.store(true);
    }
  });
  // Report a worker's own reason before the other's "aborted".
  for (int pass = 0; pass < 2; ++pass)
    for (const std::exception_ptr& e : errors) {
      if (!e) continue;
      if (pass == 1) std::rethrow_exception(e);
      try {
        std::rethrow_exception(e);
      } catch (const Stopped& stopped) {
        if (stopped.reason() != Stopped::Reason::kAborted) throw;
      }
    }
  Solution solution;
  solution.dseki = Outcome::FromActive(values[0], values[1]);
  solution.seki = Outcome::FromActive(values[2], values[3]);
  return solution;
}

void SearchEngine::set_budget(double seconds) {
  using Clock = std::chrono::steady_clock;
  control_.deadline = seconds > 0 ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                       std::chrono::duration<double>(seconds))
                                  : Clock::time_point::max();
}

Solution SearchEngine::ChildSolution(const Matrix& a, int i, int j) {
  return seki::ChildSolution(a, i, j, [this](const Matrix& child) { return Solve(child); });
}

std::size_t SearchEngine::positions() const {
  std::lock_guard lock(tables_mutex_);
  std::size_t n = 0;
  for (const auto& table : tables_) n += table ? table->size() : 0;
  return n;
}
std::size_t SearchEngine::expansions() const {
  std::size_t n = 0;
  for (const auto& worker : workers_) n += worker->expansions();
  return n;
}
std::size_t SearchEngine::table_bytes() const {
  std::lock_guard lock(tables_mutex_);
  std::size_t n = 0;
  for (const auto& table : tables_) n += table ? table->bytes() : 0;
  return n;
}

}  // namespace seki
