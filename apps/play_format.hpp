// Rendering of a game of `seki play` (engine/solve/play_session.hpp) as lines of text: the
// introduction, the position, each step, what the player to move can force, hints and the end.
// Rows and columns are numbered from 1, as the user types them.
// Concurrency: pure functions of their arguments; safe from any thread.
#pragma once

#include <string>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/play_session.hpp"

namespace seki::cli {

// Who plays what, the rules in two lines, the values of the start (`values`) and the commands.
std::string PlayIntro(const PlaySession& session, const Outcome& values);

// The matrix as a grid with row and column numbers, one line per row.
std::string PositionGrid(const Matrix& a);

// "R (you) lowers (1,2) -> 023/331/312" or "C (engine) passes".
std::string StepText(const PlayStep& step, Player human);

// "R to move: R can force a win. R has a winning move; a pass leads to a draw."
std::string ForecastText(const PlayForecast& f);

// Every move of the player to move with its result, one line per row of the matrix, then pass.
std::string HintText(const PlayHint& h);

// "Game over: C wins: column 2 is zero. The engine (C) wins." (the session is over).
std::string EndText(const PlaySession& session);

}  // namespace seki::cli
