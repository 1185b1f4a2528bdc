#include "engine/base/starting_position.hpp"

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/rules.hpp"

namespace seki {

std::string StartingPositionProblem(const Matrix& a) {
  if (IsStartingPosition(a)) return "";
  for (int i = 0; i < a.rows(); ++i)
    if (a.row_sum(i) == 0) return "row " + std::to_string(i + 1) + " is zero";
  for (int j = 0; j < a.cols(); ++j)
    if (a.col_sum(j) == 0) return "column " + std::to_string(j + 1) + " is zero";
  return "not a starting position";
}

void CheckStartingPosition(const Matrix& a, std::string_view where) {
  if (std::string problem = StartingPositionProblem(a); !problem.empty())
    throw InputError(where, problem);
}

Matrix ParseMatrixAt(std::string_view where, std::string_view text) {
  try {
    return ParseMatrix(text);
  } catch (const ParseError& e) {
    throw InputError(where, e.what());
  }
}

}  // namespace seki
