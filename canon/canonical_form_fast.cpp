// CanonicalFormFast: the fast path's canonical forms, canonical keys and the canonical keys of
// every child a + e(i, j), for matrices with at most 6 rows or at most 6 columns, dispatched to one
// instance per shape. The search that defines the form is canon/fast_search.hpp.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <utility>

#include "canon/canonical_form.hpp"
#include "canon/fast_search.hpp"
#include "canon/line_invariants.hpp"

namespace seki::canon {
namespace {

using namespace seki::canon::fast;  // NOLINT(google-build-using-namespace): this file's own helpers

// Runs the search on a Rows x Cols matrix itself or, when it has more rows than columns, on its
// transpose (whose canonical form, transposed back, is canonical), then hands emit(i, j) -> entry
// of the canonical form to Output.
template <int Rows, int Cols, class Output>
auto Canonicalize(const Matrix& a, Output output) {
  constexpr bool kTranspose = Rows > Cols;
  constexpr int M = kTranspose ? Cols : Rows;
  constexpr int N = kTranspose ? Rows : Cols;
  uint64_t rows[M];
  SearchRows<Rows, Cols>(a, rows);
  uint64_t best[M];
  Search<M, N>(rows).Run(best);
  return output([&](int i, int j) {
    return kTranspose ? Entry(best[j], N - 1 - i) : Entry(best[i], N - 1 - j);
  });
}

template <int Rows, int Cols>
Matrix CanonicalMatrix(const Matrix& a) {
  return Canonicalize<Rows, Cols>(a, [](auto entry) {
    Matrix result(Rows, Cols);
#pragma GCC unroll 8
    for (int i = 0; i < Rows; ++i)
#pragma GCC unroll 8
      for (int j = 0; j < Cols; ++j) result.set(i, j, entry(i, j));
    return result;
  });
}

// Row-major packing of the canonical form, `bits` bits per entry, first entry most significant.
template <int Rows, int Cols>
uint64_t CanonicalKey(const Matrix& a, int bits) {
  return Canonicalize<Rows, Cols>(a, [bits](auto entry) {
    uint64_t key = 0;
#pragma GCC unroll 8
    for (int i = 0; i < Rows; ++i)
#pragma GCC unroll 8
      for (int j = 0; j < Cols; ++j) key = (key << bits) | uint64_t(entry(i, j));
    return key;
  });
}

// The canonical keys of a + e(i, j) for every cell with a(i, j) < max_entry, row-major. The line
// keys of `a` are computed once; a child changes one row key and one column key. A child whose
// rows (of the searched orientation) have distinct keys has one admissible row order, so its form
// is its rows in key order with the columns sorted as Search sorts them (class, then entries);
// this is exactly the leaf Search reaches, without the search. Ties go through Search.
template <int Rows, int Cols>
int IncrementKeysOfRows(const uint64_t* rows, int max_entry, int bits, uint64_t* out,
                        RowMask row_mask) {
  constexpr bool kTranspose = Rows > Cols;
  constexpr int M = kTranspose ? Cols : Rows;
  constexpr int N = kTranspose ? Rows : Cols;
  uint64_t row_key[M] = {};
  uint64_t col_key[N] = {};
#pragma GCC unroll 8
  for (int r = 0; r < M; ++r)
#pragma GCC unroll 8
    for (int c = 0; c < N; ++c) {
      const uint64_t w = EntryWeightOf(Entry(rows[r], c));
      row_key[r] += w;
      col_key[c] += w;
    }
  // Packs the rows of the searched form (column 0 most significant) in the layout of KeyCodec.
  const auto pack = [bits](const uint64_t* best) {
    uint64_t key = 0;
#pragma GCC unroll 8
    for (int i = 0; i < Rows; ++i)
#pragma GCC unroll 8
      for (int j = 0; j < Cols; ++j)
        key = (key << bits) |
              uint64_t(kTranspose ? Entry(best[j], N - 1 - i) : Entry(best[i], N - 1 - j));
    return key;
  };
  const int first_shift = bits * (Rows * Cols - 1);  // of the first (most significant) entry
  int count = 0;
  for (int i = 0; i < Rows; ++i)
    for (int j = 0; j < Cols; ++j) {
      if (((row_mask >> i) & 1) == 0) break;
      const int r = kTranspose ? j : i, c = kTranspose ? i : j;
      const int v = Entry(rows[r], c);
      if (v >= max_entry) continue;
      const uint64_t delta = EntryWeightOf(v + 1) - EntryWeightOf(v);
      // Built line by line with selects rather than indexed stores, so they stay in registers.
      uint64_t child_row_key[M], child_col_key[N], child[M];
#pragma GCC unroll 8
      for (int p = 0; p < M; ++p) {
        child_row_key[p] = row_key[p] + (p == r ? delta : 0);
        child[p] = rows[p] + (p == r ? uint64_t{1} << (8 * c) : 0);
      }
#pragma GCC unroll 8
      for (int q = 0; q < N; ++q) child_col_key[q] = col_key[q] + (q == c ? delta : 0);
      uint32_t row_rank[M];
      Ranks<M>(child_row_key, row_rank);
      uint32_t col_rank[N];
      Ranks<N>(child_col_key, col_rank);
      if (!AllDistinct<M>(row_rank)) {
        // Rows tie: refine as Search does; still tied, search.
        RefineRowRanks<M, N>(child, col_rank, row_rank);
        if (!AllDistinct<M>(row_rank)) {
          uint64_t best[M];
          Search<M, N>(child).Run(best);
          out[count++] = pack(best);
          continue;
        }
      }
      if (AllDistinct<N>(col_rank)) {  // columns distinct too: both orders are the key orders
        // Entry (p, q) of the searched child lands at row rank, column rank of the result (the
        // other way round when transposed): its shift in the key follows from the two ranks.
        uint64_t key = 0;
#pragma GCC unroll 8
        for (int p = 0; p < M; ++p) {
          const int row_shift = bits * (kTranspose ? int(row_rank[p]) : Cols * int(row_rank[p]));
#pragma GCC unroll 8
          for (int q = 0; q < N; ++q) {
            const int col_shift = bits * (kTranspose ? Cols * int(col_rank[q]) : int(col_rank[q]));
            key |= uint64_t(Entry(child[p], q)) << (first_shift - row_shift - col_shift);
          }
        }
        out[count++] = key;
        continue;
      }
      // Columns tie: sort them as Search does (class, then the entries in row order).
      uint64_t keys[N];
#pragma GCC unroll 8
      for (int q = 0; q < N; ++q) {
        uint64_t k = (uint64_t(col_rank[q]) << kClassShift) | uint64_t(q);
#pragma GCC unroll 8
        for (int p = 0; p < M; ++p)
          k |= uint64_t(Entry(child[p], q)) << (kFirstRowShift - 8 * int(row_rank[p]));
        keys[q] = k;
      }
      Sort<N>(keys);
      uint64_t best[M];
#pragma GCC unroll 8
      for (int p = 0; p < M; ++p) {
        uint64_t row = 0;
#pragma GCC unroll 8
        for (int q = 0; q < N; ++q)
          row = (row << 8) | ((keys[q] >> (kFirstRowShift - 8 * p)) & 0xFF);
        best[p] = row;
      }
      out[count++] = pack(best);
    }
  return count;
}

template <int Rows, int Cols>
int IncrementKeysOfMatrix(const Matrix& a, int max_entry, int bits, uint64_t* out,
                          RowMask row_mask) {
  uint64_t rows[kMaxDim];
  SearchRows<Rows, Cols>(a, rows);
  return IncrementKeysOfRows<Rows, Cols>(rows, max_entry, bits, out, row_mask);
}

template <int Rows, int Cols>
int IncrementKeysOfKey(uint64_t key, int bits, int max_entry, uint64_t* out, RowMask row_mask) {
  uint64_t rows[kMaxDim];
  SearchRows<Rows, Cols>(key, bits, rows);
  return IncrementKeysOfRows<Rows, Cols>(rows, max_entry, bits, out, row_mask);
}

constexpr bool Supported(int rows, int cols) {
  return rows >= 1 && cols >= 1 && rows <= kMaxDim && cols <= kMaxDim &&
         std::min(rows, cols) <= kMaxFastLines;
}

using MatrixFn = Matrix (*)(const Matrix&);
using KeyFn = uint64_t (*)(const Matrix&, int);
using IncrementFn = int (*)(const Matrix&, int, int, uint64_t*, RowMask);
using KeyIncrementFn = int (*)(uint64_t, int, int, uint64_t*, RowMask);

struct ShapeFns {
  MatrixFn matrix = nullptr;
  KeyFn key = nullptr;
  IncrementFn increments = nullptr;
  KeyIncrementFn key_increments = nullptr;
};

template <int Rows, int Cols>
constexpr ShapeFns FunctionsFor() {
  if constexpr (Supported(Rows, Cols))
    return {&CanonicalMatrix<Rows, Cols>, &CanonicalKey<Rows, Cols>,
            &IncrementKeysOfMatrix<Rows, Cols>, &IncrementKeysOfKey<Rows, Cols>};
  else
    return {};
}

// kShapes[(rows - 1) * kMaxDim + cols - 1] handles the shape rows x cols (null functions when the
// fast path does not support it).
template <std::size_t... I>
constexpr std::array<ShapeFns, sizeof...(I)> MakeDispatch(std::index_sequence<I...>) {
  return {FunctionsFor<I / kMaxDim + 1, I % kMaxDim + 1>()...};
}
constexpr auto kShapes = MakeDispatch(std::make_index_sequence<kMaxDim * kMaxDim>());

const ShapeFns& For(const Matrix& a) {
  assert(FastPathSupports(a.rows(), a.cols()));
  return kShapes[(a.rows() - 1) * kMaxDim + a.cols() - 1];
}

}  // namespace

bool FastPathSupports(int rows, int cols) { return Supported(rows, cols); }

Matrix CanonicalFormFast(const Matrix& a) { return For(a).matrix(a); }

std::uint64_t CanonicalFormKeyFast(const Matrix& a, int bits) { return For(a).key(a, bits); }

int IncrementKeysFast(const Matrix& a, int max_entry, int bits, std::uint64_t* keys,
                      RowMask row_mask) {
  return For(a).increments(a, max_entry, bits, keys, row_mask);
}

int IncrementKeysFast(std::uint64_t key, int rows, int cols, int bits, int max_entry,
                      std::uint64_t* keys, RowMask row_mask) {
  assert(FastPathSupports(rows, cols));
  return kShapes[(rows - 1) * kMaxDim + cols - 1].key_increments(key, bits, max_entry, keys,
                                                                 row_mask);
}

}  // namespace seki::canon
