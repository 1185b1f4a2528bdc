// GameSearch: the null-window search of BoundedSearch for one game (SEKI or D-SEKI), with its own
// transposition tables of bounds kept under a byte budget (dropped when they would outgrow it).
// Concurrency: an instance is driven by one thread at a time; its counters (positions, expansions,
// table_bytes) may be read by any thread; a SearchControl is shared by the workers of one search.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/shape_memos.hpp"

namespace seki {

// Thrown when a search cannot go on: its tables would not fit in the memory limit even after
// being dropped (kMemoryLimit), the caller's stop flag was set (kInterrupted), or another worker
// of the same search gave up (kAborted; BoundedSearch reports the other worker's reason).
class SearchStopped : public std::runtime_error {
 public:
  enum class Reason { kMemoryLimit, kInterrupted, kAborted };
  SearchStopped(Reason reason, const std::string& what)
      : std::runtime_error(what), reason_(reason) {}
  Reason reason() const { return reason_; }

 private:
  Reason reason_;
};

// The flags every worker of one search polls (every kPollEvery expansions).
struct SearchControl {
  const std::atomic<bool>* stop = nullptr;  // the caller's (e.g. set on Ctrl-C)
  std::atomic<bool> abort{false};           // a worker gave up; the others stop too
};

struct GameLimits {
  std::size_t max_positions = 0;  // table entries at most (SolveTooLarge beyond)
  std::size_t memory_bytes = 0;   // what the tables may hold, growth included
  int max_drops = 0;              // times per Solve the tables may be dropped before giving up
};

class GameSearch {
 public:
  static constexpr std::uint64_t kPollEvery = 1024;

  GameSearch(Game game, const GameLimits& limits, const SearchControl* control);

  // The values of the game from a starting position: r and c by at most two tests each.
  // Throws SearchStopped and (over max_positions) SolveTooLarge.
  Outcome Solve(const Matrix& a);

  std::size_t positions() const { return positions_.load(std::memory_order_relaxed); }
  std::uint64_t expansions() const { return expansions_.load(std::memory_order_relaxed); }
  std::size_t table_bytes() const { return table_bytes_.load(std::memory_order_relaxed); }

 private:
  // Whether the best active move of p at x (not terminal, canonical key `key`) gives p at least t.
  bool Reaches(const Matrix& x, const MemoKey& key, Player p, Result t);
  // r (p = R) or c (p = C) of x exactly, by at most two tests.
  Result ActiveValue(const Matrix& x, const MemoKey& key, Player p);
  void Record(const MemoKey& key, Player p, Result t, bool reached);
  // Before a new entry: drops the tables when their growth would pass the budget.
  void MakeRoom();
  void Drop();
  void Poll() const;

  const Game game_;
  const GameLimits limits_;
  const SearchControl* const control_;
  ShapeMemos tables_;  // one byte of bounds per class
  PackedMemo* table_ = nullptr;
  int drops_ = 0;  // in the current Solve
  // Written by the owning thread only; relaxed atomics so that a progress line may read them.
  std::atomic<std::size_t> positions_{0};
  std::atomic<std::uint64_t> expansions_{0};
  std::atomic<std::size_t> table_bytes_{0};
};

}  // namespace seki
