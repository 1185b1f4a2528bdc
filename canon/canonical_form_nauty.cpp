// CanonicalFormNauty and SymmetriesOf: nauty's canonical labelling and automorphism group of the
// layered, edge-coloured bipartite graph of a matrix (nauty User's Guide, "edge colours"). The
// only translation unit that includes nauty.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "canon/canonical_form.hpp"
#include "canon/matrix_symmetry.hpp"
#include "nauty.h"

namespace seki::canon {
namespace {

// Largest graph: 8 + 8 vertices per layer, one layer per bit of an entry (entries <= 255).
constexpr int kMaxLayers = 8;
constexpr int kMaxVertices = 2 * kMaxDim * kMaxLayers;
constexpr int kMaxWords = SETWORDSNEEDED(kMaxVertices);

// Checks once per process that the header and the library agree on WORDSIZE and MAXN.
void CheckNautyOnce() {
  static const bool checked = [] {
    nauty_check(WORDSIZE, kMaxWords, kMaxVertices, NAUTYVERSIONID);
    return true;
  }();
  (void)checked;
}

}  // namespace

namespace {

// Where nauty's automorphism callback (which takes no user pointer) puts the generators it finds,
// on this thread: null when they are not wanted; the matrix's shape.
thread_local std::vector<MatrixSymmetry>* tl_automorphisms = nullptr;
thread_local int tl_rows = 0, tl_cols = 0;

void CollectAutomorphism(int /*count*/, int* perm, int* /*orbits*/, int /*numorbits*/,
                         int /*stabvertex*/, int /*n*/) {
  if (!tl_automorphisms) return;
  MatrixSymmetry s;
  for (int x = 0; x < kMaxDim; ++x) s.row[x] = s.col[x] = std::uint8_t(x);
  // The permutation of layer 0 (every layer moves alike): rows, then columns.
  const int m = tl_rows;
  for (int i = 0; i < m; ++i) s.row[i] = std::uint8_t(perm[i]);
  for (int j = 0; j < tl_cols; ++j) s.col[j] = std::uint8_t(perm[m + j] - m);
  tl_automorphisms->push_back(s);
}

struct Labelling {
  std::array<int, kMaxDim> rows{}, cols{};  // the canonical order of the rows and the columns
  double group_size = 1;                    // the automorphism group's order
};

// Vertex (layer l, x) is l * (m + n) + x, where x < m is row x and x = m + j is column j. The
// copies of a vertex in consecutive layers are joined by a path; row i and column j are adjacent in
// layer l iff bit l of A(i, j) is set. The colour cells are, layer by layer, rows then columns, so
// nauty never maps a row to a column nor a layer to another, and the canonical labelling restricted
// to layer 0 is a canonical order of the rows and of the columns. `automorphisms`: where the
// generators of the automorphism group go (as symmetries of the matrix), or null.
Labelling NautyLabelling(const Matrix& a, std::vector<MatrixSymmetry>* automorphisms) {
  CheckNautyOnce();
  const int m = a.rows();
  const int n = a.cols();
  const int per_layer = m + n;
  const int layers =
      std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(a.height()))));
  const int nv = per_layer * layers;
  const int words = SETWORDSNEEDED(nv);

  std::array<graph, kMaxVertices * kMaxWords> g;
  std::array<graph, kMaxVertices * kMaxWords> canon_g;
  std::array<int, kMaxVertices> lab;
  std::array<int, kMaxVertices> ptn;
  std::array<int, kMaxVertices> orbits;

  EMPTYGRAPH(g.data(), words, nv);
  for (int l = 0; l < layers; ++l) {
    const int base = l * per_layer;
    for (int x = 0; x < per_layer; ++x) {
      if (l + 1 < layers) ADDONEEDGE(g.data(), base + x, base + per_layer + x, words);
      lab[base + x] = base + x;
      ptn[base + x] = (x == m - 1 || x == per_layer - 1) ? 0 : 1;
    }
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        if ((a(i, j) >> l) & 1) ADDONEEDGE(g.data(), base + i, base + m + j, words);
  }

  // nauty keeps its work space in thread-local dynamic arrays; free them when this thread ends.
  struct FreeNautyWorkspaceAtThreadExit {
    ~FreeNautyWorkspaceAtThreadExit() {
      nauty_freedyn();
      nautil_freedyn();
      naugraph_freedyn();
    }
  };
  static thread_local FreeNautyWorkspaceAtThreadExit free_at_exit;
  (void)free_at_exit;

  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  options.defaultptn = FALSE;
  if (automorphisms) options.userautomproc = CollectAutomorphism;
  tl_automorphisms = automorphisms;
  tl_rows = m;
  tl_cols = n;
  statsblk stats;
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, words, nv,
             canon_g.data());
  tl_automorphisms = nullptr;

  Labelling out;
  for (int i = 0; i < m; ++i) out.rows[i] = lab[i];
  for (int j = 0; j < n; ++j) out.cols[j] = lab[m + j] - m;
  out.group_size = stats.grpsize1 * std::pow(10.0, stats.grpsize2);
  return out;
}

Matrix Relabelled(const Matrix& a, const Labelling& l) {
  Matrix result(a.rows(), a.cols());
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) result.set(i, j, a(l.rows[i], l.cols[j]));
  return result;
}

}  // namespace

Matrix CanonicalFormNauty(const Matrix& a) { return Relabelled(a, NautyLabelling(a, nullptr)); }

Matrix Apply(const MatrixSymmetry& s, const Matrix& b) {
  Matrix out(b.rows(), b.cols());
  for (int i = 0; i < b.rows(); ++i)
    for (int j = 0; j < b.cols(); ++j)
      out.set(i, j, s.transpose ? b(s.col[j], s.row[i]) : b(s.row[i], s.col[j]));
  return out;
}

SymmetryGroup SymmetriesOf(const Matrix& a) {
  SymmetryGroup group;
  const Labelling own = NautyLabelling(a, &group.generators);
  group.order = own.group_size;
  if (a.rows() != a.cols()) return group;
  const Matrix t = a.transposed();
  const Labelling of_t = NautyLabelling(t, nullptr);
  if (Relabelled(a, own) != Relabelled(t, of_t)) return group;
  // A(own.rows[p], own.cols[q]) = Aᵀ(of_t.rows[p], of_t.cols[q]) = A(of_t.cols[q], of_t.rows[p]):
  // with p, q the canonical places of row i and column j, A(i, j) = A(col[j], row[i]).
  MatrixSymmetry s;
  s.transpose = true;
  for (int x = 0; x < kMaxDim; ++x) s.row[x] = s.col[x] = std::uint8_t(x);
  for (int p = 0; p < a.rows(); ++p) {
    s.row[own.rows[p]] = std::uint8_t(of_t.rows[p]);
    s.col[own.cols[p]] = std::uint8_t(of_t.cols[p]);
  }
  if (Apply(s, a) != a) throw std::logic_error("SymmetriesOf: the transposing map does not fix A");
  group.generators.push_back(s);
  group.transposes = true;
  group.order *= 2;
  return group;
}

}  // namespace seki::canon
