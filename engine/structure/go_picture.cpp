// The layout of GoPicture with Boost.Graph: the graph is made connected, biconnected and maximal
// planar (edges added for the drawing only), then drawn by Chrobak-Payne on a grid.
#include "engine/structure/go_picture.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boyer_myrvold_planar_test.hpp>
#include <boost/graph/chrobak_payne_drawing.hpp>
#include <boost/graph/make_biconnected_planar.hpp>
#include <boost/graph/make_connected.hpp>
#include <boost/graph/make_maximal_planar.hpp>
#include <boost/graph/planar_canonical_ordering.hpp>
#include <cstdio>
#include <iterator>

#include "engine/base/matrix_text.hpp"
#include "engine/structure/planarity.hpp"

namespace seki {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS,
                                    boost::property<boost::vertex_index_t, int>,
                                    boost::property<boost::edge_index_t, int>>;
using Edge = boost::graph_traits<Graph>::edge_descriptor;
using Embedding = std::vector<std::vector<Edge>>;

void IndexEdges(Graph& g) {
  int k = 0;
  boost::graph_traits<Graph>::edge_iterator e, end;
  for (boost::tie(e, end) = boost::edges(g); e != end; ++e)
    boost::put(boost::edge_index, g, *e, k++);
}

bool Embed(Graph& g, Embedding& embedding) {
  IndexEdges(g);
  embedding.assign(boost::num_vertices(g), {});
  return boost::boyer_myrvold_planarity_test(
      boost::boyer_myrvold_params::graph = g,
      boost::boyer_myrvold_params::embedding = &embedding[0]);
}

// Grid coordinates of the m + n vertices (rows first) in a planar straight-line drawing.
std::vector<PicturePoint> PlanarGrid(const Matrix& a) {
  const int m = a.rows(), n = a.cols();
  Graph g(m + n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (a(i, j) > 0) boost::add_edge(i, m + j, g);
  Embedding embedding;
  boost::make_connected(g);
  Embed(g, embedding);
  boost::make_biconnected_planar(g, &embedding[0]);
  Embed(g, embedding);
  boost::make_maximal_planar(g, &embedding[0]);
  Embed(g, embedding);
  std::vector<boost::graph_traits<Graph>::vertex_descriptor> ordering;
  boost::planar_canonical_ordering(g, &embedding[0], std::back_inserter(ordering));
  struct Coord {
    std::size_t x, y;
  };
  std::vector<Coord> coords(boost::num_vertices(g));
  boost::chrobak_payne_straight_line_drawing(
      g, embedding, ordering.begin(), ordering.end(),
      boost::make_iterator_property_map(coords.begin(), boost::get(boost::vertex_index, g)));
  std::vector<PicturePoint> out;
  for (const Coord& c : coords) out.push_back({double(c.x), double(c.y)});
  return out;
}

// Rows on one line, columns on another, centred on each other.
std::vector<PicturePoint> TwoRowGrid(const Matrix& a) {
  const int m = a.rows(), n = a.cols(), wide = std::max(m, n);
  std::vector<PicturePoint> out;
  for (int i = 0; i < m; ++i) out.push_back({i + (wide - m) / 2.0, 0});
  for (int j = 0; j < n; ++j) out.push_back({j + (wide - n) / 2.0, 2});
  return out;
}

std::string Number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", x);
  return text;
}

}  // namespace

GoPicture LayOutGoPicture(const Matrix& a, double spacing) {
  GoPicture p;
  const int m = a.rows(), n = a.cols();
  p.planar = m + n >= 3 && IsPlanar(a);
  const std::vector<PicturePoint> grid = p.planar ? PlanarGrid(a) : TwoRowGrid(a);
  const double margin = spacing / 2;
  for (int v = 0; v < m + n; ++v) {
    const PicturePoint q{margin + grid[v].x * spacing, margin + grid[v].y * spacing};
    (v < m ? p.rows : p.cols).push_back(q);
    p.width = std::max(p.width, q.x + margin);
    p.height = std::max(p.height, q.y + margin);
  }
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 1; k <= a(i, j); ++k) {
        const double t = double(k) / (a(i, j) + 1);
        const PicturePoint &r = p.rows[i], &c = p.cols[j];
        p.liberties.push_back({i, j, {r.x + t * (c.x - r.x), r.y + t * (c.y - r.y)}});
      }
  return p;
}

std::string GoPictureSvg(const Matrix& a) {
  const GoPicture p = LayOutGoPicture(a);
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Number(p.width) +
                  "\" height=\"" + Number(p.height) + "\" viewBox=\"0 0 " + Number(p.width) + " " +
                  Number(p.height) + "\">\n<title>" + FormatMatrix(a) +
                  (p.planar ? " (planar drawing)" : " (two-row drawing)") + "</title>\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"#e8c57a\"/>\n";
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0)
        s += "<line class=\"link\" x1=\"" + Number(p.rows[i].x) + "\" y1=\"" + Number(p.rows[i].y) +
             "\" x2=\"" + Number(p.cols[j].x) + "\" y2=\"" + Number(p.cols[j].y) +
             "\" stroke=\"#7a5c2e\" stroke-width=\"1\"/>\n";
  for (const GoPicture::Liberty& l : p.liberties)
    s += "<circle class=\"liberty\" cx=\"" + Number(l.at.x) + "\" cy=\"" + Number(l.at.y) +
         "\" r=\"4\" fill=\"#f5e6c0\" stroke=\"#333\" stroke-width=\"1\"/>\n";
  const auto stone = [&s](const PicturePoint& q, bool row, int number) {
    s += std::string("<circle class=\"stone ") + (row ? "row" : "col") + "\" cx=\"" + Number(q.x) +
         "\" cy=\"" + Number(q.y) + "\" r=\"14\" fill=\"" + (row ? "#fafafa" : "#111") +
         "\" stroke=\"#000\" stroke-width=\"1.5\"/>\n";
    s += "<text x=\"" + Number(q.x) + "\" y=\"" + Number(q.y + 4) +
         "\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"11\" fill=\"" +
         (row ? "#000" : "#fff") + "\">" + (row ? "R" : "C") + std::to_string(number) + "</text>\n";
  };
  for (int i = 0; i < a.rows(); ++i) stone(p.rows[i], true, i + 1);
  for (int j = 0; j < a.cols(); ++j) stone(p.cols[j], false, j + 1);
  return s + "</svg>\n";
}

}  // namespace seki
