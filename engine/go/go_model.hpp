// GoModel: a GO position read as a race of spec section 7 (the paper's matrix, Section 2, with each
// group's outside liberties and one-point eye beside it): the selected white chains are the rows,
// the black chains the columns, A(i,j) counts the empty points that touch white group i and black
// group j, p_i (q_j) the empty points next to white (black) group i (j) and to no group of the
// other colour, next to a wall of that colour instead, and e_i (f_j) a point all of whose
// neighbours are stones of the group. ExtractModel selects the groups (a region, points, or by
// default the largest set of chains that are such groups) and checks the model's conditions,
// naming the point and the group that breaks one: never a race that does not mean the position.
// The walls are the other chains next to the groups or their liberties; the model assumes they
// live (go_walls.hpp says which do unconditionally).
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/race.hpp"
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

// An outside liberty or an eye of one group: white group `row` or black group `col` (the other
// -1).
struct GroupLiberty {
  Point at;
  int row = -1, col = -1;
};

struct GoModel {
  Board board;
  std::vector<Chain> white, black;       // rows and columns, in reading order of their stones
  std::vector<SharedLiberty> liberties;  // in reading order
  std::vector<GroupLiberty> outside;     // outside liberties, in reading order
  std::vector<GroupLiberty> eyes;        // one-point eyes, in reading order
  std::vector<Chain> walls;              // the other chains next to a group or its liberty
  Matrix matrix;                         // rows = white groups, columns = black groups
  Race race;                             // the matrix with the outside liberties and eyes

  // The liberties of entry (i, j) in reading order.
  std::vector<Point> EntryLiberties(int i, int j) const;
  // The points of a move's place, in reading order: an entry's liberties, a group's outside
  // liberties, its eye.
  std::vector<Point> MovePoints(RaceMove m) const;
  std::string RowName(int i) const { return ChainName(white[i]); }  // "W C3"
  std::string ColName(int j) const { return ChainName(black[j]); }  // "B E5"
};

// Each liberty of the groups with the label of its place (reading order): "1,2" for a liberty of
// entry (1,2), "p1" an outside liberty of white group (row) 1, "q2" of black group (column) 2,
// "e1" the eye of white group 1, "f2" of black group 2.
std::vector<std::pair<Point, std::string>> EntryLabels(const GoModel& model);

// "A(1,2)", "p1", "q2", "e1", "f2": the place of a move as EntryLabels writes it (an entry in the
// paper's notation).
std::string PlaceLabel(RaceMove m);

// The model of the selected groups. An InputError naming `where` and the first condition that
// fails for a group, naming its point: no liberty; a ko (a stone of one group can be captured there
// and retaken); a liberty touching two groups of one colour (they could join) or a wall of the
// group's colour (the group could join it); a liberty next to an empty point that is not the
// group's liberty (filling it would give a new liberty); an outside liberty that touches no stone
// of the other colour (a stone there could be captured; an eye of two or more points when only the
// group surrounds it); two one-point eyes (the group lives: a wall, not a group of a race); a
// region or points with no group, no group of a colour, more than 8 groups of a colour, more than
// 255 liberties in one place. By default (kShared), the groups are the largest set of chains that
// break none of these, each next to a group of the other colour (its stones or a shared liberty),
// and only an empty set is an error.
GoModel ExtractModel(const Board& board, const GoSelection& selection, std::string_view where);

}  // namespace seki::go
