// The line invariants of the project's canonical form (canon/fast_search.hpp), defined once
// for the host and a CUDA device (engine/gpu/project_key.hpp computes the same keys there): the
// weight of one entry in a line key, the multipliers that refine row keys by column class, and the
// position invariant of orderly generation (engine/level/orderly_generation.cpp, engine/gpu), and
// the part of a class when a level is built in parts (engine/level/level_builder.hpp). Concurrency:
// pure constexpr functions.
#pragma once

#include <array>
#include <cstdint>

#include "engine/base/host_device.hpp"

namespace seki::canon {

// Weight of entry v in a line key: v in bits 48.. (so keys order lines by their sum) plus a fixed
// pseudo-random 40-bit value (splitmix64 of the v-th step from a fixed seed), so the sum of weights
// identifies the multiset of entries with overwhelming probability. A collision only weakens the
// invariant; exactness never needs it.
SEKI_HD constexpr std::uint64_t EntryWeight(int v) {
  std::uint64_t z = 0x243F6A8885A308D3ull + 0x9E3779B97F4A7C15ull * std::uint64_t(v + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (std::uint64_t(v) << 48) | (z >> 24);
}

// EntryWeight(v) for 0 <= v < 256: from a table on the host, computed on a CUDA device (where a
// constant table would live in slower memory than the arithmetic costs).
SEKI_HD inline std::uint64_t EntryWeightOf(int v) {
#if defined(__CUDA_ARCH__)
  return EntryWeight(v);
#else
  static constexpr auto kTable = [] {
    std::array<std::uint64_t, 256> t{};
    for (int k = 0; k < 256; ++k) t[k] = EntryWeight(k);
    return t;
  }();
  return kTable[v];
#endif
}

// Odd multiplier of column class c (0..7) when a row's entry weights are mixed by column class.
SEKI_HD constexpr std::uint64_t ClassMultiplier(int c) {
  switch (c) {  // no table: a device function has no constant array to index
    case 0:
      return 0x9E3779B97F4A7C15ull;
    case 1:
      return 0xBF58476D1CE4E5B9ull;
    case 2:
      return 0x94D049BB133111EBull;
    case 3:
      return 0xD6E8FEB86659FD93ull;
    case 4:
      return 0xA0761D6478BD642Full;
    case 5:
      return 0xE7037ED1A0B428DBull;
    case 6:
      return 0x8EBC6AF09C88C6E3ull;
    default:
      return 0x589965CC75374CC3ull;
  }
}

// Shifts of the packed column keys of the search: the column class in the top byte, the entry of
// the row at position p at bits kFirstRowShift - 8p, the column index in the low byte.
inline constexpr int kClassShift = 56;
inline constexpr int kFirstRowShift = 48;

// Invariant of a position of a matrix for canonical augmentation (orderly generation: a class's
// canonical parent lowers the position with the largest invariant): its entry in the top byte, then
// a hash of the keys of its row and its column (sums of entry weights, any weights).
SEKI_HD constexpr std::uint64_t PositionInvariant(int entry, std::uint64_t row_key,
                                                  std::uint64_t col_key) {
  std::uint64_t z = row_key + 0x9E3779B97F4A7C15ull * col_key;
  z = (z ^ (z >> 32)) * 0xD6E8FEB86659FD93ull;
  z ^= z >> 32;
  return (static_cast<std::uint64_t>(entry) << 56) | (z >> 8);
}

}  // namespace seki::canon
