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

class Checker {
 public:
  Checker(const Board& board, const ChainMap& map) : board_(board), map_(map) {}

  // The first condition of the model chain c breaks with the chains of `selected`; "" if none.
  std::string Problem(int c, const std::vector<char>& selected) const {
    const Chain& chain = map_.chains[c];
    const std::string name = ChainName(chain), colour = ColourName(chain.colour);
    if (chain.liberties.empty())
      return "the " + colour + " group " + name + " has no liberty (it would have been captured)";
    for (Point p : chain.liberties) {
      const Touching t = TouchingAt(board_, map_, p);
      const std::string at = PointName(p);
      for (const std::set<int>* same : {&t.black, &t.white})
        if (same->size() >= 2) {
          const Stone s = same == &t.black ? Stone::kBlack : Stone::kWhite;
          return "a liberty at " + at + " touching two " + ColourName(s) + " groups (" +
                 ChainName(map_.chains[*same->begin()]) + " and " +
                 ChainName(map_.chains[*std::next(same->begin())]) + "), which could join";
        }
      const std::set<int>& other = chain.colour == Stone::kBlack ? t.white : t.black;
      if (other.empty()) {
        if (t.empty.empty()) return "an eye at " + at + " of the " + colour + " group " + name;
        return "the " + colour + " group " + name + " has an outside liberty at " + at +
               " (not shared with a " + ColourName(Other(chain.colour)) + " group)";
      }
      const int partner = *other.begin();
      if (!selected[partner])
        return "the liberty at " + at + " of " + name + " touches " +
               ChainName(map_.chains[partner]) + ", which is not one of the groups";
      for (Point q : t.empty) {
        const Touching u = TouchingAt(board_, map_, q);
        if (u.black != t.black || u.white != t.white)
          return "the shared liberty at " + at + " is next to the empty point " + PointName(q) +
                 ", which is not a liberty of the same two groups (filling " + at +
                 " would give a group a new liberty)";
      }
    }
    return "";
  }

 private:
  const Board& board_;
  const ChainMap& map_;
};

// The default groups: the fixpoint of dropping chains that break a condition.
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
      const std::string problem = checker.Problem(c, selected);
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
                     "no group in the model: no chain whose liberties are each shared by "
                     "one black and one white group" +
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

std::vector<std::pair<Point, std::string>> EntryLabels(const GoModel& model) {
  std::vector<std::pair<Point, std::string>> out;
  for (const SharedLiberty& l : model.liberties)
    out.push_back({l.at, std::to_string(l.row + 1) + "," + std::to_string(l.col + 1)});
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
  m.matrix = Matrix(int(m.white.size()), int(m.black.size()));
  std::vector<Point> points;
  for (const Chain& w : m.white)
    points.insert(points.end(), w.liberties.begin(), w.liberties.end());
  std::sort(points.begin(), points.end(), ReadingBefore);
  points.erase(std::unique(points.begin(), points.end()), points.end());
  for (Point p : points) {
    const Touching t = TouchingAt(board, map, p);
    const int i = index[*t.white.begin()], j = index[*t.black.begin()];
    if (m.matrix(i, j) == kMaxEntry)
      throw InputError(where, m.RowName(i) + " and " + m.ColName(j) + " share more than " +
                                  std::to_string(kMaxEntry) + " liberties");
    m.matrix.set(i, j, m.matrix(i, j) + 1);
    m.liberties.push_back({p, i, j});
  }
  return m;
}

}  // namespace seki::go
