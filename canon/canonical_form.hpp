// Canonical forms of matrices up to row and column permutation (transposition is NOT allowed: it
// swaps the players). Two matrices get the same canonical form iff they are isomorphic.
// Concurrency: every function is pure and thread-safe (nauty is built with thread-local storage).
#pragma once

#include <cstdint>

#include "engine/base/matrix.hpp"

namespace seki::canon {

// The canonical form used everywhere in the project: the fast exact method for the shapes it
// supports, nauty otherwise. The choice depends only on the shape, so within a shape every
// matrix gets its representative from one method.
Matrix CanonicalForm(const Matrix& a);

// General method: nauty on the bipartite graph of the matrix, entries encoded as edge colours by
// layering (nauty User's Guide), rows and columns kept apart by a fixed colour partition.
// Works for every supported shape (up to 8 x 8, entries up to 255).
Matrix CanonicalFormNauty(const Matrix& a);

// Fast exact method for small shapes; agrees with nauty on which matrices are isomorphic (it
// may pick a different representative). Precondition: FastPathSupports(a.rows(), a.cols()).
bool FastPathSupports(int rows, int cols);
Matrix CanonicalFormFast(const Matrix& a);

// CanonicalForm(a) packed into one integer: row-major, first entry most significant, `bits` bits
// per entry (the layout of KeyCodec). Precondition: rows * cols * bits <= 64 and every entry fits
// in `bits` bits. The fast path packs straight from its search, without building a Matrix.
std::uint64_t CanonicalFormKey(const Matrix& a, int bits);
std::uint64_t CanonicalFormKeyFast(const Matrix& a, int bits);

// Which children IncrementKeys computes: those a + e(i, j) whose row i is in the mask (bit i).
using RowMask = std::uint32_t;
inline constexpr RowMask kEveryRow = ~RowMask{0};

// The canonical keys (as CanonicalFormKey(., bits)) of a + e(i, j) for every cell (i, j) with
// a(i, j) < max_entry and row i in `rows`, in row-major order of the cells; returns how many were
// written to `keys` (room for rows * cols). Same keys as one CanonicalFormKey per child, found
// faster: the line invariants of `a` are computed once, and a child whose rows have distinct
// invariants needs no search. Precondition as for CanonicalFormKey (for every child).
int IncrementKeys(const Matrix& a, int max_entry, int bits, std::uint64_t* keys,
                  RowMask rows = kEveryRow);
int IncrementKeysFast(const Matrix& a, int max_entry, int bits, std::uint64_t* keys,
                      RowMask rows = kEveryRow);
// The same for the rows x cols matrix packed as `key` (KeyCodec's layout, `bits` per entry).
int IncrementKeys(std::uint64_t key, int rows, int cols, int bits, int max_entry,
                  std::uint64_t* keys, RowMask row_mask = kEveryRow);
int IncrementKeysFast(std::uint64_t key, int rows, int cols, int bits, int max_entry,
                      std::uint64_t* keys, RowMask row_mask = kEveryRow);

}  // namespace seki::canon
