// The symmetries of a matrix A (issue 59's group G(A)): the pairs of row and column permutations
// that map A to itself, and, for a square A isomorphic to its transpose, those that map Aᵀ to A
// (transposition swaps the players: the values of Bᵀ are those of B with R and C, r and c
// exchanged). Found with nauty's automorphism generators (canonical_form_nauty.cpp) and one
// isomorphism from Aᵀ to A through the canonical labellings.
// Concurrency: pure functions (nauty is built with thread-local storage).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/base/matrix.hpp"

namespace seki::canon {

// B ↦ B' with B'(i, j) = B(row[i], col[j]), or B(col[j], row[i]) when `transpose` (square B).
struct MatrixSymmetry {
  std::array<std::uint8_t, kMaxDim> row{}, col{};
  bool transpose = false;
  friend bool operator==(const MatrixSymmetry&, const MatrixSymmetry&) = default;
};

// B' of the symmetry s (B of A's shape).
Matrix Apply(const MatrixSymmetry& s, const Matrix& b);

struct SymmetryGroup {
  std::vector<MatrixSymmetry> generators;  // each maps A to itself; with the identity, they
                                           // generate the group
  double order = 1;                        // the number of symmetries, transposing ones included
  bool transposes = false;                 // some symmetry transposes (A ≅ Aᵀ, square)
};
SymmetryGroup SymmetriesOf(const Matrix& a);

}  // namespace seki::canon
