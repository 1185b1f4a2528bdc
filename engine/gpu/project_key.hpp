// ProjectCanonicalKey: the project's canonical key (canon::CanonicalFormKey: the same form, the
// same key bits) for a device kernel and the host, one instantiation per shape the engine takes
// (rows and columns up to 5). It follows canon's definition (canon/fast_search.hpp) with
// canon's line invariants (canon/line_invariants.hpp): after transposing when there are more rows
// than columns (M <= N), rows and columns get invariant keys (their multisets of entries, the rows
// refined by column class when some tie); among the row orders that list the rows by key, each
// with its columns sorted by (class, entries in row order), the form is the row-major smallest.
// When the rows and the columns all have distinct ranks (most matrices), the form is placed
// directly by the ranks, as canon's fast path does; otherwise, where canon searches with pruning
// and automorphisms, this walks every admissible row order (at most M! = 120) with everything in
// registers: the shape is a template parameter, so every loop unrolls and no array is indexed by
// a run-time value it cannot resolve.
// Concurrency: pure functions of their arguments; any number of threads (or GPU threads) may call
// them at once.
#pragma once

#include <cstdint>

#include "canon/line_invariants.hpp"
#include "engine/base/host_device.hpp"

namespace seki::gpu {

namespace project_key_detail {

// Rank of each of K keys: the number of strictly smaller keys (equal keys share a rank).
template <int K>
SEKI_HD inline void Ranks(const std::uint64_t* keys, std::uint32_t* rank) {
  SEKI_UNROLL
  for (int i = 0; i < K; ++i) {
    std::uint32_t smaller = 0;
    SEKI_UNROLL
    for (int k = 0; k < K; ++k) smaller += keys[k] < keys[i];
    rank[i] = smaller;
  }
}

template <int N>
SEKI_HD inline void SortAscending(std::uint64_t* keys) {  // odd-even transposition: no branches
  SEKI_UNROLL
  for (int round = 0; round < N; ++round) SEKI_UNROLL
  for (int j = round % 2; j + 1 < N; j += 2) {
    const std::uint64_t a = keys[j], b = keys[j + 1];
    const bool swap = b < a;
    keys[j] = swap ? b : a;
    keys[j + 1] = swap ? a : b;
  }
}

// The smallest matrix (rows as words of 8-bit entries, column 0 most significant) over the
// admissible row orders of e (M x N, rows ranked by row_rank, columns by col_rank), each with its
// columns sorted by (class, entries in row order).
template <int M, int N>
SEKI_HD SEKI_INLINE void WalkRowOrders(const std::uint32_t (&e)[M][N],
                                       const std::uint32_t* row_rank, const std::uint32_t* col_rank,
                                       std::uint64_t* best) {
  // The rows sorted by (rank, index): position p holds the row sorted_word[p]; positions of equal
  // rank form a group [group_begin, group_end). The admissible row orders are the orders within the
  // groups; an odometer walks them (digit[p] picks the digit[p]-th unused row of p's group),
  // skipping the orders that swap two equal rows (they give the same matrix).
  std::uint64_t row_word[M], sorted_word[M];
  std::uint32_t group_begin[M], group_end[M], digit[M];
  SEKI_UNROLL
  for (int r = 0; r < M; ++r) {
    row_word[r] = 0;
    SEKI_UNROLL
    for (int j = 0; j < N; ++j) row_word[r] |= std::uint64_t(e[r][j]) << (8 * j);
  }
  SEKI_UNROLL
  for (int p = 0; p < M; ++p) sorted_word[p] = group_begin[p] = group_end[p] = digit[p] = 0;
  SEKI_UNROLL
  for (int r = 0; r < M; ++r) {
    std::uint32_t position = row_rank[r], size = 0;
    SEKI_UNROLL
    for (int q = 0; q < M; ++q) {
      position += (row_rank[q] == row_rank[r] && q < r) ? 1 : 0;
      size += row_rank[q] == row_rank[r] ? 1 : 0;
    }
    SEKI_UNROLL
    for (int p = 0; p < M; ++p) {
      const bool here = position == std::uint32_t(p);
      sorted_word[p] = here ? row_word[r] : sorted_word[p];
      group_begin[p] = here ? row_rank[r] : group_begin[p];
      group_end[p] = here ? row_rank[r] + size : group_end[p];
    }
  }
  SEKI_UNROLL
  for (int p = 0; p < M; ++p) best[p] = ~std::uint64_t{0};
  for (bool more = true; more;) {
    std::uint32_t used = 0;
    bool repeated = false;    // two equal rows of a group out of their sorted order
    std::uint64_t placed[M];  // the row word at each position
    SEKI_UNROLL
    for (int p = 0; p < M; ++p) {
      int skip = int(digit[p]);
      std::uint64_t word = 0;
      std::uint32_t bit = 0;
      int from = 0;
      SEKI_UNROLL
      for (int q = 0; q < M; ++q) {  // the skip-th unused position of p's group
        const bool free = q >= int(group_begin[p]) && q < int(group_end[p]) && !((used >> q) & 1);
        const bool take = free && skip == 0;
        skip -= free ? 1 : 0;
        word = take ? sorted_word[q] : word;
        bit = take ? 1u << q : bit;
        from = take ? q : from;
      }
      SEKI_UNROLL
      for (int q = 0; q < M; ++q)  // an equal row at an earlier position, still unused
        repeated = repeated || (q < from && !((used >> q) & 1) && sorted_word[q] == word);
      used |= bit;
      placed[p] = word;
    }
    bool carry = true;  // the next order: increment the odometer from the last position
    SEKI_UNROLL
    for (int p = M - 1; p >= 0; --p) {
      const std::uint32_t next = digit[p] + (carry ? 1 : 0);
      const bool wraps = next >= group_end[p] - std::uint32_t(p);
      digit[p] = wraps ? 0 : next;
      carry = carry && wraps;
    }
    more = !carry;
    if (repeated) continue;

    std::uint64_t cols[N];
    SEKI_UNROLL
    for (int j = 0; j < N; ++j) {
      std::uint64_t k = (std::uint64_t(col_rank[j]) << canon::kClassShift) | std::uint64_t(j);
      SEKI_UNROLL
      for (int p = 0; p < M; ++p)
        k |= ((placed[p] >> (8 * j)) & 0xFF) << (canon::kFirstRowShift - 8 * p);
      cols[j] = k;
    }
    SortAscending<N>(cols);
    std::uint64_t rows[M];
    bool less = false, decided = false;
    SEKI_UNROLL
    for (int p = 0; p < M; ++p) {
      std::uint64_t row = 0;
      SEKI_UNROLL
      for (int j = 0; j < N; ++j)
        row = (row << 8) | ((cols[j] >> (canon::kFirstRowShift - 8 * p)) & 0xFF);
      rows[p] = row;
      less = decided ? less : row < best[p];
      decided = decided || row != best[p];
    }
    if (less) {
      SEKI_UNROLL
      for (int p = 0; p < M; ++p) best[p] = rows[p];
    }
  }
}

}  // namespace project_key_detail

// The canonical form of the Rows x Cols matrix `a` (row-major entries), written row-major to
// `form`: equal to canon::CanonicalForm.
template <int Rows, int Cols>
SEKI_HD inline void ProjectCanonicalForm(const std::uint8_t* a, std::uint8_t* form) {
  using namespace project_key_detail;
  static_assert(Rows >= 1 && Cols >= 1 && Rows <= 5 && Cols <= 5, "shapes up to 5x5");
  constexpr bool kTranspose = Rows > Cols;
  constexpr int M = kTranspose ? Cols : Rows;
  constexpr int N = kTranspose ? Rows : Cols;
  // e[i][j]: the searched orientation (transposed when Rows > Cols).
  std::uint32_t e[M][N];
  SEKI_UNROLL
  for (int i = 0; i < Rows; ++i) SEKI_UNROLL
  for (int j = 0; j < Cols; ++j) {
    if constexpr (kTranspose)
      e[j][i] = a[i * Cols + j];
    else
      e[i][j] = a[i * Cols + j];
  }

  // Line keys and their ranks; rows refined by column class when some tie.
  std::uint64_t row_key[M], col_key[N];
  SEKI_UNROLL
  for (int j = 0; j < N; ++j) col_key[j] = 0;
  SEKI_UNROLL
  for (int i = 0; i < M; ++i) {
    row_key[i] = 0;
    SEKI_UNROLL
    for (int j = 0; j < N; ++j) {
      const std::uint64_t w = canon::EntryWeightOf(static_cast<int>(e[i][j]));
      row_key[i] += w;
      col_key[j] += w;
    }
  }
  std::uint32_t col_rank[N], row_rank[M];
  Ranks<N>(col_key, col_rank);
  Ranks<M>(row_key, row_rank);
  std::uint32_t rank_sum = 0;
  SEKI_UNROLL
  for (int i = 0; i < M; ++i) rank_sum += row_rank[i];
  if (rank_sum != std::uint32_t(M * (M - 1) / 2)) {  // some rows tie
    SEKI_UNROLL
    for (int i = 0; i < M; ++i) {
      std::uint64_t refined = 0;
      SEKI_UNROLL
      for (int j = 0; j < N; ++j)
        refined += canon::EntryWeightOf(static_cast<int>(e[i][j])) *
                   canon::ClassMultiplier(static_cast<int>(col_rank[j]));
      row_key[i] = (std::uint64_t(row_rank[i]) << canon::kClassShift) | (refined >> 8);
    }
    Ranks<M>(row_key, row_rank);
    rank_sum = 0;
    SEKI_UNROLL
    for (int i = 0; i < M; ++i) rank_sum += row_rank[i];
  }

  std::uint64_t best[M];  // the form, row-major: a word of 8-bit entries a row
  std::uint32_t col_rank_sum = 0;
  SEKI_UNROLL
  for (int j = 0; j < N; ++j) col_rank_sum += col_rank[j];
  if (rank_sum == std::uint32_t(M * (M - 1) / 2) &&
      col_rank_sum == std::uint32_t(N * (N - 1) / 2)) {
    // Rows and columns all distinct (the common case): one admissible row order, the rows in rank
    // order and the columns in rank order, so entry (i, j) lands at (row_rank[i], col_rank[j]):
    // the one leaf the walk would reach (canon's fast path takes the same shortcut).
    SEKI_UNROLL
    for (int p = 0; p < M; ++p) best[p] = 0;
    SEKI_UNROLL
    for (int i = 0; i < M; ++i) {
      std::uint64_t word = 0;
      SEKI_UNROLL
      for (int j = 0; j < N; ++j) word |= std::uint64_t(e[i][j]) << (8 * (N - 1 - col_rank[j]));
      SEKI_UNROLL
      for (int p = 0; p < M; ++p) best[p] = std::uint32_t(p) == row_rank[i] ? word : best[p];
    }
  } else {
    WalkRowOrders<M, N>(e, row_rank, col_rank, best);
  }

  // Back to the Rows x Cols orientation.
  SEKI_UNROLL
  for (int i = 0; i < Rows; ++i) SEKI_UNROLL
  for (int j = 0; j < Cols; ++j)
    form[i * Cols + j] = static_cast<std::uint8_t>(
        kTranspose ? (best[j] >> (8 * (N - 1 - i))) & 0xFF : (best[i] >> (8 * (N - 1 - j))) & 0xFF);
}

// The canonical key of the Rows x Cols matrix packed in `key` (KeyCodec's layout: row-major, first
// entry most significant, `in_bits` bits an entry), packed with `out_bits` bits an entry: equal to
// canon::CanonicalFormKey(matrix, out_bits). Both keys have at most 64 bits.
template <int Rows, int Cols>
SEKI_HD inline std::uint64_t ProjectCanonicalKey(std::uint64_t key, int in_bits, int out_bits) {
  std::uint8_t a[Rows * Cols], form[Rows * Cols];
  const std::uint64_t mask = (std::uint64_t{1} << in_bits) - 1;
  SEKI_UNROLL
  for (int k = Rows * Cols - 1; k >= 0; --k) {
    a[k] = static_cast<std::uint8_t>(key & mask);
    key >>= in_bits;
  }
  ProjectCanonicalForm<Rows, Cols>(a, form);
  std::uint64_t out = 0;
  SEKI_UNROLL
  for (int k = 0; k < Rows * Cols; ++k) out = (out << out_bits) | form[k];
  return out;
}

}  // namespace seki::gpu
