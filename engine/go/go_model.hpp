// GoModel: a GO position read as the paper's matrix (Section 2, spec section 6): the selected white
// chains are the rows, the black chains the columns, and A(i,j) counts the empty points that touch
// white group i and black group j. ExtractModel selects the groups (a region, points, or by default
// every chain all of whose liberties are shared) and checks the model's conditions, naming the
// point and the group that breaks one: never a matrix that does not mean the position.
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/go/board.hpp"

namespace seki::go {

// Which chains are the groups of the model.
struct GoSelection {
  enum class Kind { kShared, kRectangle, kPoints } kind = Kind::kShared;
  Point from, to;             // kRectangle: opposite corners
  std::vector<Point> points;  // kPoints: a stone of each group
  std::string text;           // as the user wrote it, for messages
};

// "" (the default), "C3:H9" (the chains with a stone in the rectangle) or "C3,E5,..." (the chains
// through those points). An InputError naming `where` for a point off the board.
GoSelection ParseSelection(std::string_view text, const Board& board, std::string_view where);

// One empty point shared by white group `row` and black group `col` (0-based).
struct SharedLiberty {
  Point at;
  int row = 0, col = 0;
};

struct GoModel {
  Board board;
  std::vector<Chain> white, black;       // rows and columns, in reading order of their stones
  std::vector<SharedLiberty> liberties;  // in reading order
  Matrix matrix;                         // rows = white groups, columns = black groups

  // The liberties of entry (i, j) in reading order.
  std::vector<Point> EntryLiberties(int i, int j) const;
  std::string RowName(int i) const { return ChainName(white[i]); }  // "W C3"
  std::string ColName(int j) const { return ChainName(black[j]); }  // "B E5"
};

// Each shared liberty with the label of its entry, "1,2" for row 1, column 2 (reading order).
std::vector<std::pair<Point, std::string>> EntryLabels(const GoModel& model);

// The model of the selected groups. An InputError naming `where` and the first condition that
// fails: a region or points with no group, an eye, a liberty touching two groups of one colour, a
// group with an outside liberty, a liberty of a selected group touching an unselected one, a shared
// liberty next to an empty point that is not a liberty of the same two groups, more than 8 groups
// of a colour, more than 255 liberties in one entry. By default (kShared), the groups are the
// largest set of chains whose liberties each touch exactly one white and one black chain of the set
// (and whose empty neighbours are liberties of the same two), and only an empty set is an error.
GoModel ExtractModel(const Board& board, const GoSelection& selection, std::string_view where);

}  // namespace seki::go
