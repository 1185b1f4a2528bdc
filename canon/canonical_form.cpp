// CanonicalForm: the project-wide canonical form, chosen by shape between the fast path and nauty.
#include "canon/canonical_form.hpp"

namespace seki::canon {

Matrix CanonicalForm(const Matrix& a) {
  return FastPathSupports(a.rows(), a.cols()) ? CanonicalFormFast(a) : CanonicalFormNauty(a);
}

std::uint64_t CanonicalFormKey(const Matrix& a, int bits) {
  if (FastPathSupports(a.rows(), a.cols())) return CanonicalFormKeyFast(a, bits);
  const Matrix c = CanonicalFormNauty(a);
  std::uint64_t key = 0;
  for (int i = 0; i < c.rows(); ++i)
    for (int j = 0; j < c.cols(); ++j) key = (key << bits) | static_cast<std::uint64_t>(c(i, j));
  return key;
}

int IncrementKeys(const Matrix& a, int max_entry, int bits, std::uint64_t* keys, RowMask rows) {
  if (FastPathSupports(a.rows(), a.cols()))
    return IncrementKeysFast(a, max_entry, bits, keys, rows);
  int count = 0;
  Matrix child = a;
  for (int i = 0; i < a.rows(); ++i) {
    if (((rows >> i) & 1) == 0) continue;
    for (int j = 0; j < a.cols(); ++j) {
      if (a(i, j) >= max_entry) continue;
      child.increment(i, j);
      keys[count++] = CanonicalFormKey(child, bits);
      child.decrement(i, j);
    }
  }
  return count;
}

int IncrementKeys(std::uint64_t key, int rows, int cols, int bits, int max_entry,
                  std::uint64_t* keys, RowMask row_mask) {
  if (FastPathSupports(rows, cols))
    return IncrementKeysFast(key, rows, cols, bits, max_entry, keys, row_mask);
  Matrix a(rows, cols);
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  for (int k = rows * cols - 1; k >= 0; --k, key >>= bits)
    a.set(k / cols, k % cols, static_cast<int>(key & mask));
  return IncrementKeys(a, max_entry, bits, keys, row_mask);
}

}  // namespace seki::canon
