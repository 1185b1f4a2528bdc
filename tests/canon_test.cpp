// Tests of canon/: both canonical-form methods are invariant under row/column permutations,
// idempotent, separate non-isomorphic matrices, and agree with each other and with brute force.
// The whole suite runs in well under a second.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "storage/packed_key.hpp"
#include "tests/test_support.hpp"

namespace seki::canon {
namespace {

using testing::ForEachMatrix;
using testing::M;
using testing::RandomIdsm;
using testing::RandomPermuted;
using testing::Rng;

using Method = std::function<Matrix(const Matrix&)>;

struct NamedMethod {
  std::string name;
  Method canon;
};

// The methods that apply to an m x n matrix: nauty always, the fast path where supported, and the
// dispatching CanonicalForm.
std::vector<NamedMethod> MethodsFor(int m, int n) {
  std::vector<NamedMethod> methods = {{"nauty", CanonicalFormNauty}, {"dispatch", CanonicalForm}};
  if (FastPathSupports(m, n)) methods.push_back({"fast", CanonicalFormFast});
  return methods;
}

Matrix Random(Rng& rng, int m, int n, int max_entry) {
  std::uniform_int_distribution<int> entry(0, max_entry);
  Matrix a(m, n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) a.set(i, j, entry(rng));
  return a;
}

Matrix Permute(const Matrix& a, const std::vector<int>& row_of, const std::vector<int>& col_of) {
  Matrix b(a.rows(), a.cols());
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) b.set(i, j, a(row_of[i], col_of[j]));
  return b;
}

std::vector<int> Identity(int k) {
  std::vector<int> p(k);
  std::iota(p.begin(), p.end(), 0);
  return p;
}

// Reference canonical form: the smallest Matrix over all row and column permutations.
Matrix BruteForce(const Matrix& a) {
  std::vector<int> rows = Identity(a.rows());
  Matrix best = a;
  do {
    std::vector<int> cols = Identity(a.cols());
    do {
      best = std::min(best, Permute(a, rows, cols));
    } while (std::next_permutation(cols.begin(), cols.end()));
  } while (std::next_permutation(rows.begin(), rows.end()));
  return best;
}

Matrix Circulant(int n, const std::vector<int>& first_row) {
  Matrix a(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) a.set(i, j, first_row[(j - i + n) % n]);
  return a;
}

// Direct sum of copies of a block (zero outside the diagonal blocks).
Matrix BlockDiagonal(const Matrix& block, int copies) {
  Matrix a(block.rows() * copies, block.cols() * copies);
  for (int c = 0; c < copies; ++c)
    for (int i = 0; i < block.rows(); ++i)
      for (int j = 0; j < block.cols(); ++j)
        a.set(c * block.rows() + i, c * block.cols() + j, block(i, j));
  return a;
}

Matrix Constant(int m, int n, int value) {
  Matrix a(m, n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) a.set(i, j, value);
  return a;
}

// Matrices with large automorphism groups, where a search without pruning explodes.
std::vector<Matrix> SymmetricMatrices() {
  std::vector<Matrix> out;
  for (int n = 1; n <= kMaxDim; ++n) {
    out.push_back(Constant(n, n, 1));
    out.push_back(Constant(n, kMaxDim + 1 - n, 255));
    std::vector<int> unit(n, 0), ramp(n), two_ones(n, 0);
    unit[0] = 1;
    std::iota(ramp.begin(), ramp.end(), 1);
    two_ones[0] = 1;
    if (n > 1) two_ones[1] = 1;
    out.push_back(Circulant(n, unit));      // permutation matrix
    out.push_back(Circulant(n, ramp));      // Latin square
    out.push_back(Circulant(n, two_ones));  // cycle of length 2n
    Matrix rect_identity(n, kMaxDim);       // identity padded with zero columns
    for (int i = 0; i < n; ++i) rect_identity.set(i, i, 7);
    out.push_back(rect_identity);
    out.push_back(rect_identity.transposed());
  }
  out.push_back(M("033/303/330"));  // IDSM 033/303/330
  out.push_back(BlockDiagonal(M("033/303/330"), 2));
  for (int size = 1; size <= 4; ++size)
    for (int copies = 1; size * copies <= kMaxDim; ++copies) {
      out.push_back(BlockDiagonal(Constant(size, size, 1), copies));
      out.push_back(BlockDiagonal(Constant(size, 1, 2), copies));
    }
  out.push_back(BlockDiagonal(Circulant(4, {1, 1, 0, 0}), 2));  // two 8-cycles
  return out;
}

TEST(CanonicalForm, FastPathCoversTheEnumerationShapes) {
  for (auto [m, n] : {std::pair{3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {1, 8}, {8, 1}})
    EXPECT_TRUE(FastPathSupports(m, n)) << m << "x" << n;
  EXPECT_FALSE(FastPathSupports(0, 3));
  EXPECT_FALSE(FastPathSupports(9, 3));
}

TEST(CanonicalForm, DispatchesOnShapeOnly) {
  Rng rng(1);
  for (int m = 1; m <= kMaxDim; ++m)
    for (int n = 1; n <= kMaxDim; ++n) {
      const Matrix a = Random(rng, m, n, 3);
      EXPECT_EQ(CanonicalForm(a),
                FastPathSupports(m, n) ? CanonicalFormFast(a) : CanonicalFormNauty(a));
    }
}

// The result is isomorphic to the input, and canonicalising it again changes nothing.
TEST(CanonicalForm, IsAnIdempotentRepresentative) {
  Rng rng(2);
  for (int m = 1; m <= 4; ++m)
    for (int n = 1; n <= 4; ++n)
      for (int max_entry : {1, 2, 255})
        for (int trial = 0; trial < 10; ++trial) {
          const Matrix a = Random(rng, m, n, max_entry);
          const Matrix reference = BruteForce(a);
          for (const auto& method : MethodsFor(m, n)) {
            const Matrix c = method.canon(a);
            EXPECT_EQ(BruteForce(c), reference) << method.name << " " << FormatMatrix(a);
            EXPECT_EQ(method.canon(c), c) << method.name << " " << FormatMatrix(a);
          }
        }
  for (int m = 1; m <= kMaxDim; ++m)
    for (int n = 1; n <= kMaxDim; ++n)
      for (int max_entry : {1, 3, 255}) {
        const Matrix a = Random(rng, m, n, max_entry);
        for (const auto& method : MethodsFor(m, n)) {
          const Matrix c = method.canon(a);
          EXPECT_EQ(method.canon(c), c) << method.name << " " << FormatMatrix(a);
          EXPECT_EQ(CanonicalFormNauty(c), CanonicalFormNauty(a))
              << method.name << " " << FormatMatrix(a);
        }
      }
}

TEST(CanonicalForm, InvariantUnderPermutationsOfRandomMatrices) {
  Rng rng(3);
  for (int m = 1; m <= kMaxDim; ++m)
    for (int n = 1; n <= kMaxDim; ++n)
      for (int max_entry : {1, 2, 15, 255})
        for (int trial = 0; trial < 8; ++trial) {
          const Matrix a = Random(rng, m, n, max_entry);
          const Matrix b = RandomPermuted(rng, a);
          for (const auto& method : MethodsFor(m, n))
            ASSERT_EQ(method.canon(a), method.canon(b)) << method.name << " " << FormatMatrix(a);
        }
}

TEST(CanonicalForm, InvariantUnderPermutationsOfSymmetricMatrices) {
  Rng rng(4);
  std::vector<Matrix> inputs = SymmetricMatrices();
  for (int n = 2; n <= kMaxDim; ++n)
    for (int line_sum = 1; line_sum <= 3; ++line_sum)
      inputs.push_back(RandomIdsm(rng, n, line_sum, 3));
  for (const Matrix& a : inputs)
    for (const auto& method : MethodsFor(a.rows(), a.cols())) {
      const Matrix c = method.canon(a);
      for (int trial = 0; trial < 20; ++trial)
        ASSERT_EQ(method.canon(RandomPermuted(rng, a)), c) << method.name << " " << FormatMatrix(a);
    }
}

TEST(CanonicalForm, SeparatesNonIsomorphicMatrices) {
  // Same multisets of row entries and of column entries as its transpose, yet not isomorphic.
  const Matrix a = M("001/011/120");
  // Off by a transposition only: one zero row versus one zero column.
  const Matrix b = M("110/001/000");
  // 2-regular 0/1 matrices: every row and column looks alike, the cycle structure differs.
  const Matrix cycle8 = Circulant(4, {1, 1, 0, 0});
  const Matrix two_cycles4 = BlockDiagonal(Constant(2, 2, 1), 2);
  const Matrix cycle12 = Circulant(6, {1, 1, 0, 0, 0, 0});
  const Matrix two_cycles6 = BlockDiagonal(Circulant(3, {1, 1, 0}), 2);
  const Matrix three_cycles4 = BlockDiagonal(Constant(2, 2, 1), 3);
  const Matrix cycle16 = Circulant(8, {1, 1, 0, 0, 0, 0, 0, 0});
  const Matrix two_cycles8 = BlockDiagonal(Circulant(4, {1, 1, 0, 0}), 2);
  const Matrix four_cycles4 = BlockDiagonal(Constant(2, 2, 1), 4);
  const std::vector<std::vector<Matrix>> groups = {{a, a.transposed()},
                                                   {b, b.transposed()},
                                                   {cycle8, two_cycles4},
                                                   {cycle12, two_cycles6, three_cycles4},
                                                   {cycle16, two_cycles8, four_cycles4}};
  Rng rng(5);
  for (const auto& group : groups)
    for (const auto& method : MethodsFor(group[0].rows(), group[0].cols())) {
      std::set<Matrix> forms;
      for (const Matrix& x : group) forms.insert(method.canon(RandomPermuted(rng, x)));
      EXPECT_EQ(forms.size(), group.size()) << method.name << " " << FormatMatrix(group[0]);
    }
}

// Classes of all small matrices: the known counts of matrices up to row and column permutation.
TEST(CanonicalForm, CountsIsomorphismClassesExhaustively) {
  struct Case {
    int m, n, max_entry;
    std::size_t classes;
  };
  for (const Case& c : {Case{3, 3, 1, 36}, Case{3, 3, 2, 738}, Case{3, 4, 1, 87}, Case{4, 3, 1, 87},
                        Case{4, 4, 1, 317}}) {
    for (const auto& method : MethodsFor(c.m, c.n)) {
      std::set<Matrix> forms;
      ForEachMatrix(c.m, c.n, c.max_entry, [&](const Matrix& a) { forms.insert(method.canon(a)); });
      EXPECT_EQ(forms.size(), c.classes) << method.name << " " << c.m << "x" << c.n;
    }
  }
}

// Fast(A) == Fast(B) iff Nauty(A) == Nauty(B) over every matrix shown: the map between the two
// methods' representatives stays a bijection.
class ClassAgreement {
 public:
  void Check(const Matrix& x) {
    const Matrix f = CanonicalFormFast(x);
    const Matrix g = CanonicalFormNauty(x);
    const auto [to_nauty, new_fast] = fast_to_nauty_.emplace(f, g);
    const auto [to_fast, new_nauty] = nauty_to_fast_.emplace(g, f);
    EXPECT_EQ(to_nauty->second, g) << FormatMatrix(x);
    EXPECT_EQ(to_fast->second, f) << FormatMatrix(x);
  }

  // Checks a, a permuted copy, and that copy with one entry changed (often a near miss).
  void CheckWithNeighbours(Rng& rng, const Matrix& a, int max_entry) {
    std::uniform_int_distribution<int> row(0, a.rows() - 1), col(0, a.cols() - 1),
        entry(0, max_entry);
    Matrix b = RandomPermuted(rng, a);
    Check(a);
    Check(b);
    b.set(row(rng), col(rng), entry(rng));
    Check(b);
  }

  std::size_t classes() const { return fast_to_nauty_.size(); }

 private:
  std::map<Matrix, Matrix> fast_to_nauty_, nauty_to_fast_;
};

// Tiny entry ranges make classes collide often.
TEST(CanonicalForm, FastPathAndNautyAgreeOnRandomClasses) {
  Rng rng(6);
  for (int m = 1; m <= kMaxDim; ++m)
    for (int n = 1; n <= kMaxDim; ++n) {
      if (!FastPathSupports(m, n)) continue;
      for (int max_entry : {1, 2}) {
        ClassAgreement agreement;
        for (int trial = 0; trial < 300; ++trial)
          agreement.CheckWithNeighbours(rng, Random(rng, m, n, max_entry), max_entry);
        if (HasFailure()) return;
      }
    }
}

// IDSMs (every row and column with the same sum) defeat the row and column invariants.
TEST(CanonicalForm, FastPathAndNautyAgreeOnIdsmClasses) {
  Rng rng(7);
  for (int n = 2; FastPathSupports(n, n); ++n)
    for (int line_sum : {2, 3}) {
      ClassAgreement agreement;
      for (int trial = 0; trial < 300; ++trial)
        agreement.CheckWithNeighbours(rng, RandomIdsm(rng, n, line_sum, 2), 2);
      EXPECT_GT(agreement.classes(), 1u);
      if (HasFailure()) return;
    }
}

// The packed key equals the packing of the canonical form, on both paths and every shape that
// fits in 64 bits.
TEST(CanonicalForm, PackedKeyIsThePackedCanonicalForm) {
  Rng rng(64);
  for (int m = 1; m <= kMaxDim; ++m)
    for (int n = 1; n <= kMaxDim; ++n)
      for (int max_entry : {1, 3, 7, 15}) {
        if (!KeyCodec::Fits(m, n, max_entry)) continue;
        const KeyCodec codec(m, n, max_entry);
        for (int t = 0; t < 40; ++t) {
          const Matrix a = Random(rng, m, n, max_entry);
          EXPECT_EQ(CanonicalFormKey(a, codec.bits()), codec.Pack(CanonicalForm(a)))
              << FormatMatrix(a);
          EXPECT_EQ(codec.Unpack(codec.Pack(a)), a);
          EXPECT_EQ(codec.HasZeroLine(codec.Pack(a)), a.has_zero_line()) << FormatMatrix(a);
        }
      }
}

TEST(CanonicalForm, EdgeCases) {
  const Matrix one = M("255,");
  for (const auto& method : MethodsFor(1, 1)) EXPECT_EQ(method.canon(one), one) << method.name;
  const Matrix zero(8, 8);
  EXPECT_EQ(CanonicalFormNauty(zero), zero);
  EXPECT_EQ(CanonicalForm(zero), zero);
  const Matrix row = M("3,1,2,255,0,7,1,2");
  const Matrix sorted_row = M("255,0,1,1,2,2,3,7");
  for (const auto& method : MethodsFor(1, 8))
    EXPECT_EQ(method.canon(row), method.canon(sorted_row)) << method.name;
  for (const auto& method : MethodsFor(8, 1))
    EXPECT_EQ(method.canon(row.transposed()), method.canon(sorted_row.transposed())) << method.name;
}

TEST(CanonicalForm, ThreadSafe) {
  Rng rng(8);
  std::vector<Matrix> inputs;
  for (int k = 0; k < 400; ++k) inputs.push_back(Random(rng, 2 + k % 7, 2 + k / 7 % 7, k % 4));
  std::vector<Matrix> expected;
  for (const Matrix& a : inputs) expected.push_back(CanonicalFormNauty(a));
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 5; ++round)
        for (std::size_t k = 0; k < inputs.size(); ++k) {
          mismatches[t] += CanonicalFormNauty(inputs[k]) != expected[k];
          const Matrix& a = inputs[k];
          if (FastPathSupports(a.rows(), a.cols()))
            mismatches[t] += CanonicalFormNauty(CanonicalFormFast(a)) != expected[k];
        }
    });
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

}  // namespace
}  // namespace seki::canon

namespace seki::canon {
namespace {

// IncrementKeys must give, child by child, the key CanonicalFormKey gives: on random matrices of
// every shape (transposed shapes and nauty-only shapes included), on permuted IDSMs (many ties),
// and on every 3x3 and 2x4 matrix with entries <= 2 (exhaustive).
void ExpectIncrementKeysMatch(const Matrix& a, int max_entry) {
  int bits = 1;
  while ((1 << bits) <= max_entry) ++bits;
  std::uint64_t keys[kMaxDim * kMaxDim];
  const int count = IncrementKeys(a, max_entry, bits, keys);
  int k = 0;
  Matrix child = a;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) {
      if (a(i, j) >= max_entry) continue;
      child.increment(i, j);
      ASSERT_LT(k, count);
      ASSERT_EQ(keys[k], CanonicalFormKey(child, bits))
          << FormatMatrix(a) << " + e(" << i << "," << j << ")";
      child.decrement(i, j);
      ++k;
    }
  ASSERT_EQ(k, count) << FormatMatrix(a);
}

TEST(IncrementKeys, EqualCanonicalFormKeyOfEveryChild) {
  Rng rng(20261123);
  for (int m = 1; m <= kMaxDim; ++m)
    for (int n = 1; n <= kMaxDim; ++n)
      for (int max_entry : {1, 2, 3, 7}) {
        if (m * n * std::bit_width(unsigned(max_entry)) > 64) continue;
        const int samples = FastPathSupports(m, n) ? 300 : 5;
        for (int t = 0; t < samples; ++t) {
          std::uniform_int_distribution<int> top(0, max_entry);
          ExpectIncrementKeysMatch(Random(rng, m, n, top(rng)), max_entry);
        }
      }
  for (int n = 2; n <= 6; ++n)
    for (int t = 0; t < 50; ++t)
      ExpectIncrementKeysMatch(RandomPermuted(rng, RandomIdsm(rng, n, 3, 3)), 3);
}

TEST(IncrementKeys, ExhaustiveOnSmallShapes) {
  for (const auto& [m, n] : {std::pair{3, 3}, std::pair{2, 4}, std::pair{4, 2}})
    ForEachMatrix(m, n, 2, [&](const Matrix& a) { ExpectIncrementKeysMatch(a, 2); });
}

}  // namespace
}  // namespace seki::canon

namespace seki::canon {
namespace {

// The packed-key entry point gives the same keys as the matrix one (transposed shapes included).
TEST(IncrementKeys, FromPackedKeyEqualFromMatrix) {
  Rng rng(7);
  for (int m = 1; m <= kMaxDim; ++m)
    for (int n = 1; n <= kMaxDim; ++n)
      for (int max_entry : {1, 3, 6}) {
        const int bits = std::bit_width(unsigned(max_entry | 1));
        if (m * n * bits > 64) continue;
        const KeyCodec codec(m, n, max_entry);
        for (int t = 0; t < (FastPathSupports(m, n) ? 200 : 3); ++t) {
          const Matrix a = Random(rng, m, n, max_entry);
          std::uint64_t from_matrix[kMaxDim * kMaxDim], from_key[kMaxDim * kMaxDim];
          const int count = IncrementKeys(a, max_entry, bits, from_matrix);
          ASSERT_EQ(IncrementKeys(codec.Pack(a), m, n, bits, max_entry, from_key), count);
          for (int k = 0; k < count; ++k) ASSERT_EQ(from_key[k], from_matrix[k]) << FormatMatrix(a);
        }
      }
}

}  // namespace
}  // namespace seki::canon
