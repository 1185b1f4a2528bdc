// The orbit layout: G(A) listed as permutations of A's positive cells, the fixed cells chosen, the
// canonical tuples and the symmetry that reads each child.
#include "engine/solve/downset_orbits.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <tuple>

#include "canon/matrix_symmetry.hpp"

namespace seki {
namespace {

// A group larger than this is not listed (the plain pass runs).
constexpr std::size_t kMaxGroup = 4096;
// Tuples of the fixed cells enumerated at most (each put in canonical form by every symmetry).
constexpr double kMaxTuples = double(std::uint64_t{1} << 22);

using Element = DownsetOrbits::Symmetry;  // B'[c] = B[src[c]] (c an index into the positive cells)

// Applying e after f: B''[c] = B'[e.src[c]] = B[f.src[e.src[c]]].
Element After(const Element& e, const Element& f) {
  Element r{std::vector<std::uint8_t>(e.src.size()), e.transpose != f.transpose};
  for (std::size_t c = 0; c < e.src.size(); ++c) r.src[c] = f.src[e.src[c]];
  return r;
}

// G(a) as cell maps (identity first), or empty when it has more than kMaxGroup elements.
std::vector<Element> ListGroup(const Matrix& a, const std::vector<DownsetOrbits::Cell>& cells) {
  std::map<std::pair<int, int>, std::uint8_t> at;
  for (std::size_t c = 0; c < cells.size(); ++c)
    at[{cells[c].row, cells[c].col}] = static_cast<std::uint8_t>(c);
  const canon::SymmetryGroup group = canon::SymmetriesOf(a);
  if (group.order > double(kMaxGroup)) return {};
  std::vector<Element> generators;
  for (const canon::MatrixSymmetry& s : group.generators) {
    Element e{std::vector<std::uint8_t>(cells.size()), s.transpose};
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const int i = cells[c].row, j = cells[c].col;
      e.src[c] = s.transpose ? at.at({s.col[j], s.row[i]}) : at.at({s.row[i], s.col[j]});
    }
    generators.push_back(std::move(e));
  }
  Element identity{std::vector<std::uint8_t>(cells.size()), false};
  std::iota(identity.src.begin(), identity.src.end(), 0);
  std::vector<Element> elements{identity};
  std::set<Element> seen{identity};
  for (std::size_t k = 0; k < elements.size(); ++k)
    for (const Element& g : generators) {
      Element next = After(elements[k], g);
      if (seen.insert(next).second) elements.push_back(std::move(next));
    }
  return elements;
}

// The orbits of the cells under the group (a label each, the least cell of its orbit).
std::vector<int> CellOrbits(const std::vector<Element>& group, std::size_t cells) {
  std::vector<int> orbit(cells);
  for (std::size_t c = 0; c < cells; ++c) {
    orbit[c] = static_cast<int>(c);
    for (const Element& g : group) orbit[c] = std::min<int>(orbit[c], g.src[c]);
  }
  return orbit;
}

}  // namespace

std::optional<DownsetOrbits> DownsetOrbits::For(const Matrix& a, std::string* why) {
  auto refuse = [&](const char* reason) -> std::optional<DownsetOrbits> {
    if (why) *why = reason;
    return std::nullopt;
  };
  std::vector<Cell> cells;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0) cells.push_back({i, j});
  const std::vector<Element> group = ListGroup(a, cells);
  if (group.empty()) return refuse("its symmetry group has more than 4,096 elements");
  if (group.size() == 1) return refuse("it has no symmetry");
  const std::vector<int> orbit = CellOrbits(group, cells.size());
  std::vector<int> labels(orbit);
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  if (labels.size() > 16) return refuse("its cells fall into more than 16 orbits");

  // The fixed cells: the union of cell orbits whose tuples the group moves most (the order of the
  // group it induces there), leaving a dense cell; among equals, the fewest tuples.
  std::uint32_t best = 0;
  std::uint64_t best_acting = 1;
  double best_tuples = 0;
  for (std::uint32_t mask = 1; mask + 1 < (1u << labels.size()); ++mask) {
    std::vector<bool> in(cells.size());
    double tuples = 1;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const auto o = std::lower_bound(labels.begin(), labels.end(), orbit[c]) - labels.begin();
      in[c] = (mask >> o) & 1;
      if (in[c]) tuples *= a(cells[c].row, cells[c].col) + 1;
    }
    if (tuples > kMaxTuples) continue;
    std::set<std::vector<std::uint8_t>> induced;
    for (const Element& g : group) {
      std::vector<std::uint8_t> on;
      for (std::size_t c = 0; c < cells.size(); ++c)
        if (in[c]) on.push_back(g.src[c]);
      induced.insert(std::move(on));
    }
    if (induced.size() > best_acting ||
        (induced.size() == best_acting && best != 0 && tuples < best_tuples)) {
      best = mask;
      best_acting = induced.size();
      best_tuples = tuples;
    }
  }
  if (best == 0) return refuse("its symmetries move no tuple of cells that leaves a dense cell");

  DownsetOrbits o;
  o.top = a;
  o.cells = cells;
  o.group = group;
  o.group_order = double(group.size());
  for (const Element& g : group) o.transposes = o.transposes || g.transpose;
  o.acting = best_acting;
  std::vector<int> fixed_cells, position(cells.size(), -1);
  Matrix dense = a;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const auto k = std::lower_bound(labels.begin(), labels.end(), orbit[c]) - labels.begin();
    if (!((best >> k) & 1)) continue;
    position[c] = static_cast<int>(fixed_cells.size());
    fixed_cells.push_back(static_cast<int>(c));
    o.fixed.push_back(cells[c]);
    dense.set(cells[c].row, cells[c].col, 0);
  }
  o.box = DownsetLayout::For(dense);

  // Every tuple of the fixed cells (mixed radix, the first fixed cell innermost) and its canonical
  // tuple: the least index of its images (B'[c] = B[src[c]] on the fixed cells).
  const std::size_t n = fixed_cells.size();
  std::vector<std::uint64_t> stride(n + 1, 1);
  for (std::size_t k = 0; k < n; ++k)
    stride[k + 1] = stride[k] * std::uint64_t(a(o.fixed[k].row, o.fixed[k].col) + 1);
  const auto value = [&](std::uint64_t t, std::size_t k) {
    return static_cast<std::uint8_t>(t / stride[k] % (stride[k + 1] / stride[k]));
  };
  const auto image = [&](const Element& g, std::uint64_t t) {
    std::uint64_t i = 0;
    for (std::size_t k = 0; k < n; ++k)
      i += value(t, static_cast<std::size_t>(position[g.src[fixed_cells[k]]])) * stride[k];
    return i;
  };
  const std::uint64_t tuples = stride[n];
  std::vector<std::uint64_t> canonical(tuples);
  for (std::uint64_t t = 0; t < tuples; ++t) {
    canonical[t] = t;
    for (const Element& g : group) canonical[t] = std::min(canonical[t], image(g, t));
  }
  // The slices: canonical tuples by sum, then index.
  std::vector<std::pair<int, std::uint64_t>> order;
  std::map<std::uint64_t, std::uint64_t> weight;
  for (std::uint64_t t = 0; t < tuples; ++t) {
    ++weight[canonical[t]];
    if (canonical[t] != t) continue;
    int sum = 0;
    for (std::size_t k = 0; k < n; ++k) sum += value(t, k);
    order.emplace_back(sum, t);
  }
  std::sort(order.begin(), order.end());
  std::map<std::uint64_t, std::uint32_t> slice_of;
  for (const auto& [sum, t] : order) {
    slice_of[t] = static_cast<std::uint32_t>(o.slices.size());
    Slice s;
    s.sum = sum;
    s.weight = weight[t];
    for (std::size_t k = 0; k < n; ++k) s.tuple.push_back(value(t, k));
    while (o.sum_begin.size() <= static_cast<std::size_t>(sum))
      o.sum_begin.push_back(static_cast<std::uint32_t>(o.slices.size()));
    o.slices.push_back(std::move(s));
  }
  o.sum_begin.push_back(static_cast<std::uint32_t>(o.slices.size()));

  // Each slice's children: a symmetry g maps the child's tuple u = t - e_k to its canonical tuple;
  // the child's dense value at digit d is then B[src(d)], so our digit e, which is src(d) for one
  // d, has the stride of d in the child's box. Of the symmetries that do, the one whose strides
  // are least from our innermost digit out (the identity where u is canonical): the reads that
  // gather a block are then as close together as they can be.
  std::vector<int> digit_of(cells.size(), -1), cell_of;
  for (const DownsetLayout::Digit& d : o.box.digits)
    for (std::size_t c = 0; c < cells.size(); ++c)
      if (cells[c].row == d.row && cells[c].col == d.col) {
        digit_of[c] = static_cast<int>(cell_of.size());
        cell_of.push_back(static_cast<int>(c));
      }
  for (const auto& [sum, t] : order) {
    Slice& s = o.slices[slice_of[t]];
    for (std::size_t k = 0; k < n; ++k) {
      if (s.tuple[k] == 0) continue;
      const std::uint64_t u = t - stride[k];
      std::optional<Child> best;
      for (const Element& g : group) {
        if (image(g, u) != canonical[u]) continue;
        Child child{slice_of.at(canonical[u]), g.transpose,
                    std::vector<std::uint64_t>(o.box.digits.size())};
        for (std::size_t d = 0; d < o.box.digits.size(); ++d)
          child.strides[static_cast<std::size_t>(digit_of[g.src[cell_of[d]]])] =
              o.box.digits[d].stride;
        if (!best ||
            std::tie(child.strides, child.transpose) < std::tie(best->strides, best->transpose))
          best = std::move(child);
      }
      s.children.push_back(std::move(*best));
    }
  }
  // Which slice reads each last, and so the most held at once.
  std::vector<std::uint32_t> last(o.slices.size());
  std::iota(last.begin(), last.end(), 0);
  for (std::uint32_t s = 0; s < o.slices.size(); ++s)
    for (const Child& c : o.slices[s].children) last[c.slice] = std::max(last[c.slice], s);
  std::uint32_t live = 0;
  for (std::uint32_t s = 0; s < o.slices.size(); ++s) o.slices[last[s]].last_reader_of.push_back(s);
  for (const Slice& s : o.slices) {
    o.held = std::max(o.held, ++live);
    live -= static_cast<std::uint32_t>(s.last_reader_of.size());
  }
  return o;
}

double DownsetOrbits::bytes(DownsetMode mode) const {
  const double gather = mode == DownsetMode::kOneGame ? double(box.total) : 0;
  return double(held) * double(slice_bytes(mode)) + gather + 8.0 * double(box.chunks_per_slab());
}

DownsetOrbits::Place DownsetOrbits::Locate(const Matrix& b) const {
  for (const Symmetry& g : group) {
    Matrix image(b.rows(), b.cols());  // B'[c] = B[src[c]]
    for (std::size_t c = 0; c < cells.size(); ++c)
      image.set(cells[c].row, cells[c].col, b(cells[g.src[c]].row, cells[g.src[c]].col));
    std::vector<std::uint8_t> tuple;
    for (const Cell& f : fixed) tuple.push_back(static_cast<std::uint8_t>(image(f.row, f.col)));
    int sum = 0;
    for (std::uint8_t v : tuple) sum += v;
    if (static_cast<std::size_t>(sum) + 1 >= sum_begin.size()) continue;
    for (std::uint32_t s = sum_begin[static_cast<std::size_t>(sum)];
         s < sum_begin[static_cast<std::size_t>(sum) + 1]; ++s)
      if (slices[s].tuple == tuple) return {s, box.Index(image), g.transpose};
  }
  throw std::logic_error("DownsetOrbits::Locate: no symmetry maps the matrix to a slice");
}

DownsetLayout DownsetOrbits::SliceLayout(std::uint32_t s) const {
  DownsetLayout layout = box;
  for (std::size_t k = 0; k < fixed.size(); ++k) {
    layout.fixed.set(fixed[k].row, fixed[k].col, slices[s].tuple[k]);
    layout.top.set(fixed[k].row, fixed[k].col, slices[s].tuple[k]);
  }
  return layout;
}

}  // namespace seki
