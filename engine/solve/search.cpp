// The two games' searches, one after the other or at once (engine/solve/game_search.hpp).
#include "engine/solve/search.hpp"

#include <unistd.h>

#include <exception>
#include <limits>
#include <stdexcept>

#include "engine/base/rules.hpp"
#include "engine/solve/search_threads.hpp"

namespace seki {
namespace {

// Stack a worker needs per unit of the matrix's sum (one Reaches frame, under 1 KiB), plus room
// for the canonical form at the deepest level.
constexpr std::size_t kStackPerLevel = 2048;
constexpr std::size_t kStackBase = std::size_t{8} << 20;

}  // namespace

std::size_t DefaultSearchBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  const double bytes = (pages > 0 && page_size > 0) ? double(pages) * double(page_size) : 4e9;
  return static_cast<std::size_t>(bytes * 0.75);
}

BoundedSearch::BoundedSearch(SolverLimits limits)
    : BoundedSearch(SearchOptions{.max_positions = limits.max_positions}) {}

BoundedSearch::BoundedSearch(const SearchOptions& options)
    : threads_(options.threads),
      memory_bytes_(options.memory_bytes ? options.memory_bytes : DefaultSearchBytes()) {
  control_.stop = options.stop;
  const std::size_t max_positions =
      options.max_positions ? options.max_positions : std::numeric_limits<std::size_t>::max();
  const GameLimits limits{max_positions, memory_bytes_ / 2, options.max_drops};
  for (Game g : kGames)
    games_[static_cast<int>(g)] = std::make_unique<GameSearch>(g, limits, &control_);
}

Solution BoundedSearch::Solve(const Matrix& a) {
  if (!IsStartingPosition(a))
    throw std::invalid_argument("not a starting position: empty, or a zero row or column");
  control_.abort.store(false);
  std::array<Outcome, 2> outcomes;
  std::array<std::exception_ptr, 2> errors;
  const std::size_t stack = kStackBase + kStackPerLevel * static_cast<std::size_t>(a.sum());
  const bool inline_small = a.sum() * kStackPerLevel <= (std::size_t{1} << 19);
  RunTasks(2, threads_, inline_small ? 0 : stack, [&](int k) {
    try {
      outcomes[k] = games_[k]->Solve(a);
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
      } catch (const SearchStopped& stopped) {
        if (stopped.reason() != SearchStopped::Reason::kAborted) throw;
      }
    }
  Solution solution;
  for (Game g : kGames) solution[g] = outcomes[static_cast<int>(g)];
  return solution;
}

Solution BoundedSearch::ChildSolution(const Matrix& a, int i, int j) {
  return seki::ChildSolution(a, i, j, [this](const Matrix& child) { return Solve(child); });
}

std::size_t BoundedSearch::positions() const {
  return games_[0]->positions() + games_[1]->positions();
}
std::size_t BoundedSearch::expansions() const {
  return games_[0]->expansions() + games_[1]->expansions();
}
std::size_t BoundedSearch::table_bytes() const {
  return games_[0]->table_bytes() + games_[1]->table_bytes();
}

}  // namespace seki
