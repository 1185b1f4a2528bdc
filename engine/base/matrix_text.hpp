// Matrix text syntax shared by the CLI and the catalogues: rows separated by '/'; a row without
// commas has one digit per entry ("033/303/330"), a row with commas has comma-separated integers
// ("3,10,0/0,3,3"). A one-entry row above 9 is written with a trailing comma ("12," or "12,/3,").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/base/matrix.hpp"

namespace seki {

// A one-line description of what is wrong with a matrix text and where (row, column, character).
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The text without surrounding whitespace (space, tab, CR, LF, VT, FF).
std::string_view TrimSpace(std::string_view text);

// Parses the syntax above. Surrounding whitespace is ignored. Checks shape (1..8 rows and columns,
// equal row lengths) and entries (0..255); does not require the matrix to be a starting position.
Matrix ParseMatrix(std::string_view text);

// Digit rows when every entry is at most 9, comma rows otherwise; ParseMatrix(FormatMatrix(a)) ==
// a.
std::string FormatMatrix(const Matrix& a);

}  // namespace seki
