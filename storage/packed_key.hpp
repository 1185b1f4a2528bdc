// KeyCodec: packs a small Matrix (m*n*bits <= 64) into one 64-bit key and back. The enumeration
// stores every class as the packed key of its canonical form.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/base/matrix.hpp"

namespace seki {

class KeyCodec {
 public:
  KeyCodec() = default;
  // Entries up to max_entry; cell (i, j) occupies bits [k*bits, (k+1)*bits) with k = i*cols + j
  // counted from the most significant end, so key order is row-major lexicographic order.
  KeyCodec(int rows, int cols, int max_entry)
      : rows_(rows), cols_(cols), bits_(BitsPerEntry(max_entry)) {
    for (int i = 0; i < rows_; ++i)
      for (int j = 0; j < cols_; ++j) {
        const std::uint64_t cell = ((std::uint64_t{1} << bits_) - 1)
                                   << (bits_ * (rows_ * cols_ - 1 - (i * cols_ + j)));
        row_mask_[i] |= cell;
        col_mask_[j] |= cell;
      }
  }

  static int BitsPerEntry(int max_entry) {
    return std::bit_width(static_cast<unsigned>(max_entry | 1));
  }
  static bool Fits(int rows, int cols, int max_entry) {
    return rows * cols * BitsPerEntry(max_entry) <= 64;
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int bits() const { return bits_; }
  int key_bits() const { return rows_ * cols_ * bits_; }

  std::uint64_t Pack(const Matrix& a) const {
    std::uint64_t key = 0;
    for (int i = 0; i < rows_; ++i)
      for (int j = 0; j < cols_; ++j) key = (key << bits_) | static_cast<std::uint64_t>(a(i, j));
    return key;
  }

  // Whether the matrix packed as `key` has a zero row or column, without unpacking it.
  bool HasZeroLine(std::uint64_t key) const { return HasZeroRow(key) || HasZeroColumn(key); }
  bool HasZeroRow(std::uint64_t key) const {
    for (int i = 0; i < rows_; ++i)
      if ((key & row_mask_[i]) == 0) return true;
    return false;
  }
  bool HasZeroColumn(std::uint64_t key) const {
    for (int j = 0; j < cols_; ++j)
      if ((key & col_mask_[j]) == 0) return true;
    return false;
  }

  Matrix Unpack(std::uint64_t key) const {
    Matrix a(rows_, cols_);
    const std::uint64_t mask = (std::uint64_t{1} << bits_) - 1;
    for (int k = rows_ * cols_ - 1; k >= 0; --k) {
      a.set(k / cols_, k % cols_, static_cast<int>(key & mask));
      key >>= bits_;
    }
    return a;
  }

 private:
  int rows_ = 0, cols_ = 0, bits_ = 1;
  std::array<std::uint64_t, kMaxDim> row_mask_{}, col_mask_{};
};

}  // namespace seki
