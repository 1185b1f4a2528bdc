// CanonicalFormNauty: nauty's canonical labelling of the layered, edge-coloured bipartite graph of
// a matrix (nauty User's Guide, "edge colours"). The only translation unit that includes nauty.
#include <algorithm>
#include <array>
#include <bit>

#include "canon/canonical_form.hpp"
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

// Vertex (layer l, x) is l * (m + n) + x, where x < m is row x and x = m + j is column j. The
// copies of a vertex in consecutive layers are joined by a path; row i and column j are adjacent in
// layer l iff bit l of A(i, j) is set. The colour cells are, layer by layer, rows then columns, so
// nauty never maps a row to a column nor a layer to another, and the canonical labelling restricted
// to layer 0 is a canonical order of the rows and of the columns.
Matrix CanonicalFormNauty(const Matrix& a) {
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
  statsblk stats;
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, words, nv,
             canon_g.data());

  Matrix result(m, n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) result.set(i, j, a(lab[i], lab[m + j] - m));
  return result;
}

}  // namespace seki::canon
