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

}  // namespace seki::canon
