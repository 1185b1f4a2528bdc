// Rendering of the matrix reports (engine/describe/matrix_report.hpp) for `seki show`, `seki
// extend` and `seki family`: readable text, or one line of JSON per result. Rows and columns are
// numbered from 1 in both.
// Concurrency: pure functions of their arguments; safe from any thread.
#pragma once

#include <string>
#include <vector>

#include "engine/describe/matrix_report.hpp"

namespace seki::cli {

// `seki show`: the matrix, then one "  name       value" line per fact and both games' values.
// Precondition: the report is solved.
std::string ShowText(const MatrixReport& r);
// One JSON object on one line (no trailing newline) with keys matrix, rows, cols, sum, height,
// canonical, transpose, idsm, line_sum, row_sums, col_sums, prime, blocks, symmetric, planar,
// seki, dseki.
std::string ShowJson(const MatrixReport& r);

// `seki extend`: a header line for `a` and `kind`, then per entry its extension (or why it is
// undefined) and both games' values.
std::string ExtendText(const Matrix& a, Extension kind, const std::vector<ExtensionReport>& list);
// {"matrix":...,"kind":"E1","extensions":[{"at":[1,2],"defined":true,"matrix":...,"idsm":...,
// "prime":...,"seki":{...},"dseki":{...}} or {"at":[..],"defined":false,"reason":...}]}
std::string ExtendJson(const Matrix& a, Extension kind, const std::vector<ExtensionReport>& list);

// `seki family`: "A^4 = 3100/... 4x4, sum 16, height 3, IDSM line sum 4, prime" (no newline),
// printed before solving; FamilyValuesText: both games' values once solved.
std::string FamilyHeadline(const FamilyReport& f);
std::string FamilyValuesText(const FamilyReport& f);
// One JSON object: family, n, name, matrix, rows, cols, sum, height, idsm, line_sum, prime,
// symmetric, planar and, when solved, seki and dseki.
std::string FamilyJson(const FamilyReport& f);

}  // namespace seki::cli
