// DownsetLayout: how the down-set {B <= A} of one matrix is laid out in memory for the down-set
// engine: one digit per positive entry of A (radix A(i,j) + 1), a mixed-radix index, the digit
// order that makes the ring (the values a pass must keep) smallest, and what a pass needs.
// Concurrency: an immutable value; any thread may read it.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/base/matrix.hpp"

namespace seki {

struct DownsetLayout {
  struct Digit {
    int row = 0, col = 0;
    int radix = 0;             // A(row, col) + 1
    std::uint64_t stride = 0;  // index step of one unit of this entry
  };
  Matrix top;                 // A
  std::vector<Digit> digits;  // innermost first; the outermost has the largest radix
  std::uint64_t total = 0;    // matrices B <= A (entries of A that are 0 stay 0)
  std::uint64_t ring = 0;     // values a pass keeps: total / radix of the outermost digit
  int inner = 0;              // digits solved inside one block (stride of digit `inner`)
  std::uint64_t block = 1;    // matrices per block: the stride of digit `inner`

  // The layout for a starting position; throws std::invalid_argument when the down-set has more
  // than 2^62 matrices (DownsetMatrices says how many).
  static DownsetLayout For(const Matrix& a);

  // Index of B <= top (every entry at most top's, same shape).
  std::uint64_t Index(const Matrix& b) const;
  bool Contains(const Matrix& b) const;
  const Digit& outer() const { return digits.back(); }
  std::uint64_t slabs() const { return static_cast<std::uint64_t>(outer().radix); }
  std::uint64_t blocks_per_slab() const { return ring / block; }
};

// Matrices B <= A (the product of A(i,j) + 1 over the positive entries), as a double so that
// any matrix can be asked (8x8 of 255s has 256^64).
double DownsetMatrices(const Matrix& a);

// Bytes a down-set solve of a keeps: one byte a matrix (both games) for the ring of the last
// `ring` matrices, or for every matrix when `full_table` (plus the block order, small).
double DownsetBytes(const Matrix& a, bool full_table);

}  // namespace seki
