// SGF (FF[4], GO only: GM[1]): reading a position and writing an analysed one. Reading takes the
// first game of a collection, the board size from SZ (19 when absent), the setup stones (AB, AW,
// AE) and the moves (B, W) of the main line (the first variation at every branch), played with the
// capture rule. Writing makes one game: the board as setup stones, a comment, labels, and lines of
// play as variations, which any SGF editor opens. The grammar is the SGF standard's
// (https://www.red-bean.com/sgf/): docs/dependencies.md says why the project reads it itself.
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/go/board.hpp"

namespace seki::go {

// The position at the end of the main line. An InputError "<where>: SGF: <problem>" for a damaged
// file (the byte offset of the problem), another game (GM other than 1), a size outside 1..25, a
// point off the board or a move on an occupied point.
Board ReadSgf(std::string_view text, std::string_view where);

// The position before move `before` (1-based) of the main line (every move: before < 1), the colour
// of the last move played there (kEmpty when none), and how many moves (passes too) were played:
// GTP's loadsgf. The same InputErrors as ReadSgf.
struct SgfPosition {
  Board board;
  Stone last = Stone::kEmpty;
  int moves = 0;
};
SgfPosition ReadSgfPosition(std::string_view text, std::string_view where, int before = 0);

// Whether the text looks like SGF (its first non-blank characters are "(;").
bool LooksLikeSgf(std::string_view text);

struct SgfMove {
  Stone colour = Stone::kBlack;
  bool pass = false;
  Point at;
  std::string comment;  // C[] of the move's node; empty for none
};

struct SgfRecord {
  Board board;                                        // as setup stones (AB, AW) of the root
  std::string game_name;                              // GN; empty for none
  std::string comment;                                // C of the root
  std::vector<std::pair<Point, std::string>> labels;  // LB of the root
  std::vector<std::vector<SgfMove>> variations;       // each a branch from the root
};

// The SGF text of the record (FF[4], CA[UTF-8], AP[seki:<version>]).
std::string WriteSgf(const SgfRecord& record);

// "dd" for {3, height-4}: a point in SGF's letters (column from the left, row from the top).
std::string SgfPoint(Point p, int height);

}  // namespace seki::go
