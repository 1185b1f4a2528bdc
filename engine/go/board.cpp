#include "engine/go/board.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include "engine/base/input_error.hpp"

namespace seki::go {
namespace {

constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// The chain through p (stones of p's colour), its stones in flood order; marks `seen`.
std::vector<Point> Flood(const Board& board, Point p, std::vector<char>& seen) {
  std::vector<Point> stones{p}, stack{p};
  seen[board.Index(p)] = 1;
  while (!stack.empty()) {
    const Point q = stack.back();
    stack.pop_back();
    for (Point r : board.Neighbours(q))
      if (!seen[board.Index(r)] && board.at(r) == board.at(p)) {
        seen[board.Index(r)] = 1;
        stones.push_back(r);
        stack.push_back(r);
      }
  }
  return stones;
}

bool HasLiberty(const Board& board, const std::vector<Point>& stones) {
  for (Point q : stones)
    for (Point r : board.Neighbours(q))
      if (board.at(r) == Stone::kEmpty) return true;
  return false;
}

}  // namespace

bool ReadingBefore(Point a, Point b) { return a.y != b.y ? a.y > b.y : a.x < b.x; }

std::string PointName(Point p) { return std::string(1, kColumns[p.x]) + std::to_string(p.y + 1); }

Point ParsePointName(std::string_view text, int width, int height, std::string_view where) {
  const auto bad = [&](const std::string& why) {
    return InputError(where, "'" + OneLine(text) + "' is not a point " + why);
  };
  if (text.size() < 2) throw bad("(a column letter A..Z without I and a row number, e.g. C3)");
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  const std::size_t x = kColumns.find(letter);
  if (x == std::string_view::npos)
    throw bad("(a column letter A..Z without I and a row number, e.g. C3)");
  int y = 0;
  for (char ch : text.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(ch)) || y > 100)
      throw bad("(a column letter A..Z without I and a row number, e.g. C3)");
    y = 10 * y + (ch - '0');
  }
  if (int(x) >= width || y < 1 || y > height)
    throw bad("of the " + std::to_string(width) + "x" + std::to_string(height) + " board");
  return {int(x), y - 1};
}

Board::Board(int width, int height, std::string_view where) : width_(width), height_(height) {
  if (width < 1 || height < 1 || width > kMaxBoardSize || height > kMaxBoardSize)
    throw InputError(where, "a board of " + std::to_string(width) + "x" + std::to_string(height) +
                                " points (GO coordinates name boards of 1..25 points a side)");
  cells_.assign(std::size_t(width) * height, Stone::kEmpty);
}

std::vector<Point> Board::Neighbours(Point p) const {
  std::vector<Point> out;
  for (Point q :
       {Point{p.x, p.y + 1}, Point{p.x - 1, p.y}, Point{p.x + 1, p.y}, Point{p.x, p.y - 1}})
    if (Inside(q)) out.push_back(q);
  return out;
}

ChainMap FindChains(const Board& board) {
  ChainMap map;
  map.chain_of.assign(board.size(), -1);
  std::vector<char> seen(board.size(), 0);
  for (int y = board.height() - 1; y >= 0; --y)
    for (int x = 0; x < board.width(); ++x) {
      const Point p{x, y};
      if (board.at(p) == Stone::kEmpty || seen[board.Index(p)]) continue;
      Chain chain{board.at(p), Flood(board, p, seen), {}};
      std::vector<char> counted(board.size(), 0);
      for (Point q : chain.stones) {
        map.chain_of[board.Index(q)] = int(map.chains.size());
        for (Point r : board.Neighbours(q))
          if (board.at(r) == Stone::kEmpty && !counted[board.Index(r)]) {
            counted[board.Index(r)] = 1;
            chain.liberties.push_back(r);
          }
      }
      std::sort(chain.stones.begin(), chain.stones.end(), ReadingBefore);
      std::sort(chain.liberties.begin(), chain.liberties.end(), ReadingBefore);
      map.chains.push_back(std::move(chain));
    }
  return map;
}

std::string ChainName(const Chain& chain) {
  return std::string(chain.colour == Stone::kBlack ? "B " : "W ") + PointName(chain.stones.front());
}

int PlayMove(Board& board, Point p, Stone colour, std::string_view where) {
  if (board.at(p) != Stone::kEmpty)
    throw InputError(where, "a move at " + PointName(p) + ", which is not empty");
  board.set(p, colour);
  int captured = 0;
  const auto remove_if_dead = [&](Point q) {
    std::vector<char> seen(board.size(), 0);
    const std::vector<Point> stones = Flood(board, q, seen);
    if (HasLiberty(board, stones)) return;
    for (Point s : stones) board.set(s, Stone::kEmpty);
    captured += int(stones.size());
  };
  for (Point q : board.Neighbours(p))
    if (board.at(q) == Other(colour)) remove_if_dead(q);
  if (captured == 0) remove_if_dead(p);  // suicide
  return captured;
}

}  // namespace seki::go
