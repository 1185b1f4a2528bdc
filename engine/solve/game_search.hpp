// GameSearch: a worker of SearchEngine: the null-window tests of one game (SEKI or D-SEKI) on a
// transposition table of bounds (BoundsTable) that it may share with the game's other worker.
// Concurrency: an instance is driven by one thread at a time; expansions() may be read by any
// thread; the table and the SearchControl are shared by the workers of one search.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/base/stopped.hpp"
#include "engine/solve/bounds_table.hpp"
#include "engine/solve/shape_memos.hpp"

namespace seki {

// The flags every worker of one search polls (every kPollEvery expansions).
struct SearchControl {
  const std::atomic<bool>* stop = nullptr;  // the caller's (e.g. set on Ctrl-C)
  std::atomic<bool> abort{false};           // a worker gave up; the others stop too
  // The end of the time the caller allows (kBudget after it); time_point::max(): no end.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct GameLimits {
  std::size_t max_positions = 0;  // table entries at most (SolveTooLarge beyond)
  int max_drops = 0;  // the table may be emptied this often per root test (shard by shard)
};

class GameSearch {
 public:
  static constexpr std::uint64_t kPollEvery = 1024;

  GameSearch(Game game, const GameLimits& limits, const SearchControl* control);

  // The best active move of p at the starting position a (r for R, c for C), by at most two
  // tests on `table`. Throws Stopped and (over max_positions) SolveTooLarge.
  Result ActiveValue(const Matrix& a, BoundsTable& table, Player p);

  std::uint64_t expansions() const { return expansions_.load(std::memory_order_relaxed); }

 private:
  // Whether the best active move of p at x (not terminal, canonical key `key`) gives p at least t.
  bool Reaches(const Matrix& x, const MemoKey& key, Player p, Result t);
  Result ActiveValue(const Matrix& x, const MemoKey& key, Player p);
  void Record(const MemoKey& key, Player p, Result t, bool reached);
  void Poll() const;

  const Game game_;
  const GameLimits limits_;
  const SearchControl* const control_;
  BoundsTable* table_ = nullptr;
  std::uint64_t drops_at_start_ = 0;
  // Written by the owning thread only; a relaxed atomic so that a progress line may read it.
  std::atomic<std::uint64_t> expansions_{0};
};

}  // namespace seki
