// DownsetTake: the take phase of a down-set pass (DownsetPass), the hook through which a caller
// sees the values of every matrix B <= A that the pass computes (and then keeps only as what B
// offers a parent). The pass hands its blocks over as they are solved: a tally by height of a
// weight the taker chose for each value, summed in the pass's inner loop so that counting costs the
// pass next to nothing, and, for the rare block with a matrix the taker marked, every value. What
// is taken is assembled above this layer (engine/census/census_below.hpp: the census of every
// seki below a matrix); a taker's state travels with the pass's checkpoint (Save, Restore), so that
// a resumed pass keeps what was taken. Concurrency: Take is called by the pass's workers
// concurrently, each block in one call, and must be thread-safe; calls with the same worker index
// never overlap (so a taker may keep a tally per worker without a lock). Weights, Points, Workers,
// Save and Restore are called by the thread that runs the pass, never while a worker takes (Save:
// between two steps, the workers waiting).
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/solve/downset_layout.hpp"

namespace seki {

// The value a block holds for a matrix with a zero line (terminal, no values of its own): no
// PackedOutcome has it (10 is no 2-bit code), no 4-bit value of one game either.
inline constexpr std::uint8_t kDownsetZeroLine = 0xAA;

// Weights are summed as 64-bit integers, off the dependency chain of the pass's inner loop; a taker
// lays out its fields so that the sums of a tally (at most kDownsetTallyMatrices matrices) do not
// carry into the next. A weight of kDownsetMarkUnit or more marks a matrix: a block with a marked
// matrix (rare) is solved again keeping its values, and handed over at once with them and the
// tally of the blocks before it; the other blocks' tallies are summed, as many blocks as the
// bound allows (a block has at most kDownsetTakeMaxBlock matrices), before they are handed over,
// and each worker hands over what it holds at the end of every step. The mark bits of a tally may
// wrap: they say nothing.
inline constexpr std::uint64_t kDownsetMarkUnit = std::uint64_t{1} << 52;
inline constexpr std::uint64_t kDownsetTakeMaxBlock = std::uint64_t{1} << 14;
inline constexpr std::uint64_t kDownsetTallyMatrices = (std::uint64_t{1} << 15) - 1;

// What a worker hands over: the tally of one or more solved blocks, with a marked block's values.
struct DownsetTakeBlock {
  int worker = 0;  // which of the pass's workers (0 to Workers()'s n - 1) solved it
  const DownsetLayout* layout = nullptr;
  DownsetMode mode = DownsetMode::kBothGames;
  Game game = Game::kSeki;  // kOneGame: the pass's game
  std::uint64_t index = 0;  // DownsetLayout::Index of the block's first matrix
  // Empty unless the block holds a marked matrix; then values[x]: of matrix index + x, its
  // PackedOutcome bits (kOneGame: the game's 4 bits, r in the low 2), or kDownsetZeroLine.
  std::span<const std::uint8_t> values;
  // tally[h]: the sum of Weights()[v] over the matrices of height h with no zero line (v their
  // values) of the blocks handed over (the marked block and those solved by this worker before it).
  std::span<const std::uint64_t> tally;
  // Whether `index` counts in the layout Points was given, so that values may hold the taker's
  // points (false: a block of another layout, e.g. a slice of the pass by orbits, whose points are
  // handed over one by one in that layout).
  bool points = true;
};

class DownsetTake {
 public:
  virtual ~DownsetTake() = default;
  // The weight of each value (indexed by values[x]) in a pass of `mode` (kOneGame: of `game`).
  virtual std::array<std::uint64_t, 256> Weights(DownsetMode mode, Game game) = 0;
  // The indices (DownsetLayout::Index, sorted) of matrices whose values the taker wants whatever
  // they are: a block that holds one is handed over with its values, as a marked block is.
  virtual std::vector<std::uint64_t> Points(const DownsetLayout& /*layout*/) { return {}; }
  // Before the workers of a run of the pass start: there are `n` of them.
  virtual void Workers(int n) = 0;
  virtual void Take(const DownsetTakeBlock& block) = 0;
  // What has been taken, as saved with a checkpoint and restored from it (a fresh pass starts
  // from the state the taker was made with).
  virtual nlohmann::json Save() const = 0;
  virtual void Restore(const nlohmann::json& state) = 0;
};

}  // namespace seki
