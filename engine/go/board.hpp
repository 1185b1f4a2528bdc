// Board: a GO position (black and white stones on a width x height grid), its chains and their
// liberties, GO coordinates as GO programs print them (columns A..Z without I, row 1 at the
// bottom: "C3"), and a move with the capture rule (for the main line of an SGF file).
// Concurrency: a Board is a value type; the functions are pure.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace seki::go {

enum class Stone : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2 };

constexpr Stone Other(Stone s) { return s == Stone::kBlack ? Stone::kWhite : Stone::kBlack; }
constexpr const char* ColourName(Stone s) { return s == Stone::kBlack ? "black" : "white"; }

// The largest board: GO coordinates have 25 column letters (A..Z without I).
inline constexpr int kMaxBoardSize = 25;

// A point: column x from the left, row y from the bottom, both from 0 ("A1" is {0, 0}).
struct Point {
  int x = 0, y = 0;
  friend constexpr bool operator==(const Point&, const Point&) = default;
};

// Reading order of a diagram: top row first, left to right.
bool ReadingBefore(Point a, Point b);

// "C3" (column letter without I, row number from 1 at the bottom).
std::string PointName(Point p);
// "C3", "c3" -> {2, 2}; an InputError naming `where` when it is not a point of a board of the size.
Point ParsePointName(std::string_view text, int width, int height, std::string_view where);

class Board {
 public:
  Board() = default;
  // An empty board; an InputError naming `where` for a size outside 1..kMaxBoardSize.
  Board(int width, int height, std::string_view where = "board");

  int width() const { return width_; }
  int height() const { return height_; }
  bool Inside(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < width_ && p.y < height_; }
  Stone at(Point p) const { return cells_[Index(p)]; }
  void set(Point p, Stone s) { cells_[Index(p)] = s; }
  int Index(Point p) const { return p.y * width_ + p.x; }
  Point PointAt(int index) const { return {index % width_, index / width_}; }
  int size() const { return width_ * height_; }
  // The up to four neighbours of p on the board.
  std::vector<Point> Neighbours(Point p) const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  int width_ = 0, height_ = 0;
  std::vector<Stone> cells_;
};

// A chain: stones of one colour connected through neighbours, and its liberties (empty neighbours).
struct Chain {
  Stone colour = Stone::kBlack;
  std::vector<Point> stones;     // in reading order; stones.front() names the chain
  std::vector<Point> liberties;  // in reading order
};

// Every chain of the board in reading order of their first stones, and each point's chain index
// (-1 for an empty point).
struct ChainMap {
  std::vector<Chain> chains;
  std::vector<int> chain_of;  // by Board::Index
};
ChainMap FindChains(const Board& board);

// "W C3", "B E5": a chain named by its colour and first stone.
std::string ChainName(const Chain& chain);

// Plays `colour` at p with the capture rule: opponent chains left without a liberty are removed,
// then the mover's own chain if it has none (suicide, as some rule sets and SGF files allow).
// Returns the number of stones captured. An InputError naming `where` for an occupied point.
int PlayMove(Board& board, Point p, Stone colour, std::string_view where);

}  // namespace seki::go
