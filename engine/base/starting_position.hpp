// Matrices given by a user (the CLI's arguments, the Python package's strings): parsed with the
// text that names them in a message, and checked to be starting positions. Every failure is an
// InputError "<where>: <problem>", the line `seki` prints after "seki: ".
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "engine/base/matrix.hpp"

namespace seki {

// Why a is not a legal starting position ("row 2 is zero", "column 1 is zero"); "" when it is one.
std::string StartingPositionProblem(const Matrix& a);

// Throws InputError(where, StartingPositionProblem(a)) unless a is a starting position.
void CheckStartingPosition(const Matrix& a, std::string_view where);

// ParseMatrix(text), with a ParseError turned into InputError(where, its message).
Matrix ParseMatrixAt(std::string_view where, std::string_view text);

}  // namespace seki
