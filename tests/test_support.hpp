// Helpers shared by the test suites: matrix literals, seeded random matrices and permutations,
// every matrix or every class of a shape.
#pragma once

#include <algorithm>
#include <numeric>
#include <random>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix.hpp"
#include "engine/base/matrix_text.hpp"

namespace seki::testing {

inline Matrix M(std::string_view text) { return ParseMatrix(text); }

using Rng = std::mt19937_64;

// Random rows x cols matrix, entries uniform in 0..max_entry, total at most max_sum (excess is
// removed at random), with no zero row or column (a zero line gets a 1 at a random place).
inline Matrix RandomStart(Rng& rng, int rows, int cols, int max_entry, int max_sum) {
  std::uniform_int_distribution<int> entry(0, max_entry), row(0, rows - 1), col(0, cols - 1);
  Matrix a(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) a.set(i, j, entry(rng));
  while (a.sum() > max_sum) {
    const int i = row(rng), j = col(rng);
    if (a(i, j) > 0) a.decrement(i, j);
  }
  for (int i = 0; i < rows; ++i)
    if (a.row_sum(i) == 0) a.set(i, col(rng), 1);
  for (int j = 0; j < cols; ++j)
    if (a.col_sum(j) == 0) a.set(row(rng), j, 1);
  return a;
}

// a with its rows and columns shuffled.
inline Matrix RandomPermuted(Rng& rng, const Matrix& a) {
  std::vector<int> p(a.rows()), q(a.cols());
  std::iota(p.begin(), p.end(), 0);
  std::iota(q.begin(), q.end(), 0);
  std::shuffle(p.begin(), p.end(), rng);
  std::shuffle(q.begin(), q.end(), rng);
  Matrix b(a.rows(), a.cols());
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) b.set(p[i], q[j], a(i, j));
  return b;
}

// Sum of `s` random n x n permutation matrices, rejecting entries above max_entry: a random IDSM
// with line sum s and entries in 0..max_entry.
inline Matrix RandomIdsm(Rng& rng, int n, int s, int max_entry) {
  while (true) {
    Matrix a(n, n);
    std::vector<int> p(n);
    std::iota(p.begin(), p.end(), 0);
    bool ok = true;
    for (int k = 0; k < s && ok; ++k) {
      std::shuffle(p.begin(), p.end(), rng);
      for (int i = 0; i < n && ok; ++i) {
        a.increment(i, p[i]);
        ok = a(i, p[i]) <= max_entry;
      }
    }
    if (ok) return a;
  }
}

// Every rows x cols matrix with entries in 0..max_entry, as a callback (row-major odometer).
template <class F>
void ForEachMatrix(int rows, int cols, int max_entry, F&& f) {
  Matrix a(rows, cols);
  while (true) {
    f(a);
    int k = 0;
    for (; k < rows * cols; ++k) {
      const int i = k / cols, j = k % cols;
      if (a(i, j) < max_entry) {
        a.increment(i, j);
        break;
      }
      a.set(i, j, 0);
    }
    if (k == rows * cols) return;
  }
}

// Calls f once per class (up to row/column permutation) of rows x cols matrices with entries
// <= max_entry and no zero line: every matrix with non-decreasing rows, deduplicated.
template <class F>
void ForEachClass(int rows, int cols, int max_entry, F&& f) {
  std::vector<std::vector<int>> row_values;  // every row, in increasing odometer order
  ForEachMatrix(1, cols, max_entry, [&](const Matrix& row) {
    std::vector<int> v(cols);
    for (int j = 0; j < cols; ++j) v[j] = row(0, j);
    if (row.row_sum(0) > 0) row_values.push_back(v);
  });
  std::unordered_set<Matrix, MatrixHash> seen;
  std::vector<int> pick(rows, 0);  // indices into row_values, non-decreasing
  while (true) {
    Matrix a(rows, cols);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) a.set(i, j, row_values[pick[i]][j]);
    if (!a.has_zero_col() && seen.insert(canon::CanonicalForm(a)).second) f(a);
    int i = rows - 1;
    while (i >= 0 && pick[i] + 1 == static_cast<int>(row_values.size())) --i;
    if (i < 0) return;
    ++pick[i];
    for (int k = i + 1; k < rows; ++k) pick[k] = pick[i];
  }
}

}  // namespace seki::testing
