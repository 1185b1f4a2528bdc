// The layout (canvas rows go down): a margin of two rings (walls next to the box, then the board's
// edge, where the walls run on with their eyes: CloseWithLiveWalls) around a box of X columns; in
// the box, the bars (one row each) alternate with gaps of three rows. A gap holds items side by
// side: the left runner's arm, blocks, the right runner's arm, separated by one column (a tooth of
// the bar above in the top two rows; the left item's stone and a bump of the bar below in the
// bottom row). An item's liberties with the bar above lie in its top row, those with the bar below
// in its bottom row, two columns in from its anchor, between stones of the item. With two bars or
// more, each side of the box is one runner from the top row to the bottom one (a block that needs
// no runner is made one, its arms in the other gaps without liberties; a single block is both, one
// item a gap from strip to strip), so the walls around the box are four chains, each long enough
// for two eyes on the edge.
#include "engine/go/go_realise.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

#include "engine/base/input_error.hpp"
#include "engine/go/live_walls.hpp"
#include "engine/structure/planarity.hpp"

namespace seki::go {
namespace {

constexpr int kMargin = 2, kGapRows = 3;
constexpr int kBoth = 2;  // a runner on both sides, one item a gap: a ring around the bars (n = 1)

// t: rows are the bars, columns the blocks.
struct Plan {
  std::vector<int> order;  // bar at each position, top first
  struct Block {
    int gap = 0;       // the gap of a block; the first gap of a runner
    int last_gap = 0;  // the last gap of a runner (== gap for a block)
    int side = 0;      // -1 left runner, +1 right runner, 0 a block, kBoth the only group
  };
  std::vector<Block> blocks;
};

std::optional<Plan> PlanFor(const Matrix& t, const std::vector<int>& order) {
  const int m = t.rows(), n = t.cols();
  std::vector<int> pos(m);
  for (int k = 0; k < m; ++k) pos[order[k]] = k;
  Plan plan{order, std::vector<Plan::Block>(n)};
  bool left = false, right = false;
  for (int j = 0; j < n; ++j) {
    int lo = m, hi = -1;
    for (int i = 0; i < m; ++i)
      if (t(i, j) > 0) lo = std::min(lo, pos[i]), hi = std::max(hi, pos[i]);
    Plan::Block& b = plan.blocks[j];
    if (hi - lo <= 1) {
      b.gap = b.last_gap = hi > lo ? hi : (lo + 1 <= m - 1 || lo == 0 ? lo + 1 : lo);
    } else {
      if (left && right) return std::nullopt;
      b.side = left ? 1 : -1;
      (left ? right : left) = true;
      b.gap = lo + 1;
      b.last_gap = hi;
    }
  }
  return plan;
}

// The plans with a runner on each side from the top bar to the bottom one (two bars or more): the
// plan's runners, a block made a runner where a side has none, the one block a runner on both sides
// when there is no other. Each runner's liberties with a bar lie in the gap above the bar (with the
// top bar: below it).
std::vector<Plan> WithSideRunners(const Plan& plan, int m) {
  if (m < 2) return {plan};
  const int n = int(plan.blocks.size());
  if (n == 1) {
    Plan p = plan;
    p.blocks[0] = Plan::Block{1, m - 1, kBoth};
    return {p};
  }
  std::vector<int> left, right;
  for (int j = 0; j < n; ++j) {
    const int side = plan.blocks[j].side;
    if (side < 0) left = {j};
    if (side > 0) right = {j};
  }
  for (std::vector<int>* candidates : {&left, &right})
    if (candidates->empty())
      for (int j = 0; j < n; ++j)
        if (plan.blocks[j].side == 0) candidates->push_back(j);
  std::vector<Plan> out;
  for (int l : left)
    for (int r : right) {
      if (l == r) continue;
      Plan p = plan;
      for (auto [j, side] : {std::pair{l, -1}, std::pair{r, 1}})
        p.blocks[j] = Plan::Block{1, m - 1, side};
      out.push_back(p);
    }
  return out;
}

enum class Kind { kOpen, kGroup, kLiberty, kWall, kEmpty };
struct Cell {
  Kind kind = Kind::kOpen;
  int group = -1;            // kGroup: 0..m-1 bars, m..m+n-1 blocks
  int bar = -1, block = -1;  // kLiberty: its pair
  Stone wall = Stone::kEmpty;
};

class Canvas {
 public:
  Canvas(const Matrix& t, const Plan& plan, Stone bar_colour)
      : t_(t), plan_(plan), bar_colour_(bar_colour), m_(t.rows()), n_(t.cols()) {}

  // The board's width and height.
  std::pair<int, int> Size() {
    Measure();
    width_ = x_ + 2 * kMargin;
    height_ = rows_ + 2 * kMargin;
    return {width_, height_};
  }

  // The board (after Size), or nullopt when the layout breaks a rule (checked again by
  // ExtractModel).
  std::optional<Board> Draw(std::string_view where) {
    cells_.assign(std::size_t(width_) * height_, Cell{});
    Place();
    if (!Fill()) return std::nullopt;
    Board board(width_, height_, where);
    for (int r = 0; r < height_; ++r)
      for (int x = 0; x < width_; ++x) {
        const Cell& c = at(x, r);
        Stone s = Stone::kEmpty;
        if (c.kind == Kind::kGroup) s = Colour(c.group);
        if (c.kind == Kind::kWall) s = c.wall;
        board.set({x, height_ - 1 - r}, s);
      }
    return board;
  }

  // A canvas point of each group (bars first), as board points.
  std::vector<Point> GroupPoints() const {
    std::vector<Point> out(m_ + n_);
    for (int r = 0; r < height_; ++r)
      for (int x = 0; x < width_; ++x)
        if (at(x, r).kind == Kind::kGroup) out[at(x, r).group] = {x, height_ - 1 - r};
    return out;
  }

 private:
  struct Item {
    int group = 0;            // block index (0..n-1)
    int top = 0, bottom = 0;  // liberties with the bar above, below
    int width = 0, s = 0, e = 0, anchor = 0;
    int side = 0;
  };

  Stone Colour(int group) const { return group < m_ ? bar_colour_ : Other(bar_colour_); }
  Cell& at(int x, int r) { return cells_[std::size_t(r) * width_ + x]; }
  const Cell& at(int x, int r) const { return cells_[std::size_t(r) * width_ + x]; }
  bool Inside(int x, int r) const { return x >= 0 && r >= 0 && x < width_ && r < height_; }
  bool InBox(int x, int r) const {
    return x >= kMargin && r >= kMargin && x < width_ - kMargin && r < height_ - kMargin;
  }

  // The items of each gap (left arm, blocks, right arm), their widths, the box width and rows.
  void Measure() {
    gaps_.assign(m_ + 1, {});
    for (int side : {-1, 0, 1})
      for (int j = 0; j < n_; ++j) {
        const Plan::Block& b = plan_.blocks[j];
        if (b.side != side && (b.side != kBoth || side >= 0)) continue;  // both: one item a gap
        for (int g = b.gap; g <= b.last_gap; ++g) {
          Item item{j, 0, 0, 0, 0, 0, 0, side};
          for (int i = 0; i < m_; ++i) {
            const int p = Position(i);
            if (t_(i, j) == 0) continue;
            const int lib_gap = b.side == 0 ? b.gap : std::max(p, b.gap);
            if (lib_gap != g) continue;
            (p == g - 1 ? item.top : item.bottom) += t_(i, j);
          }
          const int libs = std::max(item.top, item.bottom);
          item.width = b.side == kBoth          ? libs + 5  // to the right strip
                       : side != 0 && libs == 0 ? (side < 0 ? 2 : 3)
                                                : libs + (side == 1 ? 4 : 3);
          gaps_[g].push_back(item);
        }
      }
    x_ = m_ >= 2 ? 9 : 5;  // two bars or more: the wall on the top bar (x_ - 4) needs two eyes
    for (const auto& items : gaps_) {
      int w = items.empty() ? 0 : -1;
      for (const Item& item : items) w += item.width + 1;
      x_ = std::max(x_, w);
    }
    // Rows: an interior gap always; the outer gaps only when they hold items.
    rows_ = 0;
    bar_row_.assign(m_, 0);
    gap_row_.assign(m_ + 1, -1);
    for (int g = 0; g <= m_; ++g) {
      if ((g > 0 && g < m_) || !gaps_[g].empty()) gap_row_[g] = rows_, rows_ += kGapRows;
      if (g < m_) bar_row_[g] = rows_++;
    }
  }

  int Position(int bar) const {
    return int(std::find(plan_.order.begin(), plan_.order.end(), bar) - plan_.order.begin());
  }

  void Set(int x, int r, int group) {
    Cell& c = at(kMargin + x, kMargin + r);
    c.kind = Kind::kGroup;
    c.group = group;
  }

  void Place() {
    // Bars, two columns shorter at each end where the runners wind around them (two bars or more).
    for (int g = 0; g < m_; ++g)
      for (int x = m_ >= 2 ? 2 : 0; x <= (m_ >= 2 ? x_ - 3 : x_ - 1); ++x)
        Set(x, bar_row_[g], plan_.order[g]);
    for (int j = 0; j < n_; ++j) {  // runners' strips, the box's whole height
      const int side = plan_.blocks[j].side;
      for (int x0 : {0, x_ - 2})
        if (side == kBoth || (side != 0 && (side < 0) == (x0 == 0)))
          for (int r = 0; r < rows_; ++r)
            for (int x = x0; x < x0 + 2; ++x) Set(x, r, m_ + j);
    }
    for (int g = 0; g <= m_; ++g) PlaceGap(g);
  }

  void PlaceGap(int g) {
    std::vector<Item>& items = gaps_[g];
    if (items.empty()) return;
    int x = 0;
    for (Item& item : items)
      item.s = x, item.e = x + item.width - 1, item.anchor = x, x = item.e + 2;
    Item& last = items.back();  // the right arm keeps its anchor at the right end
    if (last.side == 1) {
      last.e = x_ - 1;
      last.anchor = x_ - last.width;
      if (items.size() == 1)
        last.s = 0;
      else
        last.s = last.anchor, items[items.size() - 2].e = last.s - 2;
    } else {
      last.e = x_ - 1;
    }
    const int r0 = gap_row_[g];
    for (std::size_t k = 0; k < items.size(); ++k) {
      const Item& item = items[k];
      for (int r = r0; r < r0 + kGapRows; ++r)
        for (int c = item.s; c <= item.e; ++c) Set(c, r, m_ + item.group);
      if (k > 0) {  // the separator before this item
        const int sep = item.s - 1;
        if (g > 0)
          for (int r = r0; r < r0 + 2; ++r) Set(sep, r, plan_.order[g - 1]);
        else
          for (int r = r0; r < r0 + 2; ++r) at(kMargin + sep, kMargin + r) = Cell{};
        Set(sep, r0 + 2, m_ + items[k - 1].group);
        if (g < m_)
          Set(item.s, r0 + 2, plan_.order[g]);
        else
          at(kMargin + item.s, kMargin + r0 + 2) = Cell{};
      }
      Liberties(item, r0, g - 1, item.top);
      Liberties(item, r0 + 2, g, item.bottom);
    }
  }

  void Liberties(const Item& item, int r, int position, int count) {
    for (int k = 0; k < count; ++k) {
      Cell& c = at(kMargin + item.anchor + 2 + k, kMargin + r);
      c = Cell{Kind::kLiberty, -1, plan_.order[position], item.group, Stone::kEmpty};
    }
  }

  // Groups adjacent to (x, r), and whether a liberty is.
  void Around(int x, int r, std::vector<int>& groups, const Cell** liberty) const {
    groups.clear();
    *liberty = nullptr;
    for (auto [dx, dr] : {std::pair{0, -1}, {-1, 0}, {1, 0}, {0, 1}}) {
      if (!Inside(x + dx, r + dr)) continue;
      const Cell& c = at(x + dx, r + dr);
      if (c.kind == Kind::kGroup &&
          std::find(groups.begin(), groups.end(), c.group) == groups.end())
        groups.push_back(c.group);
      if (c.kind == Kind::kLiberty) *liberty = &c;
    }
  }

  // Open cells: group stones where they must be (next to a liberty, or to groups of both colours),
  // then walls of the colour opposite to the groups they touch, then empty points.
  bool Fill() {
    std::vector<int> groups;
    const Cell* liberty = nullptr;
    for (bool changed = true; changed;) {
      changed = false;
      for (int r = 0; r < height_; ++r)
        for (int x = 0; x < width_; ++x) {
          if (at(x, r).kind != Kind::kOpen || !InBox(x, r)) continue;
          Around(x, r, groups, &liberty);
          std::vector<int> choices;
          if (liberty) {
            for (int g : groups)
              if (g == liberty->bar || g == m_ + liberty->block) choices.push_back(g);
          } else {
            bool bar = false, block = false;
            for (int g : groups) (g < m_ ? bar : block) = true;
            if (bar && block) choices = groups;
          }
          for (int g : choices) {
            if (std::count_if(groups.begin(), groups.end(),
                              [&](int h) { return Colour(h) == Colour(g); }) == 1) {
              at(x, r).kind = Kind::kGroup, at(x, r).group = g, changed = true;
              break;
            }
          }
        }
    }
    for (int r = 0; r < height_; ++r)
      for (int x = 0; x < width_; ++x) {
        if (at(x, r).kind != Kind::kOpen) continue;
        Around(x, r, groups, &liberty);
        if (liberty) return false;
        if (groups.empty()) continue;
        const Stone touched = Colour(groups.front());
        for (int g : groups)
          if (Colour(g) != touched) return false;
        at(x, r).kind = Kind::kWall;
        at(x, r).wall = Other(touched);
      }
    for (Cell& c : cells_)
      if (c.kind == Kind::kOpen) c.kind = Kind::kEmpty;
    return true;
  }

  const Matrix& t_;
  const Plan& plan_;
  Stone bar_colour_;
  int m_, n_;
  int x_ = 0, rows_ = 0, width_ = 0, height_ = 0;
  std::vector<std::vector<Item>> gaps_;
  std::vector<int> bar_row_, gap_row_;
  std::vector<Cell> cells_;
};

// The model's matrix is a with its lines reordered: group k of a is the chain through its point.
bool SameUpToOrder(const Realisation& r, const Matrix& a) {
  const GoModel& m = r.model;
  if (m.matrix.rows() != a.rows() || m.matrix.cols() != a.cols()) return false;
  const auto index = [](const std::vector<Chain>& side, Point p) {
    for (std::size_t k = 0; k < side.size(); ++k)
      if (std::find(side[k].stones.begin(), side[k].stones.end(), p) != side[k].stones.end())
        return int(k);
    return -1;
  };
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) {
      const int k = index(m.white, r.groups.points[i]);
      const int l = index(m.black, r.groups.points[a.rows() + j]);
      if (k < 0 || l < 0 || m.matrix(k, l) != a(i, j)) return false;
    }
  return true;
}

// The realisation of a plan when its board has the matrix's model and live walls.
std::optional<Realisation> Try(const Matrix& a, bool rows_are_bars, const Matrix& t, Canvas& canvas,
                               std::string_view where) {
  std::optional<Board> board = canvas.Draw(where);
  if (!board) return std::nullopt;
  CloseWithLiveWalls(*board);
  const std::vector<Point> points = canvas.GroupPoints();
  Realisation out{*board, {}, {}};
  out.groups.kind = GoSelection::Kind::kPoints;
  const int m = t.rows();
  for (int i = 0; i < a.rows(); ++i) out.groups.points.push_back(points[rows_are_bars ? i : m + i]);
  for (int j = 0; j < a.cols(); ++j) out.groups.points.push_back(points[rows_are_bars ? m + j : j]);
  for (Point p : out.groups.points)
    out.groups.text += (out.groups.text.empty() ? "" : ",") + PointName(p);
  try {
    out.model = ExtractModel(out.board, out.groups, where);
  } catch (const InputError&) {
    return std::nullopt;  // a layout the rules missed
  }
  if (!SameUpToOrder(out, a) || !WallProblem(out.model).empty()) return std::nullopt;
  return out;
}

}  // namespace

Realisation Realise(const Matrix& a, std::string_view where) {
  if (!IsPlanar(a))
    throw InputError(where, "its graph is not planar (a K3,3 or K5 inside), so no board has it");
  std::optional<Realisation> best;
  std::pair<int, int> best_size{kMaxBoardSize + 1, 0};
  // The smallest board: the longer side first, then the area; the first of equals.
  const auto key = [](int w, int h) { return std::pair{std::max(w, h), w * h}; };
  bool tried = false;                                               // a layout within 25x25
  std::pair<int, int> over_size{kMaxBoardSize * kMaxBoardSize, 0};  // the smallest one over it
  std::string over;                                                 // "17x33 points", "29 rows"
  const auto too_large = [&](std::pair<int, int> size, std::string text) {
    if (size < over_size) over_size = size, over = std::move(text);
  };
  for (bool rows_are_bars : {true, false}) {
    const Matrix t = rows_are_bars ? a : a.transposed();
    std::vector<int> order(t.rows());
    std::iota(order.begin(), order.end(), 0);
    if (const int h = 4 * t.rows() + 1; h > kMaxBoardSize) {  // the bars and gaps alone
      too_large({h, h * h}, std::to_string(h) + " rows");
      continue;
    }
    do {
      const std::optional<Plan> plan = PlanFor(t, order);
      if (!plan) continue;
      for (const Plan& full : WithSideRunners(*plan, t.rows())) {
        Canvas canvas(t, full, rows_are_bars ? Stone::kWhite : Stone::kBlack);
        const auto [w, h] = canvas.Size();
        const bool fits = w <= kMaxBoardSize && h <= kMaxBoardSize;
        if (!fits) too_large(key(w, h), std::to_string(w) + "x" + std::to_string(h) + " points");
        tried |= fits;
        if (!fits || key(w, h) >= best_size) continue;
        if (std::optional<Realisation> r = Try(a, rows_are_bars, t, canvas, where))
          best = std::move(r), best_size = key(w, h);
      }
    } while (std::next_permutation(order.begin(), order.end()));
  }
  if (best) return *std::move(best);
  if (!over.empty() && !tried)
    throw InputError(where, "its board position needs " + over + ", more than " +
                                std::to_string(kMaxBoardSize) + "x" +
                                std::to_string(kMaxBoardSize));
  throw InputError(where,
                   "no board position of the stacked shape realises it (docs/go/realise.md)");
}

}  // namespace seki::go
