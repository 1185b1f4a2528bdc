// DownsetPass: one pass of the down-set engine over every matrix B <= A in index order
// (DownsetLayout), computing the values of each from its children B - e_k by the rules of
// engine/base/rules.hpp. It keeps what each matrix offers a parent (MoveContribution of its values:
// r and c for the player moving to it), either for every matrix (a full table, which answers any
// B <= A afterwards) or for the last `ring` matrices only (every child of index x is at
// x - stride >= x - ring). In DownsetMode::kBothGames a value is a byte (both games); in kOneGame
// it is the 4 bits of one game, two matrices a byte (matrix x in the low nibble of byte x / 2 when
// x is even, in the high nibble when odd), and a solve makes one pass a game.
//
// Order and threads: the outermost digit's slabs one after the other; within a slab, chunks (the
// coarse digits) by increasing sum of the coarse digits, a wavefront: the chunks of one sum depend
// only on chunks of smaller sums, so `threads` workers take them in any order and the values do
// not depend on the thread count. Within a chunk, its blocks (the inner digits, at most 16 K
// matrices) in index order, each solved in a buffer of the worker's: the values of its children
// outside it (one long OR a child block) and then its own digits from the inside out. A ring slot
// is shared by B and B - e_outer only, so a block updates its slots in place.
// One rank of a distributed pass (a split DownsetShare, ring only) computes only the chunks it
// owns, in a buffer that holds its range of ring offsets and the layer below it; the caller
// (engine/solve/downset_ranks.hpp) moves the boundary layer between ranks between steps.
// A take phase (engine/solve/downset_take.hpp), when given, sees every block as it is solved: its
// values, kept in a second buffer of the worker's, and a tally by height of the taker's weights.
// On disk (a DownsetRing in the store, ring only, one process) a slab's chunks go by sub-slab (the
// second digit's value) first and by the sum of the other coarse digits within it, and the ring
// moves to the next sub-slab between the last step of one and the first of the next.
// Concurrency: Run is called by one thread, which starts and joins the workers; the caller's
// `done` counter (matrices done) may be read by any thread while Run runs. In kOneGame two blocks
// share a byte where they meet; that byte is only read and written atomically (std::atomic_ref).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_ring.hpp"
#include "engine/solve/downset_share.hpp"
#include "engine/solve/downset_take.hpp"

namespace seki {

// Where a pass stands: slab `slab`, the chunks of coarse-digit sum below `step` done (a wavefront
// step).
struct DownsetPosition {
  std::uint64_t slab = 0;
  std::uint64_t step = 0;
  friend bool operator==(const DownsetPosition&, const DownsetPosition&) = default;
};

// Where a pass keeps its values: `values` (owned by the caller) holds DownsetBytes of its layout
// less the chunk order: layout.total bytes (full), layout.ring bytes (ring, kBothGames) or
// ceil(layout.ring / 2) (ring, kOneGame, the values of `game` only); with a split share (ring
// only), share.bytes(mode) bytes for the offsets [share.base, share.end); on disk (`ring` set,
// `values` null), the ring's buffers.
// A slice of the orbit pass (engine/solve/downset_orbits.hpp): the pass solves the box of its
// layout (the dense cells) with the fixed cells at the slice's values (the layout's `fixed`); what
// their children (matrices of other slices) offer is OR-ed into each block by `children` before the
// block is solved. Called by the pass's workers concurrently, for distinct blocks.
struct DownsetSlice {
  std::uint32_t rows = 0, cols = 0;          // the lines a positive fixed cell fills
  std::uint32_t all_rows = 0, all_cols = 0;  // every line of A
  int height = 0;                            // the largest fixed value
  std::function<void(std::uint64_t index, std::uint64_t n, std::uint8_t* acc)> children;
};

struct DownsetStore {
  std::uint8_t* values = nullptr;
  bool full = false;
  DownsetMode mode = DownsetMode::kBothGames;
  Game game = Game::kSeki;      // kOneGame only
  DownsetRing* ring = nullptr;  // the disk mode (owned by the caller)

  std::size_t bytes(const DownsetLayout& layout) const;
};

class DownsetPass {
 public:
  // `done_before`: matrices of the solve's earlier passes (what `done` counts from). `share`: the
  // chunks this rank computes (default: all). `take`: the take phase (null: none). `slice`: a
  // slice of the orbit pass (a full store; null: the down-set of layout.top).
  DownsetPass(const DownsetLayout& layout, DownsetStore store, std::atomic<std::uint64_t>& done,
              std::uint64_t done_before = 0, const DownsetShare& share = {},
              DownsetTake* take = nullptr, const DownsetSlice* slice = nullptr);

  // Called between two steps (never after the last), with the workers waiting: return false to
  // stop the pass there (its values and position stay consistent: a checkpoint may be written).
  using Between = std::function<bool(const DownsetPosition&)>;

  // Runs from `from` (a fresh pass: {0, 0}) to the end; returns false when `between` stopped it.
  bool Run(DownsetPosition from, int threads, const Between& between);

  // The values of A itself (after a completed Run); in kOneGame, of its game only (the other
  // game's bits are 0).
  PackedOutcome Root() const { return PackedOutcome{root_}; }
  // The values of B <= A from a full table (after a completed Run with a full store); B has no
  // zero line.
  PackedOutcome At(const Matrix& b) const;

  std::uint64_t steps() const { return step_begin_.size() - 1; }
  // On disk: the sub-slab of a position (DownsetRing), and whether the position starts one.
  std::uint64_t SubSlab(const DownsetPosition& at) const;
  bool StartsSubSlab(const DownsetPosition& at) const;
  // On disk: the position that starts sub-slab g.
  DownsetPosition SubSlabStart(std::uint64_t g) const;
  // The offsets (within a slab) of every chunk of wavefront step `step`, whoever owns them, in the
  // order the ranks agree on.
  std::span<const std::uint64_t> StepChunks(std::uint64_t step) const {
    return std::span(order_).subspan(step_begin_[step], step_begin_[step + 1] - step_begin_[step]);
  }

 private:
  // A worker's buffers: the block, and for a take phase its values and tally.
  struct Scratch;
  // What a block's children outside it give: its slot, the lines its outer digits fill, their
  // largest value, and B - e_outer's contribution (for the root).
  struct Loaded {
    std::uint64_t slot = 0;
    std::uint32_t rows = 0, cols = 0;
    int h = 0;
    std::uint8_t outer_child = 0;
  };
  // How a block is solved: plainly; with the take phase's tally (the weights of its values summed
  // by height, Scratch::tally); or keeping each value in `raw` (a marked block, solved again).
  enum class Taking { kNone, kTally, kRecord };
  void Chunk(std::uint64_t slab, std::uint64_t offset, Scratch& scratch);
  Loaded LoadBlock(std::uint64_t slab, std::uint64_t offset, std::uint8_t* acc) const;
  void Block(std::uint64_t slab, std::uint64_t offset, Scratch& scratch);
  void Hand(Scratch& scratch, std::span<const std::uint8_t> values, std::uint64_t index);
  // Whether the matrices [index, index + n) hold one of points_.
  bool HoldsPoint(std::uint64_t index, std::uint64_t n) const;
  // A row's weights of its own height and the OR of all its weights (kTally).
  struct RowSums {
    std::uint64_t sum = 0, any = 0;
  };
  // `raw`: at the same offset as acc (kRecord); kTally: `h` the largest digit outside the
  // sub-block, the weights into tally[height].
  template <Taking kT>
  std::uint64_t Inner(std::uint8_t* acc, std::uint8_t* raw, int digit, std::uint32_t rows,
                      std::uint32_t cols, int h, std::uint64_t* tally) const;
  // kAbove: each value is first OR-ed with the one a row before (acc - the row's length), in the
  // same loop as its chain.
  template <Taking kT, bool kAbove>
  RowSums Row(std::uint8_t* acc, std::uint8_t* raw, std::uint32_t rows, std::uint32_t cols, int h,
              std::uint64_t* tally) const;
  template <Taking kT>
  std::uint64_t Finish(std::uint8_t& x, std::uint8_t* raw, std::uint32_t rows,
                       std::uint32_t cols) const;
  // Where slot `slot` is kept: a buffer and the slot's place in it (the store's values, or on disk
  // the ring's current sub-slab or the one before).
  struct Place {
    std::uint8_t* values;
    std::uint64_t slot;
  };
  Place Locate(std::uint64_t slot) const;
  // The stored values of slots [slot, slot + n) into acc (kOr: OR-ed into it), and back.
  template <bool kOr>
  void Load(std::uint8_t* acc, std::uint64_t slot, std::uint64_t n) const;
  void Store(std::uint64_t slot, const std::uint8_t* acc, std::uint64_t n);
  std::uint8_t Value(std::uint64_t slot) const;

  const DownsetLayout& layout_;
  const DownsetStore store_;
  const DownsetShare share_;
  const DownsetSlice* const slice_;
  std::uint32_t all_rows_ = 0, all_cols_ = 0;
  // MoveContribution of each value (kOneGame: of the game's 4 bits, moved to the low nibble, as a
  // block buffer holds them), and of a terminal child, by zero row/col.
  std::uint8_t contribution_[256] = {};
  std::uint8_t terminal_[4] = {};
  DownsetTake* const take_;
  std::array<std::uint64_t, 256> weights_ = {};  // the take phase's, of each value
  std::vector<std::uint64_t> points_;            // the take phase's (DownsetTake::Points)
  std::uint64_t tally_blocks_ = 1;    // blocks whose tallies are summed before they are handed over
  std::vector<std::uint64_t> order_;  // chunk offsets within a slab, by coarse-digit sum
  std::vector<std::uint64_t> step_begin_;  // where each sum starts in order_ (+ the end)
  std::vector<std::uint32_t> step_sub_;    // on disk: each step's sub-slab within its slab
  std::uint8_t root_ = 0;
  std::atomic<std::uint64_t>& done_;
  const std::uint64_t done_before_;
};

}  // namespace seki
