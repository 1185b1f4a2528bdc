// CanonicalForm: the project-wide canonical form, chosen by shape between the fast path and nauty.
#include "canon/canonical_form.hpp"

namespace seki::canon {

Matrix CanonicalForm(const Matrix& a) {
  return FastPathSupports(a.rows(), a.cols()) ? CanonicalFormFast(a) : CanonicalFormNauty(a);
}

}  // namespace seki::canon
