// The digit order, strides, blocks and chunks of a down-set solve, and its memory in each mode.
#include "engine/solve/downset_layout.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace seki {
namespace {

// Blocks are solved in the cache: at most this many matrices each.
constexpr std::uint64_t kMaxBlock = std::uint64_t{1} << 14;
// A slab has at least this many chunks when it has that many blocks (so that the threads of a
// wavefront step have work enough), and chunks are otherwise as long as can be (long streams).
constexpr std::uint64_t kMinChunks = 1024;
constexpr double kMaxTotal = 4611686018427387904.0;  // 2^62

// Bytes of the chunk order of one slab (one 64-bit offset per chunk).
double ChunkOrderBytes(double chunks) { return 8.0 * chunks; }

double RingBytes(double ring, DownsetMode mode) {
  return mode == DownsetMode::kOneGame ? std::ceil(ring / 2) : ring;
}

}  // namespace

DownsetLayout DownsetLayout::For(const Matrix& a) {
  if (DownsetMatrices(a) > kMaxTotal)
    throw std::invalid_argument("the down-set has more than 2^62 matrices");
  DownsetLayout layout;
  layout.top = a;
  layout.fixed = Matrix(a.rows(), a.cols());
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0) layout.digits.push_back({i, j, a(i, j) + 1, 0});
  // The outermost digit (last) has the largest radix, so that the ring, total / its radix, is as
  // small as it can be; the others keep row-major order.
  std::stable_sort(layout.digits.begin(), layout.digits.end(),
                   [](const Digit& x, const Digit& y) { return x.radix < y.radix; });
  std::uint64_t stride = 1;
  for (Digit& d : layout.digits) {
    d.stride = stride;
    stride *= static_cast<std::uint64_t>(d.radix);
  }
  layout.total = stride;
  layout.ring = layout.outer().stride;
  const int n = static_cast<int>(layout.digits.size());
  // The most inner digits (never the outermost) whose block still fits in the cache.
  layout.inner = n - 1;
  while (layout.inner > 0 && layout.digits[layout.inner].stride > kMaxBlock) --layout.inner;
  layout.block = layout.digits[layout.inner].stride;
  // The fewest coarse digits that give kMinChunks chunks (all middle digits when they cannot).
  layout.coarse = n - 1;
  while (layout.coarse > layout.inner &&
         layout.ring / layout.digits[layout.coarse].stride < kMinChunks)
    --layout.coarse;
  layout.chunk = layout.digits[layout.coarse].stride;
  return layout;
}

std::uint64_t DownsetLayout::Index(const Matrix& b) const {
  std::uint64_t index = 0;
  for (const Digit& d : digits) index += static_cast<std::uint64_t>(b(d.row, d.col)) * d.stride;
  return index;
}

Matrix DownsetLayout::At(std::uint64_t index) const {
  Matrix b = fixed;
  for (const Digit& d : digits)
    b.set(d.row, d.col, static_cast<int>((index / d.stride) % static_cast<std::uint64_t>(d.radix)));
  return b;
}

bool DownsetLayout::Contains(const Matrix& b) const {
  if (b.rows() != top.rows() || b.cols() != top.cols()) return false;
  for (int i = 0; i < b.rows(); ++i)
    for (int j = 0; j < b.cols(); ++j)
      if (b(i, j) > top(i, j)) return false;
  return true;
}

double DownsetMatrices(const Matrix& a) {
  double total = 1;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) total *= a(i, j) + 1;
  return total;
}

double DownsetMatricesPerThreadSecond(const Matrix& a) {
  double bits = 0;
  int digits = 0;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0) {
        bits += std::log2(a(i, j) + 1.0);
        ++digits;
      }
  const double mean = digits ? bits / digits : 3.0;
  return kMeasuredDownsetMatricesPerThreadSecond * std::pow(mean / 3.0, 1.83);
}

double DownsetPassSeconds(const Matrix& a, int passes, int threads, double rate) {
  if (rate == 0) rate = DownsetMatricesPerThreadSecond(a);
  return DownsetMatrices(a) * passes / (rate * std::max(1, threads));
}

double DownsetBytes(const Matrix& a, bool full_table, DownsetMode mode) {
  if (full_table) mode = DownsetMode::kBothGames;
  if (DownsetMatrices(a) <= kMaxTotal) {
    const DownsetLayout layout = DownsetLayout::For(a);
    return (full_table ? double(layout.total) : RingBytes(double(layout.ring), mode)) +
           ChunkOrderBytes(double(layout.chunks_per_slab()));
  }
  const double total = DownsetMatrices(a);
  int largest = 1;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) largest = std::max(largest, a(i, j) + 1);
  const double ring = total / largest;
  return (full_table ? total : RingBytes(ring, mode)) +
         ChunkOrderBytes(std::min(ring / double(kMaxBlock), double(kMinChunks) * largest));
}

}  // namespace seki
