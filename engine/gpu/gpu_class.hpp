// Per-class logic of the thrust level engine, written once for a CUDA kernel and for the CPU: the
// engine's own canonical form of a matrix of at most 4x4 entries up to 15 packed in 64 bits, the
// canonical parent (orderly generation) and one step of the rules (a class's values from the
// values of its children in the level below). Everything works on registers; nothing allocates.
// Concurrency: pure functions of their arguments; any number of threads (or GPU threads) may call
// them at once.
#pragma once

#include <cstdint>

#include "engine/base/host_device.hpp"

namespace seki::gpu {

// Shapes of the engine: rows, cols <= 4 and entries <= 15, 4 bits an entry. A key is KeyCodec's
// layout with 4 bits an entry: cell (i, j) is nibble i * cols + j counted from the most
// significant end of the rows * cols * 4 key bits, so key order is row-major lexicographic order.
inline constexpr int kMaxDim = 4;
inline constexpr int kBits = 4;
inline constexpr int kMaxEntry = 15;

struct Shape {
  int rows = 0, cols = 0;
  int max_entry = 0;  // children are made only up to this entry
};

// The engine's canonical form of a matrix is the smallest key over the row orders that sort the
// rows by an invariant (row sum, then the sorted entries, then a hash of the entries against the
// column invariants), each with its columns sorted; sorting the columns as numbers (top entry
// most significant) gives the smallest row-major key for that row order. The allowed row orders
// are defined by invariants, so isomorphic matrices get the same set of candidates and the same
// minimum. The form differs from the project's (canon::CanonicalForm); the catalogues convert.

// Nibble of cell k (row-major) of a rows x cols key.
SEKI_HD inline int Cell(std::uint64_t key, int cells, int k) {
  return static_cast<int>(key >> (kBits * (cells - 1 - k)) & 0xF);
}

// The key with cell k raised (delta = +1) or lowered (delta = -1) by one.
SEKI_HD inline std::uint64_t AddToCell(std::uint64_t key, int cells, int k, int delta) {
  const std::uint64_t one = std::uint64_t{1} << (kBits * (cells - 1 - k));
  return delta > 0 ? key + one : key - one;
}

// Row i of a key as a 16-bit word of its cols nibbles (first column most significant).
SEKI_HD inline unsigned RowWord(std::uint64_t key, const Shape& s, int i) {
  return static_cast<unsigned>(key >> (kBits * s.cols * (s.rows - 1 - i)) &
                               ((1u << (kBits * s.cols)) - 1));
}

// The nibbles of `word` (count of them) sorted increasingly, packed the same way.
SEKI_HD inline unsigned SortedNibbles(unsigned word, int count) {
  int v[kMaxDim];
  for (int k = 0; k < count; ++k) v[k] = (word >> (kBits * (count - 1 - k))) & 0xF;
  for (int k = 1; k < count; ++k)
    for (int m = k; m > 0 && v[m - 1] > v[m]; --m) {
      const int t = v[m];
      v[m] = v[m - 1];
      v[m - 1] = t;
    }
  unsigned out = 0;
  for (int k = 0; k < count; ++k) out = out << kBits | static_cast<unsigned>(v[k]);
  return out;
}

SEKI_HD inline std::uint32_t Mix(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  return x ^ (x >> 16);
}

// Invariants of the rows: sum, sorted entries, then a commutative hash of (entry, column
// invariant) over the row, so that isomorphic matrices get the same multiset of row invariants.
SEKI_HD inline void RowInvariants(std::uint64_t key, const Shape& s, std::uint64_t* inv) {
  const int cells = s.rows * s.cols;
  std::uint32_t col_inv[kMaxDim];
  for (int j = 0; j < s.cols; ++j) {
    unsigned word = 0, sum = 0;
    for (int i = 0; i < s.rows; ++i) {
      const int e = Cell(key, cells, i * s.cols + j);
      word = word << kBits | static_cast<unsigned>(e);
      sum += static_cast<unsigned>(e);
    }
    col_inv[j] = sum << 16 | SortedNibbles(word, s.rows);
  }
  for (int i = 0; i < s.rows; ++i) {
    const unsigned word = RowWord(key, s, i);
    unsigned sum = 0;
    std::uint32_t hash = 0;
    for (int j = 0; j < s.cols; ++j) {
      const int e = Cell(key, cells, i * s.cols + j);
      sum += static_cast<unsigned>(e);
      hash += Mix(col_inv[j] * 16u + static_cast<std::uint32_t>(e));
    }
    inv[i] = (std::uint64_t{sum} << 16 | SortedNibbles(word, s.cols)) << 32 | hash;
  }
}

// The permutations of {0, 1, 2, 3}, four 2-bit indices each, ordered so that the first r! of them
// are the permutations of the first r rows (the others fixed).
SEKI_HD inline unsigned RowPermutation(int k) {
  const std::uint64_t word = k < 8    ? 0x78b4c6d2c9d8e1e4ull
                             : k < 16 ? 0x36722d8d39b16c9cull
                                      : 0x1b4b278763931e4eull;
  return static_cast<unsigned>(word >> (8 * (k % 8)) & 0xFF);
}

// The number of row orders of `rows` <= 4 rows (no recursion in device code).
SEKI_HD inline int RowOrders(int rows) {
  return rows == 4 ? 24 : rows == 3 ? 6 : rows == 2 ? 2 : 1;
}

// The key of the matrix with rows in order `perm` and columns sorted increasingly as numbers.
SEKI_HD inline std::uint64_t KeyWithSortedColumns(std::uint64_t key, const Shape& s,
                                                  unsigned perm) {
  const int cells = s.rows * s.cols;
  unsigned col[kMaxDim];
  for (int j = 0; j < s.cols; ++j) {
    col[j] = 0;
    for (int k = 0; k < s.rows; ++k) {
      const int i = static_cast<int>(perm >> (2 * k) & 3);
      col[j] = col[j] << kBits | static_cast<unsigned>(Cell(key, cells, i * s.cols + j));
    }
  }
  for (int k = 1; k < s.cols; ++k)
    for (int m = k; m > 0 && col[m - 1] > col[m]; --m) {
      const unsigned t = col[m];
      col[m] = col[m - 1];
      col[m - 1] = t;
    }
  std::uint64_t out = 0;
  for (int k = 0; k < s.rows; ++k)
    for (int j = 0; j < s.cols; ++j)
      out = out << kBits | (col[j] >> (kBits * (s.rows - 1 - k)) & 0xF);
  return out;
}

// The engine's canonical key of the matrix packed as `key`.
SEKI_HD inline std::uint64_t CanonicalKey(std::uint64_t key, const Shape& s) {
  std::uint64_t inv[kMaxDim];
  RowInvariants(key, s, inv);
  std::uint64_t best = ~std::uint64_t{0};
  const int orders = RowOrders(s.rows);
  for (int k = 0; k < orders; ++k) {
    const unsigned perm = RowPermutation(k);
    bool sorted = true;
    for (int r = 1; r < s.rows && sorted; ++r)
      sorted = inv[perm >> (2 * (r - 1)) & 3] <= inv[perm >> (2 * r) & 3];
    if (!sorted) continue;
    const std::uint64_t candidate = KeyWithSortedColumns(key, s, perm);
    if (candidate < best) best = candidate;
  }
  return best;
}

// The canonical parent of a class (canonical key, sum >= 1): its canonical form with the last
// positive entry (row-major) lowered by one, canonicalised. Every class of sum s >= 1 has exactly
// one, in level s - 1; orderly generation makes a class only from it.
SEKI_HD inline std::uint64_t CanonicalParent(std::uint64_t canonical, const Shape& s) {
  int shift = 0;
  while ((canonical >> shift & 0xF) == 0) shift += kBits;
  return CanonicalKey(canonical - (std::uint64_t{1} << shift), s);
}

// Whether raising cell k of the canonical class `parent` gives a class whose canonical parent is
// `parent`; if so, its canonical key is stored in `child`. The child must stay within max_entry.
SEKI_HD inline bool GeneratesChild(std::uint64_t parent, const Shape& s, int k,
                                   std::uint64_t* child) {
  const int cells = s.rows * s.cols;
  if (Cell(parent, cells, k) >= s.max_entry) return false;
  const std::uint64_t c = CanonicalKey(AddToCell(parent, cells, k, +1), s);
  if (CanonicalParent(c, s) != parent) return false;
  *child = c;
  return true;
}

// What a child of a class offers the player who moves to it, by the child's values (one byte,
// PackedOutcome) or, for a move that empties a line, by which lines it empties. Filled on the host
// from the project's rules (engine/base/rules.hpp: MoveContribution, TerminalSolution), so the
// engine uses exactly the CPU engine's rule and never restates it.
struct OfferTable {
  std::uint8_t by_value[256];
  std::uint8_t terminal[4];  // [zero_row | zero_col << 1]; [0] unused
};

// Binary search of `key` in the sorted `keys[0, count)`; its index, or count if absent.
SEKI_HD inline std::uint64_t FindKey(const std::uint64_t* keys, std::uint64_t count,
                                     std::uint64_t key) {
  std::uint64_t lo = 0, hi = count;
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (keys[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < count && keys[lo] == key ? lo : count;
}

// The values (PackedOutcome bits) of the class `canonical`: the OR over its positive entries of
// what lowering it offers: the terminal offer when the child has a zero row and/or column, else
// the offer of the child's values, looked up in the level below (sorted keys, values). A child
// missing from the level below is a broken level; it offers nothing (tests would see it).
SEKI_HD inline std::uint8_t ClassValues(std::uint64_t canonical, const Shape& s,
                                        const std::uint64_t* below_keys,
                                        const std::uint8_t* below_values, std::uint64_t below_count,
                                        const OfferTable& offers) {
  const int cells = s.rows * s.cols;
  unsigned row_sum[kMaxDim] = {}, col_sum[kMaxDim] = {};
  for (int k = 0; k < cells; ++k) {
    row_sum[k / s.cols] += static_cast<unsigned>(Cell(canonical, cells, k));
    col_sum[k % s.cols] += static_cast<unsigned>(Cell(canonical, cells, k));
  }
  bool zero_row = false, zero_col = false;  // lines already empty (a class with zero lines)
  for (int i = 0; i < s.rows; ++i) zero_row = zero_row || row_sum[i] == 0;
  for (int j = 0; j < s.cols; ++j) zero_col = zero_col || col_sum[j] == 0;
  std::uint8_t best = 0;
  for (int k = 0; k < cells; ++k) {
    const int e = Cell(canonical, cells, k);
    if (e == 0) continue;
    const int lines = (zero_row || row_sum[k / s.cols] == 1 ? 1 : 0) |
                      (zero_col || col_sum[k % s.cols] == 1 ? 2 : 0);
    if (lines != 0) {
      best |= offers.terminal[lines];
      continue;
    }
    const std::uint64_t child = CanonicalKey(AddToCell(canonical, cells, k, -1), s);
    const std::uint64_t at = FindKey(below_keys, below_count, child);
    if (at < below_count) best |= offers.by_value[below_values[at]];
  }
  return best;
}

}  // namespace seki::gpu
