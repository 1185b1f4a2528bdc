// DownsetPass: one pass of the down-set engine over every matrix B <= A in index order
// (DownsetLayout), computing both games' values of each from its children B - e_k by the rules of
// engine/base/rules.hpp. It keeps, one byte a matrix, what each matrix offers a parent
// (MoveContribution of its values: r and c of both games for the player moving to it), either for
// every matrix (a full table, which answers any B <= A afterwards) or for the last `ring` matrices
// only (every child of index x is at x - stride >= x - ring).
//
// Order and threads: the outermost digit's slabs one after the other; within a slab, blocks (the
// inner digits) by increasing sum of the middle digits, a wavefront: the blocks of one sum depend
// only on blocks of smaller sums, so `threads` workers take them in any order and the values do not
// depend on the thread count. A ring slot is shared by B and B - e_outer only, so a block updates
// its slots in place.
// Concurrency: Run is called by one thread, which starts and joins the workers; the caller's
// `done` counter (matrices done) may be read by any thread while Run runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/solve/downset_layout.hpp"

namespace seki {

// Where a pass stands: slab `slab`, the blocks of middle-digit sum below `level` done.
struct DownsetPosition {
  std::uint64_t slab = 0;
  std::uint64_t level = 0;
  friend bool operator==(const DownsetPosition&, const DownsetPosition&) = default;
};

class DownsetPass {
 public:
  // `values` holds layout.total bytes (full) or layout.ring bytes (ring), owned by the caller.
  DownsetPass(const DownsetLayout& layout, std::uint8_t* values, bool full,
              std::atomic<std::uint64_t>& done);

  // Called between two levels (never after the last), with the workers waiting: return false to
  // stop the pass there (its values and position stay consistent: a checkpoint may be written).
  using Between = std::function<bool(const DownsetPosition&)>;

  // Runs from `from` (a fresh pass: {0, 0}) to the end; returns false when `between` stopped it.
  bool Run(DownsetPosition from, int threads, const Between& between);

  // The values of A itself (after a completed Run).
  PackedOutcome Root() const { return PackedOutcome{root_}; }
  // The values of B <= A from a full table (after a completed Run with full = true); B has no
  // zero line.
  PackedOutcome At(const Matrix& b) const;

  std::uint64_t done() const { return done_.load(std::memory_order_relaxed); }
  std::uint64_t levels() const { return level_begin_.size() - 1; }

 private:
  void Block(std::uint64_t slab, std::uint64_t offset);
  void Inner(std::uint8_t* acc, int digit, std::uint32_t rows, std::uint32_t cols) const;
  void Finish(std::uint8_t& x, std::uint32_t rows, std::uint32_t cols) const;
  std::uint8_t Contribution(PackedOutcome packed) const { return contribution_[packed.bits]; }

  const DownsetLayout& layout_;
  std::uint8_t* values_;
  const bool full_;
  std::uint32_t all_rows_ = 0, all_cols_ = 0;
  std::uint8_t contribution_[256] = {};     // MoveContribution of each packing
  std::uint8_t terminal_[4] = {};           // MoveContribution of a terminal child, by zero row/col
  std::vector<std::uint64_t> order_;        // block offsets within a slab, by middle-digit sum
  std::vector<std::uint64_t> level_begin_;  // where each sum starts in order_ (+ the end)
  std::uint8_t root_ = 0;
  std::atomic<std::uint64_t>& done_;
};

}  // namespace seki
