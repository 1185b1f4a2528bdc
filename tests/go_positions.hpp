// GO positions shared by the GO tests (engine/go): the classic two-group seki in diagram form and
// its variants, a race with an eye and one with outside liberties, each a text diagram (X black,
// O white, . empty, top row first).
#pragma once

namespace seki::testing {

// A white ring around a black chain with two shared liberties (C4, D4): the 1x1 matrix (2).
inline constexpr const char* kClassicSeki = R"(
. X X X X X .
X O O O O O X
X O . . X O X
X O X X X O X
X O O O O O X
. X X X X X .
)";

// The same with three shared liberties (C4, D4, E4): (3), a seki that is not complete.
inline constexpr const char* kThreeLiberties = R"(
. X X X X X .
X O O O O O X
X O . . . O X
X O X X X O X
X O O O O O X
. X X X X X .
)";

// One shared liberty (D4): (1), the player to move captures.
inline constexpr const char* kOneLiberty = R"(
. X X X X X .
X O O O O O X
X O X . X O X
X O X X X O X
X O O O O O X
. X X X X X .
)";

// The black chain has an eye at D4 and one shared liberty, C5: the race 1 eyes :1, which Black
// wins whoever moves first.
inline constexpr const char* kBlackEye = R"(
. X X X X X .
X O O O O O X
X O . X X O X
X O X . X O X
X O X X X O X
X O O O O O X
. X X X X X .
)";

// A race (spec section 7): two shared liberties (A5, B5), two outside liberties for each group
// (A7 B7 of the white group next to the black wall above, B3 C3 of the black group next to the
// white wall below): a seki. The black wall has open space above it, so it does not live
// unconditionally and the verdict says it assumes that it lives.
inline constexpr const char* kOpenWallRace = R"(
. . . . .
. . . . .
X X X X X
. . O O O
O O O O O
. . X X X
X X X X X
O . . O O
O O O O O
. O . O O
)";

}  // namespace seki::testing
