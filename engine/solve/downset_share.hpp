// DownsetShare: the part of every slab that one rank of a distributed down-set pass owns
// (docs/distributed/downset.md, "The down-set solve on MPI ranks"). The split digit is the
// outermost middle digit of the layout (the one just inside the slabs; always a coarse digit, so a
// chunk lies in one of its layers): its values cut a slab into contiguous ranges of ring offsets,
// rank q of R owning the values [q r / R, (q + 1) r / R). A rank holds the ring slots of its range
// and of the layer just below it (the halo: the children B - e_d of its lowest chunks, received
// from the rank below after each step); every other child of its chunks is in its own range or its
// own slot. A down-set whose split digit has fewer values than there are ranks (or that has no
// middle digit) is not split: every rank passes all of it. Byte safety (DownsetMode::kOneGame, two
// matrices a byte): each rank has its own buffer, whose slot 0 is the ring offset `base`, its
// lowest offset rounded down to even, so that a matrix sits in the same nibble of a byte on every
// rank; the boundary copy (engine/solve/downset_ranks.hpp) writes only the nibbles of the chunks it
// moves, never the other nibble of a byte it shares. Concurrency: an immutable value; any thread
// may read it. The functions are pure (but for the environment variable read by
// DownsetSplitMatrices).
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/solve/downset_layout.hpp"

namespace seki {

struct DownsetShare {
  bool split = false;  // false: this rank passes the whole down-set
  int rank = 0, ranks = 1;
  std::uint64_t radix = 1;            // values of the split digit (1: none)
  std::uint64_t stride = 0;           // its stride: one layer of the ring
  std::uint64_t first = 0, last = 1;  // values owned: [first, last)
  std::uint64_t begin = 0, end = 0;   // ring offsets held: [begin, end) (halo included)
  std::uint64_t base = 0;             // the ring offset of the buffer's slot 0 (begin, even)

  // The share of rank `rank` of `ranks` (ranks >= 1).
  static DownsetShare For(const DownsetLayout& layout, int rank, int ranks);

  // Whether the chunk at `offset` (within a slab) is this rank's to compute.
  bool Owns(std::uint64_t offset) const {
    return !split || (offset / stride >= first && offset / stride < last);
  }
  // Bytes of the buffer in `mode` (the ring part of DownsetBytes for this rank).
  std::size_t bytes(DownsetMode mode) const;
  // Whether this rank sends its top layer up / receives the layer below its range after a step.
  bool sends() const { return split && rank + 1 < ranks; }
  bool receives() const { return split && rank > 0; }
};

// The values of the digit a pass on ranks splits (the outermost middle digit, just inside the
// slabs); 0 when the layout has no middle digit or its blocks are whole slabs (no split). The one
// definition `seki plan --matrix --ranks` and the solve share.
int DownsetSplitRadix(const DownsetLayout& layout);

// A pass of fewer matrices runs on every rank alone, as in one process (waiting for the other
// ranks after every step costs more than such a pass): 2^20, or the environment variable
// SEKI_DOWNSET_SPLIT_MATRICES (tests: force small passes to split).
double DownsetSplitMatrices();

// Bytes the largest share of R ranks keeps for a pass of a in `mode`: its part of the ring plus
// the whole chunk order (DownsetBytes(a, false, mode) when R is 1 or the pass is not split);
// DownsetBytes / R for a down-set over 2^62 matrices (which no rank can hold).
double DownsetShareBytes(const Matrix& a, DownsetMode mode, int ranks);

}  // namespace seki
