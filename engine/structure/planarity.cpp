// Planarity of the bipartite graph of positive entries, with Boost.Graph (header-only).
#include "engine/structure/planarity.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boyer_myrvold_planar_test.hpp>

namespace seki {

namespace {

// Connected components of the bipartite graph of positive entries (lines with no positive entry
// are not vertices), by flooding row bitmasks.
int Components(const Matrix& a) {
  unsigned seen_rows = 0;
  int components = 0;
  for (int start = 0; start < a.rows(); ++start) {
    if ((seen_rows >> start & 1) || a.row_sum(start) == 0) continue;
    ++components;
    unsigned rows = 1u << start, cols = 0;
    for (unsigned previous = 0; rows != previous;) {
      previous = rows;
      for (int i = 0; i < a.rows(); ++i)
        if (rows >> i & 1)
          for (int j = 0; j < a.cols(); ++j)
            if (a(i, j) > 0) cols |= 1u << j;
      for (int i = 0; i < a.rows(); ++i)
        for (int j = 0; j < a.cols(); ++j)
          if ((cols >> j & 1) && a(i, j) > 0) rows |= 1u << i;
    }
    seen_rows |= rows;
  }
  return components;
}

}  // namespace

bool IsPlanar(const Matrix& a) {
  const int m = a.rows(), n = a.cols();
  // A bipartite graph with at most two vertices on one side is always planar (K3,3 needs three on
  // each side and K5 is not bipartite); this also covers every matrix of the 2 x n results.
  if (m <= 2 || n <= 2) return true;
  // Cheap tests first. Edges E, vertices V (lines with a positive entry), components K.
  int edges = 0, vertices = 0;
  for (int i = 0; i < m; ++i) vertices += a.row_sum(i) > 0;
  for (int j = 0; j < n; ++j) vertices += a.col_sum(j) > 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) edges += a(i, j) > 0;
  // A simple planar bipartite graph has E <= 2V - 4 (every face has at least four sides).
  if (vertices >= 3 && edges > 2 * vertices - 4) return false;
  // A K3,3 subdivision has cycle rank 4 and a K5 subdivision 6, so a graph whose cycle rank
  // E - V + K (K components) is at most 3 contains neither: planar.
  if (edges - vertices + Components(a) <= 3) return true;
  return IsPlanarBoyerMyrvold(a);
}

bool IsPlanarBoyerMyrvold(const Matrix& a) {
  const int m = a.rows(), n = a.cols();
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS,
                                      boost::property<boost::vertex_index_t, int>>;
  Graph g(m + n);  // rows 0..m-1, columns m..m+n-1
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (a(i, j) > 0) boost::add_edge(i, m + j, g);
  return boost::boyer_myrvold_planarity_test(g);
}

}  // namespace seki
