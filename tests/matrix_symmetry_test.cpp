// The symmetry group of a matrix (canon/matrix_symmetry.hpp) against a brute force over every
// pair of row and column permutations, with and without transposition: the same order, and the
// group its generators make is the set the brute force finds. Planted symmetries (the cycles of
// issue 59, their (a,b,b) weightings, the 4x4 cubic pattern), random matrices made symmetric,
// random ones (mostly trivial groups), rectangular ones.
#include "canon/matrix_symmetry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "engine/base/matrix_text.hpp"

namespace seki::canon {
namespace {

using Key = std::vector<int>;  // a symmetry as row images, column images, transpose flag

Key KeyOf(const MatrixSymmetry& s, int m, int n) {
  Key k(s.row.begin(), s.row.begin() + m);
  k.insert(k.end(), s.col.begin(), s.col.begin() + n);
  k.push_back(s.transpose);
  return k;
}

// Every symmetry of a, by trying every pair of permutations (and, square, with transposition).
std::set<Key> BruteForce(const Matrix& a) {
  const int m = a.rows(), n = a.cols();
  std::set<Key> out;
  std::vector<int> rows(m), cols(n);
  for (int t = 0; t < (m == n ? 2 : 1); ++t) {
    std::iota(rows.begin(), rows.end(), 0);
    do {
      std::iota(cols.begin(), cols.end(), 0);
      do {
        MatrixSymmetry s;
        s.transpose = t;
        for (int i = 0; i < m; ++i) s.row[i] = std::uint8_t(rows[i]);
        for (int j = 0; j < n; ++j) s.col[j] = std::uint8_t(cols[j]);
        if (Apply(s, a) == a) out.insert(KeyOf(s, m, n));
      } while (std::next_permutation(cols.begin(), cols.end()));
    } while (std::next_permutation(rows.begin(), rows.end()));
  }
  return out;
}

// The symmetries s ∘ g: B ↦ s(g(B)) for every pair, until nothing new (the group generated).
std::set<Key> Closure(const Matrix& a, const std::vector<MatrixSymmetry>& generators) {
  const int m = a.rows(), n = a.cols();
  // s(g(B))(i, j) = g(B)(s.row[i], s.col[j]) (s transposing: g(B)(s.col[j], s.row[i])); g reads
  // its row p from B's g.row[p] and its column q from g.col[q], swapped when g transposes, which
  // swaps the roles back: the composite transposes when exactly one of them does.
  const auto compose = [&](const MatrixSymmetry& s, const MatrixSymmetry& g) {
    MatrixSymmetry out;
    out.transpose = s.transpose != g.transpose;
    for (int i = 0; i < m; ++i) out.row[i] = s.transpose ? g.col[s.row[i]] : g.row[s.row[i]];
    for (int j = 0; j < n; ++j) out.col[j] = s.transpose ? g.row[s.col[j]] : g.col[s.col[j]];
    return out;
  };
  MatrixSymmetry identity;
  for (int x = 0; x < kMaxDim; ++x) identity.row[x] = identity.col[x] = std::uint8_t(x);
  std::vector<MatrixSymmetry> found{identity};
  std::set<Key> seen{KeyOf(identity, m, n)};
  for (std::size_t k = 0; k < found.size(); ++k)
    for (const MatrixSymmetry& g : generators) {
      const MatrixSymmetry next = compose(found[k], g);
      if (seen.insert(KeyOf(next, m, n)).second) found.push_back(next);
    }
  for (const MatrixSymmetry& s : found) EXPECT_EQ(Apply(s, a), a);
  return seen;
}

void ExpectGroup(const Matrix& a, double order = 0) {
  SCOPED_TRACE(FormatMatrix(a));
  const SymmetryGroup g = SymmetriesOf(a);
  for (const MatrixSymmetry& s : g.generators) EXPECT_EQ(Apply(s, a), a);
  const std::set<Key> all = BruteForce(a);
  EXPECT_EQ(g.order, double(all.size()));
  EXPECT_EQ(Closure(a, g.generators), all);
  EXPECT_EQ(g.transposes,
            std::any_of(all.begin(), all.end(), [](const Key& k) { return k.back() == 1; }));
  if (order > 0) EXPECT_EQ(g.order, order);
}

TEST(MatrixSymmetry, TheCyclesOfIssue59) {
  // The 8-cycle with every entry t: dihedral, with the transpose: order 16 (2 * 2n for the
  // 2n-cycle).
  ExpectGroup(ParseMatrix("3300/0330/0033/3003"), 16);
  // The 12-cycle weighted (a,b,b) period 3: 4 pairs fix A, 4 more map its transpose to A.
  ExpectGroup(ParseMatrix("450000/054000/005500/000450/000054/500005"), 8);
  ExpectGroup(ParseMatrix("590000/095000/009900/000590/000095/900009"), 8);
  // The 12-cycle with every entry 5: order 24.
  ExpectGroup(ParseMatrix("550000/055000/005500/000550/000055/500005"), 24);
  // The 4x4 cubic pattern J - I.
  ExpectGroup(ParseMatrix("0666/6066/6606/6660"));
}

TEST(MatrixSymmetry, RandomMatricesMadeSymmetricAndNot) {
  std::mt19937 random(59);
  for (int k = 0; k < 300; ++k) {
    const int m = 1 + int(random() % 5), n = k % 3 == 0 ? m : 1 + int(random() % 5);
    Matrix a(m, n);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) a.set(i, j, int(random() % (k % 2 ? 3 : 2)));
    if (k % 5 == 0 && m == n)  // made symmetric: A + Aᵀ
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < i; ++j) a.set(i, j, a(j, i));
    ExpectGroup(a);
  }
}

}  // namespace
}  // namespace seki::canon
