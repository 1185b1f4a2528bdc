// Canonical augmentation for matrices up to row/column permutation.
#include "engine/level/orderly_generation.hpp"

#include <algorithm>
#include <array>

#include "canon/canonical_form.hpp"
#include "canon/line_invariants.hpp"

namespace seki {

namespace {

using canon::PositionInvariant;

// Weight of an entry value (canon::EntryWeightOf); a line key is the sum over its entries (a hash
// of the multiset of the line). Collisions only create ties, which the exact test resolves. The
// thrust engine's generation (engine/gpu/gpu_class.hpp) uses the same weights.
std::uint64_t Weight(int v) { return canon::EntryWeightOf(v); }

struct LineKeys {
  std::array<std::uint64_t, kMaxDim> row{}, col{};
};

LineKeys KeysOf(const Matrix& a) {
  LineKeys k;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) {
      k.row[i] += Weight(a(i, j));
      k.col[j] += Weight(a(i, j));
    }
  return k;
}

// Exact test for a tie: is A (parent_key) the canonical parent of B?
bool IsCanonicalParent(const EnumerationSpace& space, const Matrix& b, std::uint64_t parent_key,
                       std::uint64_t top_invariant, std::uint64_t& child_key) {
  Matrix bc = canon::CanonicalForm(b);
  const LineKeys k = KeysOf(bc);
  for (int i = 0; i < bc.rows(); ++i)
    for (int j = 0; j < bc.cols(); ++j) {
      if (bc(i, j) == 0 || PositionInvariant(bc(i, j), k.row[i], k.col[j]) != top_invariant)
        continue;
      child_key = space.codec.Pack(bc);
      bc.decrement(i, j);
      return canon::CanonicalFormKey(bc, space.codec.bits()) == parent_key;
    }
  return false;  // unreachable: p itself carries the top invariant
}

}  // namespace

void GenerateChildren(const EnumerationSpace& space, const Matrix& parent, std::uint64_t parent_key,
                      std::vector<std::uint64_t>& out) {
  const std::size_t first = out.size();
  const int parent_height = parent.height();
  const LineKeys keys = KeysOf(parent);
  // The parent's positions holding its height, with their invariants: the only rivals of a child
  // position raised to that height (a position raised above it is alone at the top).
  struct Top {
    int x, y;
    std::uint64_t invariant;
  };
  std::array<Top, kMaxDim * kMaxDim> tops;
  int num_tops = 0;
  for (int x = 0; x < space.rows; ++x)
    for (int y = 0; y < space.cols; ++y)
      if (parent(x, y) == parent_height && parent_height > 0)
        tops[num_tops++] = {x, y, PositionInvariant(parent_height, keys.row[x], keys.col[y])};

  Matrix child = parent;
  for (int i = 0; i < space.rows; ++i)
    for (int j = 0; j < space.cols; ++j) {
      const int v = parent(i, j) + 1;
      if (v > space.max_entry || v < parent_height) continue;  // not the largest entry of B
      const std::uint64_t row_i = keys.row[i] - Weight(v - 1) + Weight(v);
      const std::uint64_t col_j = keys.col[j] - Weight(v - 1) + Weight(v);
      const std::uint64_t mine = PositionInvariant(v, row_i, col_j);
      bool beaten = false, tied = false;
      if (v == parent_height) {
        for (int t = 0; t < num_tops && !beaten; ++t) {
          const Top& q = tops[t];
          const std::uint64_t other = (q.x == i || q.y == j)
                                          ? PositionInvariant(v, q.x == i ? row_i : keys.row[q.x],
                                                              q.y == j ? col_j : keys.col[q.y])
                                          : q.invariant;
          beaten = other > mine;
          tied |= other == mine;
        }
      }
      if (beaten) continue;
      child.increment(i, j);
      std::uint64_t key = 0;
      if (!tied)
        out.push_back(canon::CanonicalFormKey(child, space.codec.bits()));
      else if (IsCanonicalParent(space, child, parent_key, mine, key))
        out.push_back(key);
      child.decrement(i, j);
    }
  std::sort(out.begin() + first, out.end());
  out.erase(std::unique(out.begin() + first, out.end()), out.end());
}

}  // namespace seki
