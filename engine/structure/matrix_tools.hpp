// Matrix tools from the paper: IDSM test, direct sums and prime blocks, symmetry (A ~ A^T),
// the E1/E2 extensions, and the families A^n, B^n and 2-cycles C_k (spec sections 3-4).
#pragma once

#include <optional>
#include <vector>

#include "engine/base/matrix.hpp"

namespace seki {

// Integer doubly stochastic: square, every row and column sum equal.
bool IsIdsm(const Matrix& a);

// Block-diagonal direct sum a (+) b. Precondition: the result fits in 8 x 8.
Matrix DirectSum(const Matrix& a, const Matrix& b);

// The prime blocks of a: the connected components of the bipartite graph of positive entries,
// each as the submatrix on its rows and columns (in increasing original order). A zero row or
// column forms a block of its own only through its positive entries, so it is dropped.
std::vector<Matrix> PrimeBlocks(const Matrix& a);
// The number of connected components of that graph (no allocation); prime: no zero line and one.
int SupportComponents(const Matrix& a);
bool IsPrime(const Matrix& a);

// A is isomorphic to its transpose (always false for non-square matrices). The second form skips
// one canonical form: its argument must be a canonical form (canon::CanonicalForm).
bool IsSymmetric(const Matrix& a);
bool IsSymmetricCanonical(const Matrix& canonical);

// Extensions at entry (i, j), 0-based: a new first row and column with E(0,0) = 3,
// E(0, j+1) = E(i+1, 0) = k and E(i+1, j+1) = A(i, j) - k, with k = 1 (E1) or 2 (E2).
// Nothing if the lowered entry would be negative or the result would not fit.
enum class Extension { kE1 = 1, kE2 = 2 };
std::optional<Matrix> Extend(const Matrix& a, int i, int j, Extension kind);

// A^n (n >= 2): A^2 = 22/22, then E1 at (1,1). B^n: B^2 = 32/23, then E2 at (1,1).
Matrix SequenceA(int n);
Matrix SequenceB(int n);
// The 2-cycle C_k (k >= 2 here; the paper's family starts at k = 3).
Matrix TwoCycle(int k);
// The k x k 2-cycle pattern (k = weights.size() / 2, 2..8) with the given weights (1..255):
// row i holds weights[2i] at column i and weights[2i+1] at column i+1 (mod k), so that going
// around the cycle meets weights[0], weights[2k-1], weights[2k-2], ..., weights[1].
Matrix WeightedTwoCycle(const std::vector<int>& weights);
// The weighted 2-cycles of docs/results.md, k x k, entries t (1..254): every entry t; t and t+1
// alternating around the cycle (as 3400/0340/0034/4003); every entry t but two opposite entries
// of the cycle t+1 (as 0303/3030/0340/3004).
Matrix CyclePattern(int k, int t);
Matrix AlternatingCycle(int k, int t);
Matrix OppositeCycle(int k, int t);
// The "cubic seki" of GO: four black and four white groups, each black and white pair but one
// sharing 1 + i liberties: (1+i)(J_4 - I_4), i = 0..254.
Matrix CubicSeki(int i);

}  // namespace seki
