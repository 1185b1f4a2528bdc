#include "engine/go/live_walls.hpp"

#include <algorithm>

namespace seki::go {
namespace {

// The points of the ring at distance d from the board's edge, in cyclic order (top row left to
// right, right column down, bottom row right to left, left column up).
std::vector<Point> Ring(const Board& board, int d) {
  const int x0 = d, y0 = d, x1 = board.width() - 1 - d, y1 = board.height() - 1 - d;
  std::vector<Point> out;
  if (x0 > x1 || y0 > y1) return out;
  for (int x = x0; x <= x1; ++x) out.push_back({x, y1});
  for (int y = y1 - 1; y >= y0; --y) out.push_back({x1, y});
  if (y0 < y1)
    for (int x = x1 - 1; x >= x0; --x) out.push_back({x, y0});
  if (x0 < x1)
    for (int y = y0 + 1; y < y1; ++y) out.push_back({x0, y});
  return out;
}

// The point of the inner ring next to an edge point (for a corner, the inner ring's corner).
Point Inward(const Board& board, Point p) {
  return {std::clamp(p.x, 1, board.width() - 2), std::clamp(p.y, 1, board.height() - 2)};
}

}  // namespace

void CloseWithLiveWalls(Board& board) {
  if (board.width() < 3 || board.height() < 3) return;
  // The inner ring: an empty point takes the colour of a stone next to it on the ring.
  const std::vector<Point> inner = Ring(board, 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t k = 0; k < inner.size(); ++k) {
      if (board.at(inner[k]) != Stone::kEmpty) continue;
      for (Point q : {inner[(k + inner.size() - 1) % inner.size()], inner[(k + 1) % inner.size()]})
        if (board.at(q) != Stone::kEmpty) {
          board.set(inner[k], board.at(q));
          changed = true;
          break;
        }
    }
  }
  // The edge: each point the colour of its inward neighbour, then every other point of each run
  // of one colour, its ends excepted, empty.
  const std::vector<Point> edge = Ring(board, 0);
  const int n = int(edge.size());
  std::vector<Stone> colour(n);
  for (int k = 0; k < n; ++k) colour[k] = board.at(Inward(board, edge[k]));
  const auto corner = [&](int k) {
    const Point p = edge[(k % n + n) % n];
    return (p.x == 0 || p.x == board.width() - 1) && (p.y == 0 || p.y == board.height() - 1);
  };
  int start = 0;  // a point where a run begins (0 when the whole edge is one run)
  for (int k = 0; k < n; ++k)
    if (colour[k] != colour[(k + n - 1) % n]) {
      start = k;
      break;
    }
  for (int done = 0; done < n;) {
    const int first = start + done;
    int length = 1;
    while (done + length < n && colour[(first + length) % n] == colour[first % n]) ++length;
    // Eyes inside the run, never two side by side, nor next to a corner stone (which joins its
    // wall only through its neighbours on the edge).
    bool last_eye = false;
    for (int i = 0; i < length; ++i) {
      const int k = first + i;
      const bool eye =
          i > 0 && i < length - 1 && !last_eye && (corner(k) || (!corner(k - 1) && !corner(k + 1)));
      board.set(edge[k % n], eye ? Stone::kEmpty : colour[first % n]);
      last_eye = eye;
    }
    done += length;
  }
}

std::vector<Wall> Walls(const GoModel& model) {
  const Board& board = model.board;
  const ChainMap map = FindChains(board);
  std::vector<char> group(map.chains.size(), 0);
  for (const auto* side : {&model.white, &model.black})
    for (const Chain& c : *side) group[map.chain_of[board.Index(c.stones.front())]] = 1;
  std::vector<Wall> walls;
  std::vector<int> wall_of(map.chains.size(), -1);
  for (int c = 0; c < int(map.chains.size()); ++c)
    if (!group[c]) wall_of[c] = int(walls.size()), walls.push_back({map.chains[c], {}});
  for (int k = 0; k < board.size(); ++k) {
    const Point p = board.PointAt(k);
    if (board.at(p) != Stone::kEmpty) continue;
    int chain = -1;
    bool eye = true;
    for (Point q : board.Neighbours(p)) {
      const int c = map.chain_of[board.Index(q)];
      if (c < 0 || (chain >= 0 && c != chain)) eye = false;
      chain = c;
    }
    if (eye && chain >= 0 && wall_of[chain] >= 0) walls[wall_of[chain]].eyes.push_back(p);
  }
  for (Wall& w : walls) std::sort(w.eyes.begin(), w.eyes.end(), ReadingBefore);
  return walls;
}

std::string WallProblem(const GoModel& model) {
  for (const Wall& w : Walls(model))
    if (w.eyes.size() < 2)
      return "the wall " + ChainName(w.chain) + " has " + std::to_string(w.eyes.size()) +
             (w.eyes.size() == 1 ? " eye" : " eyes") + ", not two";
  return "";
}

}  // namespace seki::go
