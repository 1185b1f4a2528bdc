// The GO picture of a matrix (engine/structure/go_picture.hpp): one stone per line, A(i,j)
// liberties per entry, and no two segments crossing whenever the graph is planar — on every 3x3
// (0,1)-matrix, every 2x4 and 4x2 (0,1)-matrix, and random 4x4 and 5x5 matrices.
#include "engine/structure/go_picture.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/base/matrix_text.hpp"
#include "engine/structure/planarity.hpp"

namespace seki::testing {
namespace {

double Orient(PicturePoint a, PicturePoint b, PicturePoint c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

bool Same(PicturePoint a, PicturePoint b) { return a.x == b.x && a.y == b.y; }

// Proper crossing of two segments that share no end point.
bool Cross(PicturePoint p, PicturePoint q, PicturePoint r, PicturePoint s) {
  if (Same(p, r) || Same(p, s) || Same(q, r) || Same(q, s)) return false;
  return Orient(p, q, r) * Orient(p, q, s) < 0 && Orient(r, s, p) * Orient(r, s, q) < 0;
}

void ExpectGoodPicture(const Matrix& a) {
  SCOPED_TRACE(FormatMatrix(a));
  const GoPicture p = LayOutGoPicture(a);
  ASSERT_EQ(static_cast<int>(p.rows.size()), a.rows());
  ASSERT_EQ(static_cast<int>(p.cols.size()), a.cols());
  EXPECT_EQ(static_cast<int>(p.liberties.size()), a.sum());
  EXPECT_EQ(p.planar, a.rows() + a.cols() >= 3 && IsPlanar(a));
  for (int v = 0; v < a.rows() + a.cols(); ++v)
    for (int w = v + 1; w < a.rows() + a.cols(); ++w) {
      const PicturePoint x = v < a.rows() ? p.rows[v] : p.cols[v - a.rows()];
      const PicturePoint y = w < a.rows() ? p.rows[w] : p.cols[w - a.rows()];
      EXPECT_FALSE(Same(x, y)) << "two stones at one point";
    }
  if (!p.planar) return;
  std::vector<std::pair<int, int>> edges;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0) edges.emplace_back(i, j);
  for (std::size_t e = 0; e < edges.size(); ++e)
    for (std::size_t f = e + 1; f < edges.size(); ++f) {
      const auto [i, j] = edges[e];
      const auto [k, l] = edges[f];
      EXPECT_FALSE(Cross(p.rows[i], p.cols[j], p.rows[k], p.cols[l]))
          << "(" << i + 1 << "," << j + 1 << ") crosses (" << k + 1 << "," << l + 1 << ")";
    }
}

Matrix FromBits(int rows, int cols, unsigned bits) {
  Matrix a(rows, cols);
  for (int k = 0; k < rows * cols; ++k) a.set(k / cols, k % cols, (bits >> k) & 1);
  return a;
}

TEST(GoPicture, EverySmallZeroOneMatrix) {
  for (unsigned bits = 0; bits < (1u << 9); ++bits) ExpectGoodPicture(FromBits(3, 3, bits));
  for (unsigned bits = 0; bits < (1u << 8); ++bits) {
    ExpectGoodPicture(FromBits(2, 4, bits));
    ExpectGoodPicture(FromBits(4, 2, bits));
  }
}

TEST(GoPicture, RandomMatrices) {
  std::mt19937 rng(7);
  for (int n = 0; n < 300; ++n) {
    const int rows = 1 + static_cast<int>(rng() % 5), cols = 1 + static_cast<int>(rng() % 5);
    Matrix a(rows, cols);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) a.set(i, j, rng() % 3 == 0 ? static_cast<int>(rng() % 4) : 0);
    ExpectGoodPicture(a);
  }
}

TEST(GoPicture, SvgHasEveryStoneAndLiberty) {
  const Matrix a = ParseMatrix("033/331/312");
  const std::string svg = GoPictureSvg(a);
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = svg.find(what); at != std::string::npos; at = svg.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("class=\"stone row\""), 3u);
  EXPECT_EQ(count("class=\"stone col\""), 3u);
  EXPECT_EQ(count("class=\"liberty\""), 19u);
  EXPECT_NE(svg.find("<title>033/331/312 (planar drawing)</title>"), std::string::npos);
}

}  // namespace
}  // namespace seki::testing
