// Reports on single matrices, as structured results for any driver (`seki show`, `seki extend`,
// `seki family`, Python): a matrix's facts and both games' values, its E1/E2 extensions, and the
// members of the paper's families A^n, B^n and C_N. Bad input throws InputError with one line.
// Values come from the caller's SolveEngine (the one solve path), none when it is null.
// Concurrency: reentrant; calls on different threads need SolveEngines of their own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/solve_engine.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki {

// Everything `seki show` says about one matrix.
struct MatrixReport {
  Matrix matrix;
  int rows = 0, cols = 0, sum = 0, height = 0;
  Matrix canonical;  // up to row/column permutation
  Matrix transpose;
  bool idsm = false;
  std::optional<int> line_sum;  // the IDSM's line sum; nothing when it is not an IDSM
  std::vector<int> row_sums, col_sums;
  std::vector<Matrix> blocks;  // the prime blocks (one when the matrix is prime)
  bool prime = false;
  bool symmetric = false;         // isomorphic to its transpose
  bool planar = false;            // the bipartite graph of positive entries is planar
  std::optional<Solution> value;  // both games' values, when solved
};

// The facts of `a` (a starting position: no zero line) and, with an engine, its values
// (SolveEngine::Values, naming `where`, empty: the matrix's text; throws as it does).
MatrixReport DescribeMatrix(const Matrix& a, SolveEngine* engine = nullptr,
                            std::string_view where = {});

// "E1" or "E2".
std::string_view ExtensionName(Extension kind);

// One extension of a matrix at a positive entry.
struct ExtensionReport {
  int row = 0, col = 0;                   // the entry, numbered from 1
  std::optional<MatrixReport> extension;  // nothing where the extension is undefined
  std::string undefined;                  // then why: "undefined: A(2,3) = 1 is below 2"
};

// Throws InputError(where, "RxC: an extension would have ... (at most 8 each)") when an extension
// of `a` would not fit in 8 x 8; `where` names the matrix (empty: its text).
void CheckExtendable(const Matrix& a, std::string_view where = {});

// The `kind` extensions of `a` at the entry `at` (row, column numbered from 1), or with nothing
// at every positive entry in row-major order (undefined ones included, with the reason), each
// solved by `engine` when given. Throws InputError as CheckExtendable, InputError("--at", ...)
// when `at` is outside the matrix, a zero entry, or an entry where the extension is undefined,
// and as SolveEngine::Values (naming the extension's text).
std::vector<ExtensionReport> Extensions(const Matrix& a, Extension kind,
                                        std::optional<std::pair<int, int>> at,
                                        SolveEngine* engine = nullptr, std::string_view where = {});

// A member of one of the paper's infinite families.
struct FamilyReport {
  char family = 'A';  // 'A', 'B' or 'C'
  int n = 0;
  std::string name;  // "A^4", "B^3", "C_5"
  MatrixReport member;
};

// A^n (n in 2..8), B^n (n in 2..8) or the 2-cycle C_N (N in 3..8); the family letter in either
// case, solved by `engine` when given. Throws InputError("family", "'D' is not A, B or C") or
// InputError("--n", ...) for bad input, and as SolveEngine::Values (naming the member).
FamilyReport Family(std::string_view family, int n, SolveEngine* engine = nullptr);

}  // namespace seki
