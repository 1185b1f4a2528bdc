// DownsetLayout: how the down-set {B <= A} of one matrix is laid out in memory for the down-set
// engine: one digit per positive entry of A (radix A(i,j) + 1), a mixed-radix index, the digit
// order that makes the ring (the values a pass must keep) smallest, what a pass needs (blocks and
// chunks), and the memory of each storage mode (DownsetBytes).
// Concurrency: an immutable value; any thread may read it. The functions are pure.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "engine/base/matrix.hpp"

namespace seki {

struct DownsetLayout {
  struct Digit {
    int row = 0, col = 0;
    int radix = 0;             // A(row, col) + 1
    std::uint64_t stride = 0;  // index step of one unit of this entry
  };
  Matrix top;  // A
  // The entries that are no digit's: zero, except in a slice of the orbit pass
  // (engine/solve/downset_orbits.hpp), whose fixed cells hold the slice's values. B = fixed + the
  // digits' values.
  Matrix fixed;
  std::vector<Digit> digits;  // innermost first; the outermost has the largest radix
  std::uint64_t total = 0;    // matrices B <= A (entries of A that are 0 stay 0)
  std::uint64_t ring = 0;     // values a pass keeps: total / radix of the outermost digit
  int inner = 0;              // digits solved inside one block (stride of digit `inner`)
  std::uint64_t block = 1;    // matrices per block: the stride of digit `inner`
  // The middle digits from `coarse` to the outermost's inner neighbour are coarse: their values
  // number the chunks of a slab (contiguous, `chunk` matrices, a whole number of blocks), which
  // the threads take in wavefront order; the blocks of one chunk are solved in index order.
  int coarse = 0;
  std::uint64_t chunk = 1;  // the stride of digit `coarse`

  // The layout for a starting position; throws std::invalid_argument when the down-set has more
  // than 2^62 matrices (DownsetMatrices says how many).
  static DownsetLayout For(const Matrix& a);

  // Index of B <= top (every entry at most top's, same shape).
  std::uint64_t Index(const Matrix& b) const;
  // The matrix B of index `index`.
  Matrix At(std::uint64_t index) const;
  bool Contains(const Matrix& b) const;
  const Digit& outer() const { return digits.back(); }
  std::uint64_t slabs() const { return static_cast<std::uint64_t>(outer().radix); }
  std::uint64_t blocks_per_slab() const { return ring / block; }
  std::uint64_t chunks_per_slab() const { return ring / chunk; }
};

// How a pass stores its values. kBothGames: one byte a matrix, both games in one pass (the
// PackedOutcome bits). kOneGame: one game a pass, its 4 bits (r and c) two matrices a byte, so a
// solve is two passes (SEKI, then D-SEKI) over half the memory. A full table (every B <= A) is
// always kept in kBothGames.
enum class DownsetMode { kBothGames, kOneGame };

// Matrices B <= A (the product of A(i,j) + 1 over the positive entries), as a double so that
// any matrix can be asked (8x8 of 255s has 256^64).
double DownsetMatrices(const Matrix& a);

// The measured rate of a large pass, for the models of `auto` (SolveEngine) and `seki plan
// --matrix` (docs/search.md, "Engines"): 6x6 with every entry 7 (770000/077000/.../700007), 8^12
// = 6.87e10 matrices, both games in one byte a matrix, in 129.6 s of user CPU time: 5.3e8 matrices
// a thread-second. A one-game solve makes two such passes.
inline constexpr double kMeasuredDownsetMatricesPerThreadSecond = 6.8719476736e10 / 129.6;

// The time of one value of the pass by orbits (engine/solve/downset_orbit_pass.hpp: its slices'
// passes and the gathering of their children through the symmetries) over the plain pass's time a
// matrix (a pass): 1.62 on the 12-cycle weighted (5, 9, 9) and 1.72 on (5, 10, 10), user CPU time
// against the plain pass's (docs/log/performance-log.md, 2026-12-07).
inline constexpr double kMeasuredOrbitValueCost = 1.7;

// The rate of a pass of a: small entries (short digits) cost more a matrix. Fitted on that pattern
// (every digit of radix 8) and on 51 random matrices of bench/inputs (radix 2..7, quiet machine,
// docs/log/performance-log.md): kMeasuredDownsetMatricesPerThreadSecond * (L / 3)^1.83, L the mean
// of log2(A(i,j) + 1) over the positive entries; within 0.45..2.0x of the measured times.
double DownsetMatricesPerThreadSecond(const Matrix& a);
// The one expected time of a down-set solve of a, for `auto` (SolveEngine) and `seki plan
// --matrix` alike: `passes` passes (one game a pass: 2) on `threads` threads in all, at `rate`
// matrices a thread-second (0: DownsetMatricesPerThreadSecond(a)).
double DownsetPassSeconds(const Matrix& a, int passes, int threads, double rate = 0);

// Bytes a down-set solve of a keeps in `mode`: the ring of the last `ring` matrices (one byte a
// matrix in kBothGames, ceil(ring / 2) bytes in kOneGame), or, when `full_table`, one byte for
// every matrix (kBothGames whatever `mode`); plus the chunk order (8 bytes a chunk of a slab). Not
// counted: each worker's block buffer (at most 16 KiB).
double DownsetBytes(const Matrix& a, bool full_table, DownsetMode mode);

}  // namespace seki
