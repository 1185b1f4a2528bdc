// The region of a fight: the closed area around the targets, or the open closure.
#include "engine/go/go_fight.hpp"

#include <algorithm>

#include "engine/base/input_error.hpp"
#include "engine/go/benson.hpp"

namespace seki::go {
namespace {

// The points connected to the targets through points that are not stones of a live chain.
std::vector<int> ClosedArea(const Board& board, const ChainMap& map, const std::vector<char>& alive,
                            const std::vector<Point>& targets) {
  std::vector<char> seen(board.size(), 0);
  std::vector<int> area;
  for (Point t : targets)
    if (!seen[board.Index(t)]) seen[board.Index(t)] = 1, area.push_back(board.Index(t));
  for (std::size_t n = 0; n < area.size(); ++n)
    for (Point q : board.Neighbours(board.PointAt(area[n]))) {
      const int k = board.Index(q), c = map.chain_of[k];
      if (seen[k] || (c >= 0 && alive[c])) continue;
      seen[k] = 1;
      area.push_back(k);
    }
  return area;
}

// The empty area (connected empty points) through k.
std::vector<int> EmptyArea(const Board& board, int k) {
  std::vector<char> seen(board.size(), 0);
  std::vector<int> area{k};
  seen[k] = 1;
  for (std::size_t n = 0; n < area.size(); ++n)
    for (Point q : board.Neighbours(board.PointAt(area[n])))
      if (const int j = board.Index(q); !seen[j] && board.at(q) == Stone::kEmpty)
        seen[j] = 1, area.push_back(j);
  return area;
}

// The open closure of the module comment.
std::vector<int> OpenArea(const Board& board, const ChainMap& map, const std::vector<char>& alive,
                          const std::vector<Point>& targets) {
  std::vector<char> in_point(board.size(), 0), in_chain(map.chains.size(), 0);
  const auto add_chain = [&](int c) {
    in_chain[c] = 1;
    for (Point s : map.chains[c].stones) in_point[board.Index(s)] = 1;
    for (Point l : map.chains[c].liberties) in_point[board.Index(l)] = 1;
  };
  std::vector<char> is_target(map.chains.size(), 0);
  for (Point t : targets)
    add_chain(map.chain_of[board.Index(t)]), is_target[map.chain_of[board.Index(t)]] = 1;
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < board.size(); ++k) {  // eye spaces next to the region
      if (!in_point[k] || board.at(board.PointAt(k)) != Stone::kEmpty) continue;
      for (Point q : board.Neighbours(board.PointAt(k))) {
        const int j = board.Index(q);
        if (in_point[j] || board.at(q) != Stone::kEmpty) continue;
        const std::vector<int> area = EmptyArea(board, j);
        if (int(area.size()) > kMaxEyeSpace) continue;
        for (int e : area) in_point[e] = 1;
        changed = true;
      }
    }
    for (int c = 0; c < int(map.chains.size()); ++c) {  // weak chains next to it
      if (in_chain[c] || alive[c]) continue;
      const Chain& chain = map.chains[c];
      bool next_to = false, touches_target = false;
      for (Point s : chain.stones)
        for (Point q : board.Neighbours(s)) {
          next_to = next_to || in_point[board.Index(q)];
          const int d = map.chain_of[board.Index(q)];
          touches_target = touches_target || (d >= 0 && is_target[d]);
        }
      if (!next_to) continue;
      const bool enclosed = std::all_of(chain.liberties.begin(), chain.liberties.end(),
                                        [&](Point l) { return in_point[board.Index(l)]; });
      const bool weak = touches_target && int(chain.liberties.size()) <= kWeakLiberties;
      if (enclosed || weak) add_chain(c), changed = true;
    }
  }
  // The empty points next to the region's empty points: where a stone played in the region can be
  // captured or approached from.
  std::vector<char> ring = in_point;
  for (int k = 0; k < board.size(); ++k)
    if (in_point[k] && board.at(board.PointAt(k)) == Stone::kEmpty)
      for (Point q : board.Neighbours(board.PointAt(k)))
        if (board.at(q) == Stone::kEmpty) ring[board.Index(q)] = 1;
  std::vector<int> area;
  for (int k = 0; k < board.size(); ++k)
    if (ring[k]) area.push_back(k);
  return area;
}

}  // namespace

GoFight FightOf(const Board& board, const std::vector<Point>& targets, std::string_view where,
                FightArea kind) {
  for (Point t : targets)
    if (board.at(t) == Stone::kEmpty) throw InputError(where, PointName(t) + " is empty");
  const ChainMap map = FindChains(board);
  const std::vector<char> alive = UnconditionallyAlive(board, map);
  GoFight fight;
  fight.board = board;
  fight.targets = targets;
  std::vector<int> area;
  if (kind == FightArea::kClosed) {
    area = ClosedArea(board, map, alive, targets);
    if (int(area.size()) > kMaxClosedPoints) area = OpenArea(board, map, alive, targets);
  } else {
    area = OpenArea(board, map, alive, targets);
  }
  std::sort(area.begin(), area.end());
  fight.region = area;
  std::vector<char> in_point(board.size(), 0), listed(map.chains.size(), 0);
  for (int k : area) in_point[k] = 1;
  for (int k : area) {
    const int c = map.chain_of[k];
    if (c < 0) {
      ++fight.empty_points;
    } else if (!listed[c]) {
      listed[c] = 1;
      fight.inside.push_back(map.chains[c]);
    }
  }
  bool open_space = false;  // an empty point next to the region, outside it
  for (int k : area)
    for (Point q : board.Neighbours(board.PointAt(k))) {
      const int c = map.chain_of[board.Index(q)];
      if (in_point[board.Index(q)]) continue;
      if (c < 0) {
        open_space = true;
        continue;
      }
      if (listed[c]) continue;
      listed[c] = 1;
      if (!alive[c]) fight.assumed.push_back(map.chains[c]);
    }
  fight.closed = !open_space && fight.assumed.empty();
  const auto reading = [](const Chain& a, const Chain& b) {
    return ReadingBefore(a.stones.front(), b.stones.front());
  };
  std::sort(fight.inside.begin(), fight.inside.end(), reading);
  std::sort(fight.assumed.begin(), fight.assumed.end(), reading);
  return fight;
}

std::string WhyModelDoesNotDecide(const GoModel& race, const GoFight& fight) {
  const Board& board = race.board;
  std::vector<char> of_group(board.size(), 0), liberty(board.size(), 0);
  for (const auto* side : {&race.white, &race.black})
    for (const Chain& c : *side) {
      for (Point s : c.stones) of_group[board.Index(s)] = 1;
      for (Point l : c.liberties) liberty[board.Index(l)] = 1;
    }
  const auto names = [](const std::vector<std::string>& list) {
    std::string out;
    for (const std::string& n : list) out += (out.empty() ? "" : ", ") + n;
    return out;
  };
  std::vector<std::string> capturable, empty;
  for (const Chain& c : fight.inside)
    if (!of_group[board.Index(c.stones.front())]) capturable.push_back(ChainName(c));
  for (int k : fight.region)
    if (board.at(board.PointAt(k)) == Stone::kEmpty && !liberty[k])
      empty.push_back(PointName(board.PointAt(k)));
  std::vector<std::string> why;
  if (!capturable.empty())
    why.push_back("stones in the fight that are no group can be captured (" + names(capturable) +
                  ")");
  if (!empty.empty())
    why.push_back("points of the fight are no liberty of a group (" + names(empty) + ")");
  std::string out;
  for (const std::string& w : why) out += (out.empty() ? "" : "; ") + w;
  return out;
}

bool ModelDecides(const GoModel& race, const GoFight& fight) {
  return WhyModelDoesNotDecide(race, fight).empty();
}

GoFight FightOfRace(const GoModel& race, FightArea kind) {
  std::vector<Point> targets;
  for (const auto* side : {&race.white, &race.black})
    for (const Chain& c : *side) targets.push_back(c.stones.front());
  return FightOf(race.board, targets, "position", kind);
}

}  // namespace seki::go
