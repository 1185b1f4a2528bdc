// Realisation: a board position whose model is a given matrix (rows = white groups, columns = black
// groups), the region closed by live walls. The groups of one colour are horizontal bars stacked
// one above the other; each group of the other colour is a block between two consecutive bars, or
// one of two runners that wind around the bars' left resp. right ends from the top bar to the
// bottom one (with two bars or more there are always two: a block is made one where no group needs
// it, a single group of that colour is a ring around the bars); each shared liberty is an empty
// point between the bar and the block it belongs to; the rest is walls (stones of the colour
// opposite to the groups they touch) and empty points away from the groups. The walls are four
// chains (two with one bar) that run on along the board's edge, each with two eyes or more there,
// so they live unconditionally (live_walls.hpp). Every position is checked by ExtractModel and
// WallProblem before it is returned; of all stackings the smallest board is kept. This realises
// every planar matrix whose groups can be stacked so (all planar 1x1, 2x2 and 3x3 matrices, paths,
// cycles such as the 2-cycles C_3..C_6, A^4 and B^4, but not A^5 and B^5); a matrix with a
// non-planar graph (133/313/331, K3,3) has none on a board, and one that needs more than two
// runners or more than 25x25 points is refused. Concurrency: pure functions.
#pragma once

#include <string_view>

#include "engine/base/matrix.hpp"
#include "engine/go/go_model.hpp"

namespace seki::go {

struct Realisation {
  Board board;
  GoSelection groups;  // a stone of every group (kPoints), white groups first, in row order
  GoModel model;       // ExtractModel(board, groups): its matrix is `a` up to the order of lines
};

// A board realising a starting position a, its walls alive. An InputError naming `where` when
// there is none of the shape above (the reason: not planar, more than two runners, a board over
// 25x25).
Realisation Realise(const Matrix& a, std::string_view where);

}  // namespace seki::go
