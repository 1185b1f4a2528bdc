// GoPicture: a matrix drawn as its GO position (spec section 6): a stone per row group (white) and
// per column group (black), and A(i,j) shared liberties (small empty points) on the segment between
// row group i and column group j. When the bipartite graph of positive entries is planar the
// stones are placed by Boost.Graph's planar embedding and Chrobak-Payne straight-line drawing, so
// no two segments cross; otherwise rows and columns stand in two rows. Rendered as SVG for
// `seki show --svg` and the Python package.
// Concurrency: pure functions, thread-safe.
#pragma once

#include <string>
#include <vector>

#include "engine/base/matrix.hpp"

namespace seki {

struct PicturePoint {
  double x = 0, y = 0;
};

struct GoPicture {
  bool planar = false;             // drawn without crossings (a planar straight-line drawing)
  std::vector<PicturePoint> rows;  // row group i (white stones)
  std::vector<PicturePoint> cols;  // column group j (black stones)
  struct Liberty {
    int row = 0, col = 0;  // the entry it belongs to, 0-based
    PicturePoint at;
  };
  std::vector<Liberty> liberties;  // A(i,j) per entry, in row-major order
  double width = 0, height = 0;    // the drawing lies in [0, width] x [0, height]
};

// The layout: coordinates in pixels with stones `spacing` apart on the drawing's grid.
GoPicture LayOutGoPicture(const Matrix& a, double spacing = 80);

// A standalone SVG document of the picture: circles of class "stone row" / "stone col" with the
// line number (from 1) and "liberty", segments of class "link", and a <title> with the matrix.
std::string GoPictureSvg(const Matrix& a);

}  // namespace seki
