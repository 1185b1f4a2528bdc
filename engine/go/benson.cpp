#include "engine/go/benson.hpp"

#include <set>

namespace seki::go {
namespace {

// The regions enclosed by the chains of `colour`, and for each the chains next to it and whether
// it is vital to each of them.
struct Region {
  std::vector<Point> empty;  // its empty points
  std::set<int> around;      // the chains of the colour next to it
  std::set<int> vital_to;    // those of which every empty point is a liberty
};

std::vector<Region> Regions(const Board& board, const ChainMap& map, Stone colour) {
  std::vector<Region> regions;
  std::vector<char> seen(board.size(), 0);
  for (int k = 0; k < board.size(); ++k) {
    if (seen[k] || board.at(board.PointAt(k)) == colour) continue;
    Region region;
    std::vector<Point> stack{board.PointAt(k)};
    seen[k] = 1;
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      if (board.at(p) == Stone::kEmpty) region.empty.push_back(p);
      for (Point q : board.Neighbours(p)) {
        if (board.at(q) == colour) {
          region.around.insert(map.chain_of[board.Index(q)]);
        } else if (!seen[board.Index(q)]) {
          seen[board.Index(q)] = 1;
          stack.push_back(q);
        }
      }
    }
    for (int c : region.around) {
      bool vital = true;
      for (Point p : region.empty) {
        bool liberty = false;
        for (Point q : board.Neighbours(p)) liberty = liberty || map.chain_of[board.Index(q)] == c;
        vital = vital && liberty;
      }
      if (vital) region.vital_to.insert(c);
    }
    regions.push_back(std::move(region));
  }
  return regions;
}

}  // namespace

std::vector<char> UnconditionallyAlive(const Board& board, const ChainMap& map) {
  std::vector<char> alive(map.chains.size(), 0);
  for (Stone colour : {Stone::kBlack, Stone::kWhite}) {
    const std::vector<Region> regions = Regions(board, map, colour);
    std::vector<char> in_x(map.chains.size(), 0), in_r(regions.size(), 1);
    for (int c = 0; c < int(map.chains.size()); ++c) in_x[c] = map.chains[c].colour == colour;
    for (bool changed = true; changed;) {
      changed = false;
      for (int c = 0; c < int(map.chains.size()); ++c) {
        if (!in_x[c]) continue;
        int vital = 0;
        for (std::size_t r = 0; r < regions.size(); ++r)
          vital += in_r[r] && regions[r].vital_to.count(c);
        if (vital < 2) in_x[c] = 0, changed = true;
      }
      for (std::size_t r = 0; r < regions.size(); ++r) {
        if (!in_r[r]) continue;
        for (int c : regions[r].around)
          if (!in_x[c]) {
            in_r[r] = 0;
            changed = true;
            break;
          }
      }
    }
    for (int c = 0; c < int(map.chains.size()); ++c) alive[c] = alive[c] || in_x[c];
  }
  return alive;
}

std::vector<Chain> WallsAssumedAlive(const GoModel& model) {
  const ChainMap map = FindChains(model.board);
  const std::vector<char> alive = UnconditionallyAlive(model.board, map);
  std::vector<Chain> out;
  for (const Chain& wall : model.walls)
    if (!alive[map.chain_of[model.board.Index(wall.stones.front())]]) out.push_back(wall);
  return out;
}

}  // namespace seki::go
