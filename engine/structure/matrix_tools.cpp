// Matrix tools from the paper.
#include "engine/structure/matrix_tools.hpp"

#include <numeric>
#include <stdexcept>

#include "canon/canonical_form.hpp"

namespace seki {

bool IsIdsm(const Matrix& a) {
  if (a.rows() != a.cols() || a.empty()) return false;
  const int s = a.row_sum(0);
  for (int k = 0; k < a.rows(); ++k)
    if (a.row_sum(k) != s || a.col_sum(k) != s) return false;
  return true;
}

Matrix DirectSum(const Matrix& a, const Matrix& b) {
  if (a.rows() + b.rows() > kMaxDim || a.cols() + b.cols() > kMaxDim)
    throw std::invalid_argument("direct sum larger than 8 x 8");
  Matrix s(a.rows() + b.rows(), a.cols() + b.cols());
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) s.set(i, j, a(i, j));
  for (int i = 0; i < b.rows(); ++i)
    for (int j = 0; j < b.cols(); ++j) s.set(a.rows() + i, a.cols() + j, b(i, j));
  return s;
}

std::vector<Matrix> PrimeBlocks(const Matrix& a) {
  // Union-find over rows 0..m-1 and columns m..m+n-1.
  const int m = a.rows(), n = a.cols();
  std::vector<int> parent(m + n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (a(i, j) > 0) parent[find(i)] = find(m + j);

  std::vector<Matrix> blocks;
  std::vector<bool> done(m + n, false);
  for (int v = 0; v < m + n; ++v) {
    const int root = find(v);
    if (done[root]) continue;
    done[root] = true;
    std::vector<int> rows, cols;
    for (int i = 0; i < m; ++i)
      if (find(i) == root) rows.push_back(i);
    for (int j = 0; j < n; ++j)
      if (find(m + j) == root) cols.push_back(j);
    if (rows.empty() || cols.empty()) continue;  // an isolated zero line
    Matrix b(static_cast<int>(rows.size()), static_cast<int>(cols.size()));
    for (std::size_t p = 0; p < rows.size(); ++p)
      for (std::size_t q = 0; q < cols.size(); ++q) b.set(p, q, a(rows[p], cols[q]));
    blocks.push_back(b);
  }
  return blocks;
}

int SupportComponents(const Matrix& a) {
  // Flood row bitmasks through the columns they reach.
  unsigned seen_rows = 0;
  int components = 0;
  for (int start = 0; start < a.rows(); ++start) {
    if ((seen_rows >> start & 1) || a.row_sum(start) == 0) continue;
    ++components;
    unsigned rows = 1u << start, cols = 0;
    for (unsigned previous = 0; rows != previous;) {
      previous = rows;
      for (int i = 0; i < a.rows(); ++i)
        if (rows >> i & 1)
          for (int j = 0; j < a.cols(); ++j)
            if (a(i, j) > 0) cols |= 1u << j;
      for (int i = 0; i < a.rows(); ++i)
        for (int j = 0; j < a.cols(); ++j)
          if ((cols >> j & 1) && a(i, j) > 0) rows |= 1u << i;
    }
    seen_rows |= rows;
  }
  return components;
}

bool IsPrime(const Matrix& a) { return !a.has_zero_line() && SupportComponents(a) == 1; }

bool IsSymmetric(const Matrix& a) {
  return a.rows() == a.cols() && IsSymmetricCanonical(canon::CanonicalForm(a));
}

bool IsSymmetricCanonical(const Matrix& canonical) {
  return canonical.rows() == canonical.cols() &&
         canonical == canon::CanonicalForm(canonical.transposed());
}

std::optional<Matrix> Extend(const Matrix& a, int i, int j, Extension kind) {
  const int k = static_cast<int>(kind);
  if (a.rows() >= kMaxDim || a.cols() >= kMaxDim || a(i, j) < k) return std::nullopt;
  Matrix e(a.rows() + 1, a.cols() + 1);
  for (int p = 0; p < a.rows(); ++p)
    for (int q = 0; q < a.cols(); ++q) e.set(p + 1, q + 1, a(p, q));
  e.set(0, 0, 3);
  e.set(0, j + 1, k);
  e.set(i + 1, 0, k);
  e.set(i + 1, j + 1, a(i, j) - k);
  return e;
}

namespace {
Matrix Sequence(Matrix start, int n, Extension kind) {
  if (n < 2 || n > kMaxDim) throw std::invalid_argument("sequence index must be 2..8");
  for (int k = 2; k < n; ++k) start = *Extend(start, 0, 0, kind);
  return start;
}
}  // namespace

Matrix SequenceA(int n) {
  Matrix a2(2, 2);
  for (int k = 0; k < 4; ++k) a2.set(k / 2, k % 2, 2);
  return Sequence(a2, n, Extension::kE1);
}

Matrix SequenceB(int n) {
  Matrix b2(2, 2);
  b2.set(0, 0, 3), b2.set(0, 1, 2), b2.set(1, 0, 2), b2.set(1, 1, 3);
  return Sequence(b2, n, Extension::kE2);
}

Matrix TwoCycle(int k) {
  if (k < 2 || k > kMaxDim) throw std::invalid_argument("2-cycle size must be 2..8");
  Matrix c(k, k);
  c.set(0, 0, 2);
  c.set(k - 1, k - 1, 2);
  for (int i = 0; i + 1 < k; ++i) {
    c.set(i, i + 1, 2);
    c.set(i + 1, i, 2);
  }
  return c;
}

Matrix WeightedTwoCycle(const std::vector<int>& weights) {
  const int k = static_cast<int>(weights.size() / 2);
  if (weights.size() % 2 != 0 || k < 2 || k > kMaxDim)
    throw std::invalid_argument("a 2-cycle has 2k weights, k = 2..8");
  Matrix c(k, k);
  for (int i = 0; i < k; ++i) {
    for (int w : {weights[2 * i], weights[2 * i + 1]})
      if (w < 1 || w > kMaxEntry) throw std::invalid_argument("2-cycle weights must be 1..255");
    c.set(i, i, weights[2 * i]);
    c.set(i, (i + 1) % k, weights[2 * i + 1]);
  }
  return c;
}

Matrix CyclePattern(int k, int t) { return WeightedTwoCycle(std::vector<int>(2 * k, t)); }

Matrix AlternatingCycle(int k, int t) {
  std::vector<int> w(2 * k);
  for (int e = 0; e < 2 * k; ++e) w[e] = e % 2 == 0 ? t : t + 1;
  return WeightedTwoCycle(w);
}

Matrix OppositeCycle(int k, int t) {
  std::vector<int> w(2 * k, t);
  w[0] = w[k] = t + 1;  // cycle positions 0 and k (weights[k] is met k steps after weights[0])
  return WeightedTwoCycle(w);
}

Matrix CubicSeki(int i) {
  if (i < 0 || i + 1 > kMaxEntry) throw std::invalid_argument("cubic seki: i must be 0..254");
  Matrix c(4, 4);
  for (int r = 0; r < 4; ++r)
    for (int col = 0; col < 4; ++col) c.set(r, col, r == col ? 0 : i + 1);
  return c;
}

}  // namespace seki
