// Planarity of the bipartite graph of positive entries, with Boost.Graph (header-only).
#include "engine/planarity.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boyer_myrvold_planar_test.hpp>

namespace seki {

bool IsPlanar(const Matrix& a) {
  const int m = a.rows(), n = a.cols();
  // A bipartite graph with at most two vertices on one side is always planar (K3,3 needs three on
  // each side and K5 is not bipartite); this also covers every matrix of the 2 x n results.
  if (m <= 2 || n <= 2) return true;
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS,
                                      boost::property<boost::vertex_index_t, int>>;
  Graph g(m + n);  // rows 0..m-1, columns m..m+n-1
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (a(i, j) > 0) boost::add_edge(i, m + j, g);
  return boost::boyer_myrvold_planarity_test(g);
}

}  // namespace seki
