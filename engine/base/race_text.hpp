// Race text: the outside liberties and eyes of a race (spec section 7) written beside its matrix,
// as `--outside` and `--eyes` of the CLI and outside=, eyes= of Python take them, and the one-line
// form of a whole race. Beside a matrix: "ROWS:COLS", each side one number per row resp. column,
// comma-separated ("2,0:1,1": rows 2 and 0, columns 1 and 1); a side left empty is all zero
// ("2,0:", ":1,1"). A whole race: its matrix alone when plain, else "MATRIX outside P:Q eyes E:F"
// with either part left out when all zero ("11/11 outside 2,0:1,1"). The matrix text is
// matrix_text's, unchanged (at most 8x8).
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "engine/base/race.hpp"

namespace seki {

// The race of matrix a with the outside liberties and eyes given as "ROWS:COLS" ("" for none). An
// InputError naming `where` ("--outside", "--eyes" prefixed by it) for a malformed list, the wrong
// number of values, an outside liberty over kMaxOutside or an eye other than 0 or 1. Does not
// require a starting position (RaceStartProblem).
Race MakeRace(const Matrix& a, std::string_view outside, std::string_view eyes,
              std::string_view where);

// "ROWS:COLS" of the outside liberties, resp. the eyes; "" when all are zero.
std::string FormatOutside(const Race& r);
std::string FormatEyes(const Race& r);

// The one-line form above; ParseRace(FormatRace(r)) == r.
std::string FormatRace(const Race& r);
// Reads FormatRace's form. An InputError naming `where` for anything else.
Race ParseRace(std::string_view text, std::string_view where);

}  // namespace seki
