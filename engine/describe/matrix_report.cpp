#include "engine/describe/matrix_report.hpp"

#include <fmt/format.h>

#include "canon/canonical_form.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/structure/planarity.hpp"

namespace seki {
namespace {

std::string Where(const Matrix& a, std::string_view where) {
  return where.empty() ? FormatMatrix(a) : std::string(where);
}

MatrixReport Describe(const Matrix& a, SolveEngine* engine, std::string_view where) {
  MatrixReport r;
  r.matrix = a;
  r.rows = a.rows();
  r.cols = a.cols();
  r.sum = a.sum();
  r.height = a.height();
  r.canonical = canon::CanonicalForm(a);
  r.transpose = a.transposed();
  r.idsm = IsIdsm(a);
  if (r.idsm) r.line_sum = a.row_sum(0);
  for (int i = 0; i < a.rows(); ++i) r.row_sums.push_back(a.row_sum(i));
  for (int j = 0; j < a.cols(); ++j) r.col_sums.push_back(a.col_sum(j));
  r.blocks = PrimeBlocks(a);
  r.prime = IsPrime(a);
  r.symmetric = IsSymmetric(a);
  r.planar = IsPlanar(a);
  if (engine) r.value = engine->Values(a, Where(a, where));
  return r;
}

std::string UndefinedReason(const Matrix& a, int i, int j, Extension kind) {
  return fmt::format("undefined: A({},{}) = {} is below {}", i + 1, j + 1, a(i, j),
                     static_cast<int>(kind));
}

}  // namespace

MatrixReport DescribeMatrix(const Matrix& a, SolveEngine* engine, std::string_view where) {
  return Describe(a, engine, where);
}

std::string_view ExtensionName(Extension kind) { return kind == Extension::kE1 ? "E1" : "E2"; }

void CheckExtendable(const Matrix& a, std::string_view where) {
  if (a.rows() >= kMaxDim || a.cols() >= kMaxDim)
    throw InputError(Where(a, where), fmt::format("{}x{}: an extension would have {} rows and {} "
                                                  "columns (at most 8 each)",
                                                  a.rows(), a.cols(), a.rows() + 1, a.cols() + 1));
}

std::vector<ExtensionReport> Extensions(const Matrix& a, Extension kind,
                                        std::optional<std::pair<int, int>> at, SolveEngine* engine,
                                        std::string_view where) {
  CheckExtendable(a, where);
  std::vector<std::pair<int, int>> entries;  // 0-based
  if (at) {
    const auto [i, j] = *at;
    if (i < 1 || i > a.rows() || j < 1 || j > a.cols())
      throw InputError(
          "--at", fmt::format("({},{}) is outside the {}x{} matrix", i, j, a.rows(), a.cols()));
    if (a(i - 1, j - 1) == 0)
      throw InputError("--at",
                       fmt::format("A({},{}) = 0: extensions are taken at positive entries", i, j));
    if (!Extend(a, i - 1, j - 1, kind))
      throw InputError("--at", fmt::format("{} at ({},{}) is {}", ExtensionName(kind), i, j,
                                           UndefinedReason(a, i - 1, j - 1, kind)));
    entries.emplace_back(i - 1, j - 1);
  } else {
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j)
        if (a(i, j) > 0) entries.emplace_back(i, j);
  }
  // Every extension is built before any is solved.
  std::vector<std::pair<std::pair<int, int>, std::optional<Matrix>>> built;
  for (const auto& [i, j] : entries) built.push_back({{i, j}, Extend(a, i, j, kind)});
  std::vector<ExtensionReport> out;
  for (const auto& [ij, e] : built) {
    const auto [i, j] = ij;
    ExtensionReport r{i + 1, j + 1, std::nullopt, ""};
    if (e)
      r.extension = Describe(*e, engine, FormatMatrix(*e));
    else
      r.undefined = UndefinedReason(a, i, j, kind);
    out.push_back(std::move(r));
  }
  return out;
}

FamilyReport Family(std::string_view family, int n, SolveEngine* engine) {
  FamilyReport r;
  Matrix m;
  if (family == "A" || family == "a") {
    if (n < 2 || n > kMaxDim) throw InputError("--n", "A^n needs n in 2..8");
    r.family = 'A';
    r.name = "A^" + std::to_string(n);
    m = SequenceA(n);
  } else if (family == "B" || family == "b") {
    if (n < 2 || n > kMaxDim) throw InputError("--n", "B^n needs n in 2..8");
    r.family = 'B';
    r.name = "B^" + std::to_string(n);
    m = SequenceB(n);
  } else if (family == "C" || family == "c") {
    if (n < 3 || n > kMaxDim) throw InputError("--n", "the 2-cycle C_N needs N in 3..8");
    r.family = 'C';
    r.name = "C_" + std::to_string(n);
    m = TwoCycle(n);
  } else {
    throw InputError("family", "'" + std::string(family) + "' is not A, B or C");
  }
  r.n = n;
  r.member = Describe(m, engine, r.name);
  return r;
}

}  // namespace seki
