// The pruned search behind canon's fast path (canon/canonical_form_fast.cpp): an exact canonical
// form for matrices with at most 6 rows or at most 6 columns, by a pruned search over row orders,
// with every column packed into one integer. Internal to canon/; nothing outside it includes it.
//
// After transposing when there are more rows than columns (so m <= n, m <= 6), rows and columns
// get isomorphism-invariant keys: the multiset of their entries, refined for rows (when some rows
// tie) by the multisets of their entries within each column key class. Among the row orders pi
// listing rows by non-decreasing key and the column orders sigma listing columns by non-decreasing
// key, the canonical form is the row-major lexicographic minimum of A[pi, sigma]. The admissible
// pairs move along with any isomorphism, so the minimum is a canonical form. For a fixed pi the
// best sigma sorts the columns as integers (column class in the top byte, then the entries of rows
// pi(0), pi(1), ..., then the column index), so only row orders are searched. Rows are placed one
// at a time and the first k rows of the result are known once k rows are placed, which prunes every
// branch whose prefix exceeds the best matrix found so far. Equal leaves reveal automorphisms,
// which prune the search as in nauty (jump back to where the two paths diverge, skip candidates in
// the orbit of one already tried).
// Concurrency: a Search is used by one thread; the functions are pure.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

#include "canon/line_invariants.hpp"
#include "engine/base/matrix.hpp"

namespace seki::canon::fast {

using std::uint32_t;
using std::uint64_t;

// Lines of the shorter side the fast path handles: a packed column key holds the class byte, one
// byte per row and the column index byte.
constexpr int kMaxFastLines = 6;

// canon/line_invariants.hpp's class multipliers as a table (its weights: EntryWeightOf's table).
constexpr std::array<uint64_t, kMaxDim> kClassMultiplier = [] {
  std::array<uint64_t, kMaxDim> m{};
  for (int c = 0; c < kMaxDim; ++c) m[c] = ClassMultiplier(c);
  return m;
}();

inline int Entry(uint64_t row, int j) { return static_cast<int>((row >> (8 * j)) & 0xFF); }

// Sorting networks of minimal size for 2..8 keys, as comparator pairs (i, j) flattened; the
// network for n keys is comparators kNetworkStart[n] .. kNetworkStart[n + 1] - 1.
constexpr std::uint8_t kNetworkPairs[] = {
    0, 1,                                                                    // n = 2
    0, 2, 0, 1, 1, 2,                                                        // n = 3
    0, 1, 2, 3, 0, 2, 1, 3, 1, 2,                                            // n = 4
    0, 3, 1, 4, 0, 2, 1, 3, 0, 1, 2, 4, 1, 2, 3, 4, 2, 3,                    // n = 5
    0, 5, 1, 3, 2, 4, 1, 2, 3, 4, 0, 3, 2, 5, 0, 1, 2, 3, 4, 5, 1, 2, 3, 4,  // n = 6
    0, 6, 2, 3, 4, 5, 0, 2, 1, 4, 3, 6, 0, 1, 2, 5, 3, 4, 1, 2, 4, 6, 2, 3,  // n = 7
    4, 5, 1, 2, 3, 4, 5, 6,                                                  //
    0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7, 0, 1, 2, 3, 4, 5, 6, 7,  // n = 8
    2, 4, 3, 5, 1, 4, 3, 6, 1, 2, 3, 4, 5, 6};
constexpr int kNetworkStart[kMaxDim + 2] = {0, 0, 0, 1, 4, 9, 18, 30, 46, 65};
static_assert(sizeof(kNetworkPairs) == 2 * kNetworkStart[kMaxDim + 1]);

// Written with a mask rather than std::min/max, which compilers may turn into a branch.
inline void CompareSwap(uint64_t& a, uint64_t& b) {
  const uint64_t swap = (a ^ b) & (uint64_t{0} - uint64_t(b < a));
  a ^= swap;
  b ^= swap;
}

template <int N, std::size_t... I>
inline void ApplyNetwork(uint64_t* keys, std::index_sequence<I...>) {
  constexpr int kFirst = 2 * kNetworkStart[N];
  (CompareSwap(keys[kNetworkPairs[kFirst + 2 * I]], keys[kNetworkPairs[kFirst + 2 * I + 1]]), ...);
}

// Sorts N keys without branches.
template <int N>
inline void Sort(uint64_t* keys) {
  ApplyNetwork<N>(keys, std::make_index_sequence<kNetworkStart[N + 1] - kNetworkStart[N]>());
}

// Rank of each of K keys: the number of strictly smaller keys (equal keys share a rank).
template <int K>
inline void Ranks(const uint64_t* keys, uint32_t* rank) {
#pragma GCC unroll 8
  for (int i = 0; i < K; ++i) {
    uint32_t smaller = 0;
#pragma GCC unroll 8
    for (int k = 0; k < K; ++k) smaller += keys[k] < keys[i];
    rank[i] = smaller;
  }
}

// Whether K ranks (as Ranks gives them) are all different: ties share the lower rank, so the
// ranks sum to 0 + 1 + ... + (K - 1) exactly when no two keys are equal.
template <int K>
inline bool AllDistinct(const uint32_t* rank) {
  uint32_t sum = 0;
#pragma GCC unroll 8
  for (int i = 0; i < K; ++i) sum += rank[i];
  return sum == uint32_t(K * (K - 1) / 2);
}

// Rows tie on their entry multisets: refines their keys by the key classes (col_rank) of the
// columns their entries lie in, keeping the old rank as the major part, and ranks them again.
template <int M, int N>
inline void RefineRowRanks(const uint64_t* rows, const uint32_t* col_rank, uint32_t* row_rank) {
  uint64_t row_key[M];
#pragma GCC unroll 8
  for (int i = 0; i < M; ++i) {
    uint64_t refined = 0;
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j)
      refined += EntryWeightOf(Entry(rows[i], j)) * kClassMultiplier[col_rank[j]];
    row_key[i] = (uint64_t(row_rank[i]) << kClassShift) | (refined >> 8);
  }
  Ranks<M>(row_key, row_rank);
}

// Returned by Search::Place when the caller just goes on with its next candidate.
constexpr int kNoJump = kMaxDim;
// Automorphisms kept for orbit pruning; further ones are dropped (pruning is only weaker then).
constexpr int kMaxGenerators = 16;

// The search on an M x N matrix, M <= N. Dimensions are template parameters so that every loop
// over rows or columns is unrolled.
template <int M, int N>
class Search {
 public:
  // rows[i] holds row i, entry j in byte j.
  explicit Search(const uint64_t* rows) {
    std::memcpy(rows_, rows, sizeof(rows_));
    uint64_t row_key[M];
    uint64_t col_key[N] = {};
#pragma GCC unroll 8
    for (int i = 0; i < M; ++i) {
      uint64_t key = 0;
#pragma GCC unroll 8
      for (int j = 0; j < N; ++j) {
        const uint64_t w = EntryWeightOf(Entry(rows_[i], j));
        key += w;
        col_key[j] += w;
      }
      row_key[i] = key;
    }
    uint32_t col_rank[N];
    Ranks<N>(col_key, col_rank);
    uint32_t row_rank[M];
    Ranks<M>(row_key, row_rank);
    uint32_t seen = 0;
#pragma GCC unroll 8
    for (int i = 0; i < M; ++i) seen |= 1u << row_rank[i];
    if (seen != kAllRows) {
      RefineRowRanks<M, N>(rows_, col_rank, row_rank);
    }
    // Position k may take the rows with at most k smaller keys that earlier positions left
    // unused: the rows with the key of position k.
#pragma GCC unroll 8
    for (int k = 0; k < M; ++k) {
      uint32_t candidates = 0;
#pragma GCC unroll 8
      for (int i = 0; i < M; ++i) candidates |= uint32_t(row_rank[i] <= uint32_t(k)) << i;
      candidates_[k] = candidates;
    }
    // Columns are ordered by key first: the rank of the column key fills the top byte.
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j)
      root_keys_[j] = (uint64_t(col_rank[j]) << kClassShift) | uint64_t(j);
    Sort<N>(root_keys_);
  }

  // Runs the search and writes the rows of the canonical form, column 0 in the most significant
  // of the N low bytes.
  void Run(uint64_t* best_rows) {
    Place(0, kAllRows, root_keys_, /*below_best=*/true, /*path=*/0);
    std::memcpy(best_rows, best_rows_, sizeof(best_rows_));
  }

 private:
  static constexpr uint32_t kAllRows = (1u << M) - 1;

  // A row order is a path: byte p is the row at position p.
  static int RowAt(uint64_t path, int p) { return Entry(path, p); }

  struct Generator {
    std::uint8_t image[M];
    uint32_t fixed;  // rows the automorphism maps to themselves

    uint32_t Image(uint32_t rows) const {
      uint32_t out = 0;
#pragma GCC unroll 8
      for (int i = 0; i < M; ++i) out |= ((rows >> i) & 1) << image[i];
      return out;
    }
  };

  // Positions 0..k-1 hold the rows of path; keys are their sorted column keys; unused is the set
  // of rows not placed yet. below_best: the placed prefix is already smaller than best (or there
  // is no best yet), so the first leaf reached becomes the new best; rows of the result are then
  // written straight into best_rows_. Returns the level at which the search resumes: kNoJump
  // normally, a smaller level after finding an automorphism.
  int Place(int k, uint32_t unused, const uint64_t* keys, bool below_best, uint64_t path) {
    const uint32_t choices = unused & candidates_[k];
    uint64_t child[N];
    if ((choices & (choices - 1)) == 0) {  // forced: place every row that is alone in its cell
      AddRow(k, std::countr_zero(choices), keys, child);
      path |= uint64_t(std::countr_zero(choices)) << (8 * k);
      unused &= ~choices;
      int end = k + 1;
      for (; end < M; ++end) {
        const uint32_t c = unused & candidates_[end];
        if (c & (c - 1)) break;
        AddRow(end, std::countr_zero(c), child, child);
        path |= uint64_t(std::countr_zero(c)) << (8 * end);
        unused &= ~c;
      }
      return Descend(k, end, unused, child, below_best, path);
    }
    uint32_t tried = 0;
    for (uint32_t c = choices; c != 0; c &= c - 1) {
      const int r = std::countr_zero(c);
      if (HasTwinBelow(r, choices) ||
          (num_generators_ > 0 && InOrbitOf(r, tried, ~unused & kAllRows)))
        continue;
      tried |= 1u << r;
      AddRow(k, r, keys, child);
      const int resume = Descend(k, k + 1, unused & ~(1u << r), child, below_best,
                                 path | (uint64_t(r) << (8 * k)));
      if (resume < k) return resume;
      below_best = false;  // a leaf below this node is now best, so best shares its prefix
    }
    return kNoJump;
  }

  // Rows at positions [begin, end) were just added to keys: sorts them, prunes if the rows of the
  // result so far exceed best, else goes on to position end.
  int Descend(int begin, int end, uint32_t unused, uint64_t* keys, bool below_best, uint64_t path) {
    Sort<N>(keys);
    for (int p = begin; p < end; ++p) {
      const int shift = kFirstRowShift - 8 * p;
      uint64_t row = 0;
#pragma GCC unroll 8
      for (int j = 0; j < N; ++j) row = (row << 8) | ((keys[j] >> shift) & 0xFF);
      if (!below_best) {
        if (row > best_rows_[p]) return kNoJump;
        below_best = row < best_rows_[p];
      }
      if (below_best) best_rows_[p] = row;
    }
    return end < M ? Place(end, unused, keys, below_best, path) : Leaf(below_best, path);
  }

  // to = from with row r placed at position k: its entries added to the column keys.
  void AddRow(int k, int r, const uint64_t* from, uint64_t* to) const {
    const int shift = kFirstRowShift - 8 * k;
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j)
      to[j] = from[j] | (uint64_t(Entry(rows_[r], static_cast<int>(from[j] & 0xFF))) << shift);
  }

  // A complete row order: a new best, or (equal to best) an automorphism mapping the best path to
  // this one. It fixes the positions before the paths diverge, so the subtree where they diverge is
  // equivalent to the one already searched and the search resumes at the divergence level.
  int Leaf(bool below_best, uint64_t path) {
    if (below_best) {
      best_path_ = path;
      return kNoJump;
    }
    if (num_generators_ < kMaxGenerators) {
      Generator& g = generators_[num_generators_++];
      g.fixed = 0;
#pragma GCC unroll 8
      for (int p = 0; p < M; ++p) {
        g.image[RowAt(best_path_, p)] = static_cast<std::uint8_t>(RowAt(path, p));
        g.fixed |= uint32_t(RowAt(best_path_, p) == RowAt(path, p)) << RowAt(path, p);
      }
    }
    return std::countr_zero(path ^ best_path_) / 8;
  }

  // Whether a candidate of lower index equals row r (choosing either gives the same subtree).
  bool HasTwinBelow(int r, uint32_t choices) const {
    for (uint32_t c = choices & ((1u << r) - 1); c != 0; c &= c - 1)
      if (rows_[std::countr_zero(c)] == rows_[r]) return true;
    return false;
  }

  // Whether row r is in the orbit of the rows in tried under the automorphisms found so far that
  // fix every placed row.
  bool InOrbitOf(int r, uint32_t tried, uint32_t placed) const {
    uint32_t orbit = tried;
    for (uint32_t previous = 0; orbit != previous;) {
      previous = orbit;
      for (int g = 0; g < num_generators_; ++g)
        if ((placed & ~generators_[g].fixed) == 0) orbit |= generators_[g].Image(orbit);
    }
    return (orbit >> r) & 1;
  }

  int num_generators_ = 0;
  uint64_t rows_[M];
  uint32_t candidates_[M];
  uint64_t root_keys_[N];
  uint64_t best_path_ = 0;
  uint64_t best_rows_[M];
  Generator generators_[kMaxGenerators];
};

// The rows of the searched orientation (byte j of row i = entry (i, j); transposed when Rows >
// Cols) from a matrix, or from a key packed as KeyCodec packs it.
template <int Rows, int Cols>
void SearchRows(const Matrix& a, uint64_t* rows) {
  constexpr bool kTranspose = Rows > Cols;
  constexpr int M = kTranspose ? Cols : Rows;
  constexpr int N = kTranspose ? Rows : Cols;
  if constexpr (kTranspose) {
    for (int i = 0; i < M; ++i) {
      rows[i] = 0;
      for (int j = 0; j < N; ++j) rows[i] |= uint64_t(a(j, i)) << (8 * j);
    }
  } else {
    static_assert(std::endian::native == std::endian::little, "row bytes are loaded as integers");
    std::memcpy(rows, a.cells().data(), sizeof(uint64_t) * M);  // byte j of row i = entry (i, j)
  }
}

template <int Rows, int Cols>
void SearchRows(uint64_t key, int bits, uint64_t* rows) {
  constexpr bool kTranspose = Rows > Cols;
  constexpr int M = kTranspose ? Cols : Rows;
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t local[M] = {};  // built in registers, stored once (no chain of stores to forward)
#pragma GCC unroll 8
  for (int i = Rows - 1; i >= 0; --i)
#pragma GCC unroll 8
    for (int j = Cols - 1; j >= 0; --j) {
      const uint64_t v = key & mask;
      key >>= bits;
      if constexpr (kTranspose)
        local[j] |= v << (8 * i);
      else
        local[i] |= v << (8 * j);
    }
  std::memcpy(rows, local, sizeof(local));
}

}  // namespace seki::canon::fast
