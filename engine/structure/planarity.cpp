// Planarity of the bipartite graph of positive entries, with Boost.Graph (header-only).
#include "engine/structure/planarity.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boyer_myrvold_planar_test.hpp>
#include <unordered_map>

#include "engine/structure/matrix_tools.hpp"

namespace seki {

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
  if (edges - vertices + SupportComponents(a) <= 3) return true;
  // Planarity depends on the positive entries only: each thread remembers the supports it has
  // tested (a catalogue repeats few of them), up to a bound.
  struct Memo {
    int rows = 0, cols = 0;
    std::unordered_map<std::uint64_t, bool> planar;
  };
  thread_local Memo memo;
  if (memo.rows != m || memo.cols != n || memo.planar.size() > (1u << 20)) memo = Memo{m, n, {}};
  std::uint64_t support = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) support = support << 1 | std::uint64_t(a(i, j) > 0);
  const auto [it, inserted] = memo.planar.try_emplace(support, false);
  if (inserted) it->second = IsPlanarBoyerMyrvold(a);
  return it->second;
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
