// Matrix: a SEKI position, an m x n matrix of non-negative integers (m, n <= 8, entries <= 255).
// A plain value type; header-only so that canon/ and storage/ can use it without linking the
// engine.
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace seki {

inline constexpr int kMaxDim = 8;      // at most 8 rows and 8 columns
inline constexpr int kMaxEntry = 255;  // entries fit in one byte

class Matrix {
 public:
  Matrix() = default;
  Matrix(int rows, int cols)
      : rows_(static_cast<std::uint8_t>(rows)), cols_(static_cast<std::uint8_t>(cols)) {}

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  bool empty() const { return rows_ == 0 || cols_ == 0; }

  int operator()(int i, int j) const { return cells_[Index(i, j)]; }
  void set(int i, int j, int value) { cells_[Index(i, j)] = static_cast<std::uint8_t>(value); }
  void decrement(int i, int j) { --cells_[Index(i, j)]; }
  void increment(int i, int j) { ++cells_[Index(i, j)]; }

  int row_sum(int i) const {
    int s = 0;
    for (int j = 0; j < cols_; ++j) s += (*this)(i, j);
    return s;
  }
  int col_sum(int j) const {
    int s = 0;
    for (int i = 0; i < rows_; ++i) s += (*this)(i, j);
    return s;
  }
  int sum() const {
    int s = 0;
    for (std::uint8_t v : cells_) s += v;  // unused cells are always zero
    return s;
  }
  int height() const { return *std::max_element(cells_.begin(), cells_.end()); }

  bool has_zero_row() const {
    for (int i = 0; i < rows_; ++i)
      if (row_sum(i) == 0) return true;
    return false;
  }
  bool has_zero_col() const {
    for (int j = 0; j < cols_; ++j)
      if (col_sum(j) == 0) return true;
    return false;
  }
  bool has_zero_line() const { return has_zero_row() || has_zero_col(); }

  Matrix transposed() const {
    Matrix t(cols_, rows_);
    for (int i = 0; i < rows_; ++i)
      for (int j = 0; j < cols_; ++j) t.set(j, i, (*this)(i, j));
    return t;
  }

  // Row-major bytes with a fixed stride of kMaxDim; cells outside rows() x cols() are zero.
  const std::array<std::uint8_t, kMaxDim * kMaxDim>& cells() const { return cells_; }

  friend bool operator==(const Matrix&, const Matrix&) = default;
  friend auto operator<=>(const Matrix&, const Matrix&) = default;

 private:
  static constexpr int Index(int i, int j) { return i * kMaxDim + j; }

  std::uint8_t rows_ = 0;
  std::uint8_t cols_ = 0;
  std::array<std::uint8_t, kMaxDim * kMaxDim> cells_{};
};

struct MatrixHash {
  std::size_t operator()(const Matrix& a) const noexcept {
    std::uint64_t h =
        0x9E3779B97F4A7C15ull ^ (static_cast<std::uint64_t>(a.rows()) << 8) ^ a.cols();
    const auto& c = a.cells();
    for (int k = 0; k < kMaxDim * kMaxDim; k += 8) {
      std::uint64_t w = 0;
      for (int b = 0; b < 8; ++b) w |= static_cast<std::uint64_t>(c[k + b]) << (8 * b);
      h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }
};

}  // namespace seki
