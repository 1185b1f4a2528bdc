// The ranges of a distributed down-set pass.
#include "engine/solve/downset_share.hpp"

#include <algorithm>
#include <cstdlib>

namespace seki {

DownsetShare DownsetShare::For(const DownsetLayout& layout, int rank, int ranks) {
  DownsetShare s;
  s.rank = rank, s.ranks = ranks;
  s.end = layout.ring;
  s.stride = layout.ring;
  const std::uint64_t radix = static_cast<std::uint64_t>(DownsetSplitRadix(layout));
  if (ranks <= 1 || radix < static_cast<std::uint64_t>(ranks)) return s;
  const std::uint64_t r = static_cast<std::uint64_t>(rank), n = static_cast<std::uint64_t>(ranks);
  s.split = true;
  s.radix = radix;
  s.stride = layout.ring / radix;
  s.first = r * radix / n;
  s.last = (r + 1) * radix / n;
  s.begin = (s.first > 0 ? s.first - 1 : 0) * s.stride;
  s.end = s.last * s.stride;
  s.base = s.begin & ~std::uint64_t{1};
  return s;
}

std::size_t DownsetShare::bytes(DownsetMode mode) const {
  const std::uint64_t values = end - base;
  return mode == DownsetMode::kOneGame ? (values + 1) / 2 : values;
}

int DownsetSplitRadix(const DownsetLayout& layout) {
  const int n = static_cast<int>(layout.digits.size());
  return layout.inner < n - 1 ? layout.digits[n - 2].radix : 0;
}

double DownsetSplitMatrices() {
  static const double matrices = [] {
    const char* text = std::getenv("SEKI_DOWNSET_SPLIT_MATRICES");
    char* rest = nullptr;
    const double value = text ? std::strtod(text, &rest) : 0.0;
    return text && *text && !*rest && value >= 0 ? value : double(std::uint64_t{1} << 20);
  }();
  return matrices;
}

double DownsetShareBytes(const Matrix& a, DownsetMode mode, int ranks) {
  const double whole = DownsetBytes(a, false, mode);
  if (ranks <= 1) return whole;
  if (DownsetMatrices(a) > 4611686018427387904.0) return whole / ranks;  // 2^62
  const DownsetLayout layout = DownsetLayout::For(a);
  const DownsetShare whole_share = DownsetShare::For(layout, 0, 1);
  std::size_t largest = 0;
  for (int q = 0; q < ranks; ++q)
    largest = std::max(largest, DownsetShare::For(layout, q, ranks).bytes(mode));
  return whole - double(whole_share.bytes(mode)) + double(largest);
}

}  // namespace seki
