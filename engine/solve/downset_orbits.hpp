// DownsetOrbits: the layout of the down-set pass by orbits (issue 59): one value per orbit of A's
// symmetry group G(A) (canon::SymmetriesOf; a transposing symmetry exchanges the players). The
// positive cells of A split into the *fixed* cells (a union of G's orbits of cells, on which G
// acts) and the *dense* ones. A slice is one canonical tuple of values of the fixed cells (the
// least index of its G-orbit); it holds the dense box (every value of the dense cells,
// DownsetLayout of A with the fixed cells zeroed) at that tuple. Slices go by the sum of their
// tuple: a move on a dense cell stays in the slice, one on a fixed cell leads to a slice of the
// previous sum, read through the symmetry that makes that child's tuple canonical (a permutation of
// the dense cells: `Child`). Every matrix B <= A is the image of a matrix of exactly one slice's
// box under some symmetry; a slice's tuple stands for `weight` tuples, so its box for weight x box
// matrices. Concurrency: an immutable value; any thread may read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/solve/downset_layout.hpp"

namespace seki {

struct DownsetOrbits {
  struct Cell {
    int row = 0, col = 0;
  };
  // A move on fixed cell k of a slice: the child's canonical slice, and for each digit of the box
  // the stride in that slice's box of the child's value of that digit (the symmetry's permutation
  // of the dense cells); `transpose`: the symmetry exchanges the players (values read through
  // DownsetSwapPlayers).
  struct Child {
    std::uint32_t slice = 0;
    bool transpose = false;
    std::vector<std::uint64_t> strides;
  };
  struct Slice {
    std::vector<std::uint8_t> tuple;  // the fixed cells' values, in `fixed` order
    int sum = 0;
    std::uint64_t weight = 1;     // the tuples of its G-orbit
    std::vector<Child> children;  // one for each positive fixed cell
    // The slices whose values may go once this one is solved: those it was the last to read.
    std::vector<std::uint32_t> last_reader_of;
  };

  Matrix top;                            // A
  double group_order = 1;                // |G(A)|
  bool transposes = false;               // some symmetry transposes (exchanges the players)
  std::uint64_t acting = 1;              // the order of the group G induces on the fixed cells
  std::vector<Cell> fixed;               // the fixed cells
  DownsetLayout box;                     // the dense cells (A with the fixed cells zeroed)
  std::vector<Slice> slices;             // by sum, then by the tuple's index
  std::vector<std::uint32_t> sum_begin;  // where each sum's slices start (+ the end)

  // The orbit layout of a, or nothing when a has no symmetry, a group too large to list (more
  // than 4,096), more than 16 orbits of cells, or no choice of fixed cells that leaves a dense
  // cell: `why` then says which.
  static std::optional<DownsetOrbits> For(const Matrix& a, std::string* why = nullptr);

  // The values the pass stores (slices x box), and the matrices they stand for (a's down-set).
  std::uint64_t values() const { return slices.size() * box.total; }
  // The most slices held at once: in order, each held from its pass until the last slice that
  // reads it is solved.
  std::uint32_t held = 0;
  // Bytes in memory: `held` boxes at one byte a matrix (kBothGames) or half a byte (kOneGame, one
  // game a pass, with one box of bytes that gathers a slice's children), and a pass's chunk order.
  double bytes(DownsetMode mode = DownsetMode::kBothGames) const;
  // A slice's bytes in `mode`.
  std::uint64_t slice_bytes(DownsetMode mode) const {
    return mode == DownsetMode::kOneGame ? (box.total + 1) / 2 : box.total;
  }
  // The layout of slice s's box (the fixed cells at its tuple), as the take phase sees it.
  DownsetLayout SliceLayout(std::uint32_t s) const;

  // Where the values of B <= A are stored: a matrix of a slice's box that a symmetry maps B to
  // (its values are B's, with the players exchanged when `transpose`).
  struct Place {
    std::uint32_t slice = 0;
    std::uint64_t index = 0;  // in the box
    bool transpose = false;
  };
  Place Locate(const Matrix& b) const;

  // G(A) as maps of A's positive cells (`cells`, row-major): B'[c] = B[src[c]].
  struct Symmetry {
    std::vector<std::uint8_t> src;
    bool transpose = false;
    auto operator<=>(const Symmetry&) const = default;
  };
  std::vector<Cell> cells;
  std::vector<Symmetry> group;
};

// The byte of a contribution (or of values) with the players exchanged: r and c swapped in each
// game (the values of Bᵀ are those of B with R and C exchanged).
constexpr std::uint8_t DownsetSwapPlayers(std::uint8_t bits) {
  return static_cast<std::uint8_t>(((bits & 0x33) << 2) | ((bits >> 2) & 0x33));
}

// Whether a down-set solve stores one value per orbit (DownsetOrbitPass): kAuto where A has a
// symmetry a layout can use and the pass would run in memory in one process (checkpoints of it are
// its own: engine/solve/downset_checkpoint.hpp); kPlain never (to measure against it, or to resume
// a checkpoint of the plain pass).
enum class DownsetOrbitChoice { kAuto, kPlain };

}  // namespace seki
