#include "engine/go/go_model.hpp"

#include <algorithm>
#include <set>

#include "engine/base/input_error.hpp"

namespace seki::go {
namespace {

// The chains touching an empty point p, by colour.
struct Touching {
  std::set<int> black, white;
  std::vector<Point> empty;  // empty neighbours

  const std::set<int>& Of(Stone s) const { return s == Stone::kBlack ? black : white; }
};

Touching TouchingAt(const Board& board, const ChainMap& map, Point p) {
  Touching t;
  for (Point q : board.Neighbours(p)) {
    const int c = map.chain_of[board.Index(q)];
    if (c < 0)
      t.empty.push_back(q);
    else
      (map.chains[c].colour == Stone::kBlack ? t.black : t.white).insert(c);
  }
  return t;
}

bool Contains(const std::vector<Point>& points, Point p) {
  return std::find(points.begin(), points.end(), p) != points.end();
}

std::string Names(const std::vector<Point>& points) {
  std::string out;
  for (Point p : points) out += (out.empty() ? "" : " ") + PointName(p);
  return out;
}

class Checker {
 public:
  Checker(const Board& board, const ChainMap& map) : board_(board), map_(map) {}

  // The first condition of the model that chain c breaks as a group, with the chains of
  // `selected` as the other groups and the rest as walls; "" if none. Only c's own moves and
  // joins are c's problem: a liberty of c touching two groups of the other colour is theirs.
  std::string Problem(int c, const std::vector<char>& selected) const {
    const Chain& chain = map_.chains[c];
    const Stone own = chain.colour, other = Other(own);
    const std::string name = ChainName(chain), colour = ColourName(own);
    const std::string group = "the " + colour + " group " + name;
    if (chain.liberties.empty()) return group + " has no liberty (it would have been captured)";
    std::vector<Point> eyes;
    for (Point p : chain.liberties) {
      const Touching t = TouchingAt(board_, map_, p);
      const std::string at = PointName(p);
      const std::set<int>& same = t.Of(own);
      if (const std::string ko = Ko(p, t, own); !ko.empty()) return ko;
      for (int d : same) {
        if (d == c) continue;
        if (selected[d])
          return "a liberty at " + at + " touching two " + colour + " groups (" +
                 ChainName(map_.chains[*same.begin()]) + " and " +
                 ChainName(map_.chains[*std::next(same.begin())]) + "), which could join";
        return "the liberty at " + at + " of " + group + " touches the " + colour + " wall " +
               ChainName(map_.chains[d]) + " (a stone there would join them)";
      }
      for (Point q : t.empty)
        if (!Contains(chain.liberties, q))
          return "the liberty at " + at + " of " + group + " is next to the empty point " +
                 PointName(q) + ", which is not its liberty (filling " + at +
                 " would give it a new liberty)";
      int partners = 0;
      for (int d : t.Of(other)) partners += selected[d];
      if (partners > 0) continue;          // shared (with two or more, theirs to join)
      if (!t.Of(other).empty()) continue;  // an outside liberty, next to a wall of the other colour
      if (t.empty.empty()) {
        eyes.push_back(p);
        continue;
      }
      const std::vector<Point> region = EmptyRegion(p);
      bool enclosed = true;
      for (Point q : region) enclosed = enclosed && TouchingAt(board_, map_, q).Of(other).empty();
      if (enclosed)
        return "an eye of " + std::to_string(region.size()) + " points (" + Names(region) +
               ") of " + group + " (eyes of two or more points are outside the model)";
      return "the outside liberty at " + at + " of " + group + " touches no " + ColourName(other) +
             " stone (a " + ColourName(other) + " stone there could be captured)";
    }
    if (eyes.size() >= 2)
      return group + " has two eyes (" + Names(eyes) +
             "): it lives, so it is a wall, not a group of a race";
    return "";
  }

  // Whether a stone of the other colour touches c or shares a liberty with it among `selected`.
  bool HasPartner(int c, const std::vector<char>& selected) const {
    const Chain& chain = map_.chains[c];
    const Stone other = Other(chain.colour);
    for (Point s : chain.stones)
      for (Point q : board_.Neighbours(s))
        if (const int d = map_.chain_of[board_.Index(q)];
            d >= 0 && selected[d] && map_.chains[d].colour == other)
          return true;
    for (Point p : chain.liberties) {
      const Touching t = TouchingAt(board_, map_, p);
      for (int d : t.Of(other))
        if (selected[d]) return true;
    }
    return false;
  }

 private:
  // "a ko at P: ..." when every neighbour of p is a stone of `own` and a stone of the other
  // colour there would capture exactly one of them, a single stone (and could be retaken).
  std::string Ko(Point p, const Touching& t, Stone own) const {
    if (!t.empty.empty() || !t.Of(Other(own)).empty() || t.Of(own).size() < 2) return "";
    std::vector<int> captured;
    for (int d : t.Of(own))
      if (map_.chains[d].liberties.size() == 1) captured.push_back(d);
    if (captured.size() != 1 || map_.chains[captured[0]].stones.size() != 1) return "";
    return "a ko at " + PointName(p) + ": the " + ColourName(own) + " stone " +
           ChainName(map_.chains[captured[0]]) + " can be captured there and retaken";
  }

  // The empty points connected to p through empty points, in reading order.
  std::vector<Point> EmptyRegion(Point p) const {
    std::vector<Point> region{p};
    for (std::size_t k = 0; k < region.size(); ++k)
      for (Point q : board_.Neighbours(region[k]))
        if (board_.at(q) == Stone::kEmpty && !Contains(region, q)) region.push_back(q);
    std::sort(region.begin(), region.end(), ReadingBefore);
    return region;
  }

  const Board& board_;
  const ChainMap& map_;
};

// The default groups: the fixpoint of dropping chains that break a condition or have no partner.
std::vector<char> SharedChains(const Board& board, const ChainMap& map, const Checker& checker,
                               std::string_view where) {
  std::vector<char> selected(map.chains.size(), 1);
  std::string nearest;
  int nearest_shared = -1;
  for (bool first = true, changed = true; changed; first = false) {
    changed = false;
    std::vector<char> next = selected;
    for (int c = 0; c < int(map.chains.size()); ++c) {
      if (!selected[c]) continue;
      std::string problem = checker.Problem(c, selected);
      if (problem.empty() && !checker.HasPartner(c, selected))
        problem = "the " + std::string(ColourName(map.chains[c].colour)) + " group " +
                  ChainName(map.chains[c]) + " touches no group of the other colour";
      if (problem.empty()) continue;
      next[c] = 0;
      changed = true;
      if (!first) continue;
      int shared = 0;  // the chain most like a group of the model names the problem
      for (Point p : map.chains[c].liberties) {
        const Touching t = TouchingAt(board, map, p);
        shared += t.black.size() == 1 && t.white.size() == 1;
      }
      if (shared > nearest_shared) nearest = problem, nearest_shared = shared;
    }
    selected = next;
  }
  if (std::find(selected.begin(), selected.end(), 1) == selected.end())
    throw InputError(where,
                     "no group in the model: no chain whose liberties are each shared with one "
                     "group of the other colour, outside liberties next to a wall of the other "
                     "colour or one eye" +
                         (nearest.empty() ? std::string(" (the board has no stone)")
                                          : " (the nearest: " + nearest + ")"));
  return selected;
}

std::vector<char> NamedChains(const Board& board, const ChainMap& map, const GoSelection& s,
                              std::string_view where) {
  std::vector<char> selected(map.chains.size(), 0);
  if (s.kind == GoSelection::Kind::kRectangle) {
    for (int y = std::min(s.from.y, s.to.y); y <= std::max(s.from.y, s.to.y); ++y)
      for (int x = std::min(s.from.x, s.to.x); x <= std::max(s.from.x, s.to.x); ++x)
        if (const int c = map.chain_of[board.Index({x, y})]; c >= 0) selected[c] = 1;
    if (std::find(selected.begin(), selected.end(), 1) == selected.end())
      throw InputError(where, "the region " + s.text + " holds no stone, so no group");
  } else {
    for (Point p : s.points) {
      const int c = map.chain_of[board.Index(p)];
      if (c < 0) throw InputError(where, PointName(p) + " is empty (name a stone of each group)");
      selected[c] = 1;
    }
  }
  return selected;
}

// Counts one more liberty in a byte of the race; an InputError past 255.
void CountOne(std::uint8_t& count, const std::string& what, std::string_view where) {
  if (count == kMaxOutside)
    throw InputError(where, what + " more than " + std::to_string(kMaxOutside) + " liberties");
  ++count;
}

}  // namespace

GoSelection ParseSelection(std::string_view text, const Board& board, std::string_view where) {
  GoSelection s;
  s.text = std::string(text);
  if (text.empty()) return s;
  const auto point = [&](std::string_view t) {
    return ParsePointName(t, board.width(), board.height(), where);
  };
  if (const std::size_t colon = text.find(':'); colon != std::string_view::npos) {
    s.kind = GoSelection::Kind::kRectangle;
    s.from = point(text.substr(0, colon));
    s.to = point(text.substr(colon + 1));
    return s;
  }
  s.kind = GoSelection::Kind::kPoints;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    s.points.push_back(point(text.substr(start, comma - start)));
    start = comma + 1;
  }
  return s;
}

std::vector<Point> GoModel::EntryLiberties(int i, int j) const {
  std::vector<Point> out;
  for (const SharedLiberty& l : liberties)
    if (l.row == i && l.col == j) out.push_back(l.at);
  return out;
}

std::vector<Point> GoModel::MovePoints(RaceMove m) const {
  if (m.kind == RaceMoveKind::kEntry) return EntryLiberties(m.row, m.col);
  const bool eye = m.kind == RaceMoveKind::kRowEye || m.kind == RaceMoveKind::kColEye;
  std::vector<Point> out;
  for (const GroupLiberty& l : eye ? eyes : outside)
    if (l.row == m.row && l.col == m.col) out.push_back(l.at);
  return out;
}

std::string PlaceLabel(RaceMove m) {
  switch (m.kind) {
    case RaceMoveKind::kEntry:
      return "A(" + std::to_string(m.row + 1) + "," + std::to_string(m.col + 1) + ")";
    case RaceMoveKind::kRowOutside:
      return "p" + std::to_string(m.row + 1);
    case RaceMoveKind::kColOutside:
      return "q" + std::to_string(m.col + 1);
    case RaceMoveKind::kRowEye:
      return "e" + std::to_string(m.row + 1);
    case RaceMoveKind::kColEye:
      break;
  }
  return "f" + std::to_string(m.col + 1);
}

std::vector<std::pair<Point, std::string>> EntryLabels(const GoModel& model) {
  std::vector<std::pair<Point, std::string>> out;
  for (const SharedLiberty& l : model.liberties)
    out.push_back({l.at, std::to_string(l.row + 1) + "," + std::to_string(l.col + 1)});
  for (const auto* list : {&model.outside, &model.eyes})
    for (const GroupLiberty& l : *list) {
      const bool eye = list == &model.eyes, white = l.row >= 0;
      const RaceMoveKind kind = white ? (eye ? RaceMoveKind::kRowEye : RaceMoveKind::kRowOutside)
                                      : (eye ? RaceMoveKind::kColEye : RaceMoveKind::kColOutside);
      out.push_back({l.at, PlaceLabel({kind, l.row, l.col})});
    }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return ReadingBefore(a.first, b.first); });
  return out;
}

GoModel ExtractModel(const Board& board, const GoSelection& selection, std::string_view where) {
  const ChainMap map = FindChains(board);
  const Checker checker(board, map);
  const std::vector<char> selected = selection.kind == GoSelection::Kind::kShared
                                         ? SharedChains(board, map, checker, where)
                                         : NamedChains(board, map, selection, where);
  GoModel m;
  m.board = board;
  std::vector<int> index(map.chains.size(), -1);
  for (int c = 0; c < int(map.chains.size()); ++c) {
    if (!selected[c]) continue;
    if (const std::string problem = checker.Problem(c, selected); !problem.empty())
      throw InputError(where, problem);
    auto& side = map.chains[c].colour == Stone::kWhite ? m.white : m.black;
    index[c] = int(side.size());
    side.push_back(map.chains[c]);
  }
  for (const auto& [side, name] : {std::pair{&m.white, "white"}, std::pair{&m.black, "black"}}) {
    if (side->empty())
      throw InputError(where, std::string("no ") + name + " group among the groups (" +
                                  std::to_string(m.white.size() + m.black.size()) + " selected)");
    if (int(side->size()) > kMaxDim)
      throw InputError(where, std::to_string(side->size()) + " " + name +
                                  " groups; the matrix has at most " + std::to_string(kMaxDim) +
                                  " rows and columns");
  }
  m.race = Race(Matrix(int(m.white.size()), int(m.black.size())));
  std::vector<Point> points;
  std::vector<char> wall(map.chains.size(), 0);
  for (int c = 0; c < int(map.chains.size()); ++c) {
    if (!selected[c]) continue;
    const Chain& chain = map.chains[c];
    points.insert(points.end(), chain.liberties.begin(), chain.liberties.end());
    for (Point s : chain.stones)
      for (Point q : board.Neighbours(s))
        if (const int d = map.chain_of[board.Index(q)]; d >= 0 && !selected[d]) wall[d] = 1;
  }
  std::sort(points.begin(), points.end(), ReadingBefore);
  points.erase(std::unique(points.begin(), points.end()), points.end());
  for (Point p : points) {
    const Touching t = TouchingAt(board, map, p);
    int i = -1, j = -1;
    for (const std::set<int>* side : {&t.white, &t.black})
      for (int c : *side) {
        if (!selected[c])
          wall[c] = 1;
        else
          (side == &t.white ? i : j) = index[c];
      }
    if (i >= 0 && j >= 0) {
      if (m.race.a(i, j) == kMaxEntry)
        throw InputError(where, m.RowName(i) + " and " + m.ColName(j) + " share more than " +
                                    std::to_string(kMaxEntry) + " liberties");
      m.race.a.set(i, j, m.race.a(i, j) + 1);
      m.liberties.push_back({p, i, j});
    } else if (t.empty.empty() && (i >= 0 ? t.black.empty() : t.white.empty())) {
      (i >= 0 ? m.race.row_eye[i] : m.race.col_eye[j]) = 1;
      m.eyes.push_back({p, i, j});
    } else {
      CountOne(i >= 0 ? m.race.row_outside[i] : m.race.col_outside[j],
               i >= 0 ? m.RowName(i) + " has" : m.ColName(j) + " has", where);
      m.outside.push_back({p, i, j});
    }
  }
  for (int c = 0; c < int(map.chains.size()); ++c)
    if (wall[c]) m.walls.push_back(map.chains[c]);
  m.matrix = m.race.a;
  return m;
}

}  // namespace seki::go
