// Per-class logic of the thrust level engine, written once for a CUDA kernel and for the CPU, with
// the shape a template parameter (rows and columns up to 5, keys of the project's KeyCodec layout
// of at most 56 bits): the children a canonical parent generates (orderly generation by the
// position invariant of canon/line_invariants.hpp), a class's values from the level below, and the
// look-up of a key there. Keys are the project's canonical keys (project_key.hpp), kept mixed
// (Mixed below): a level is sorted by mixed key, which puts its shards one after the other.
// Everything works on registers; nothing allocates.
// Concurrency: pure functions of their arguments; any number of threads (or GPU threads) may call
// them at once.
#pragma once

#include <cstdint>

#include "canon/line_invariants.hpp"
#include "engine/base/host_device.hpp"
#include "engine/gpu/project_key.hpp"
#include "storage/level.hpp"

namespace seki::gpu {

// Shapes of the engine: rows, cols <= 5 and keys of at most 56 bits (a key and its value byte
// share a word when a shard is sorted for the project's Level).
inline constexpr int kMaxDim = 5;
inline constexpr int kMaxKeyBits = 56;

// The run-time description of a space; the kernels take rows and cols as template parameters.
struct Shape {
  int rows = 0, cols = 0;
  int max_entry = 0;  // children are made only up to this entry
  int bits = 0;       // bits an entry (KeyCodec::BitsPerEntry(max_entry))
};

// The engine keeps a level in the order of Mixed(key) = key * kShardMultiplier (mod 2^64): a
// bijection whose top byte is the key's shard (storage/level.hpp), so the shards lie one after the
// other and the mixed keys are spread evenly, which lets a directory of their top bits find a key
// with two memory reads. Unmixed inverts it.
SEKI_HD constexpr std::uint64_t InverseOfOdd(std::uint64_t c) {
  std::uint64_t x = c;  // Newton's iteration: each step doubles the correct low bits
  for (int step = 0; step < 6; ++step) x *= 2 - c * x;
  return x;
}
inline constexpr std::uint64_t kShardMultiplierInverse = InverseOfOdd(kShardMultiplier);
static_assert(kShardMultiplier * kShardMultiplierInverse == 1);
SEKI_HD inline std::uint64_t Mixed(std::uint64_t key) { return key * kShardMultiplier; }
SEKI_HD inline std::uint64_t Unmixed(std::uint64_t mixed) {
  return mixed * kShardMultiplierInverse;
}

// A hint that *p will be read soon (host only; a GPU hides latency by running other threads).
SEKI_HD inline void Prefetch(const void* p) {
#if !defined(__CUDA_ARCH__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

// Entries of a Cells-cell key, row-major (cell 0 most significant), and back.
template <int Cells>
SEKI_HD inline void UnpackKey(std::uint64_t key, int bits, std::uint8_t* a) {
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  SEKI_UNROLL
  for (int k = Cells - 1; k >= 0; --k) {
    a[k] = static_cast<std::uint8_t>(key & mask);
    key >>= bits;
  }
}
template <int Cells>
SEKI_HD inline std::uint64_t PackKey(const std::uint8_t* a, int bits) {
  std::uint64_t key = 0;
  SEKI_UNROLL
  for (int k = 0; k < Cells; ++k) key = key << bits | a[k];
  return key;
}

template <int Rows, int Cols>
SEKI_HD inline std::uint64_t KeyOf(const std::uint8_t* a, int bits) {
  std::uint8_t form[Rows * Cols];
  ProjectCanonicalForm<Rows, Cols>(a, form);
  return PackKey<Rows * Cols>(form, bits);
}

// Line keys for the position invariant: sums of canon::EntryWeight over each row and column.
template <int Rows, int Cols>
SEKI_HD inline void PositionLineKeys(const std::uint8_t* a, std::uint64_t* row,
                                     std::uint64_t* col) {
  SEKI_UNROLL
  for (int j = 0; j < Cols; ++j) col[j] = 0;
  SEKI_UNROLL
  for (int i = 0; i < Rows; ++i) {
    row[i] = 0;
    SEKI_UNROLL
    for (int j = 0; j < Cols; ++j) {
      const std::uint64_t w = canon::EntryWeightOf(a[i * Cols + j]);
      row[i] += w;
      col[j] += w;
    }
  }
}

// The exact test of a tie: is the class with canonical key `parent` the canonical parent of the
// matrix b, whose raised position has the invariant `top` (shared with another position)? The
// canonical parent lowers the first position of b's canonical form (row-major) that carries the
// largest invariant. On success `child` is b's canonical key.
template <int Rows, int Cols>
SEKI_HD inline bool IsCanonicalParent(const std::uint8_t* b, std::uint64_t parent,
                                      std::uint64_t top, int bits, std::uint64_t* child) {
  constexpr int kCells = Rows * Cols;
  std::uint8_t form[kCells];
  ProjectCanonicalForm<Rows, Cols>(b, form);
  std::uint64_t row[Rows], col[Cols];
  PositionLineKeys<Rows, Cols>(form, row, col);
  int first = -1;
  SEKI_UNROLL
  for (int k = 0; k < kCells; ++k)
    if (first < 0 && form[k] != 0 &&
        canon::PositionInvariant(form[k], row[k / Cols], col[k % Cols]) == top)
      first = k;
  *child = PackKey<kCells>(form, bits);
  SEKI_UNROLL
  for (int k = 0; k < kCells; ++k) form[k] -= k == first ? 1 : 0;
  return KeyOf<Rows, Cols>(form, bits) == parent;
}

// The children that the class `parent` (canonical key) generates: the canonical keys of the
// matrices parent + e_k (entries up to max_entry) whose canonical parent it is, distinct, written
// to children (at most Rows * Cols); returns how many. Every class of sum s + 1 is generated by
// exactly one class of sum s. The rule is the CPU engine's (engine/level/orderly_generation.cpp:
// the same weights and position invariant), restated here for registers and compile-time shapes.
template <int Rows, int Cols>
SEKI_HD inline int GenerateChildren(std::uint64_t parent, int bits, int max_entry,
                                    std::uint64_t* children) {
  constexpr int kCells = Rows * Cols;
  std::uint8_t a[kCells];
  UnpackKey<kCells>(parent, bits, a);
  std::uint64_t row[Rows], col[Cols];
  PositionLineKeys<Rows, Cols>(a, row, col);
  int height = 0;
  SEKI_UNROLL
  for (int k = 0; k < kCells; ++k) height = a[k] > height ? a[k] : height;
  int count = 0;
  for (int k = 0; k < kCells; ++k) {
    const int v = a[k] + 1, i = k / Cols, j = k % Cols;
    if (v > max_entry || v < height) continue;  // not the largest entry of the child
    const std::uint64_t delta = canon::EntryWeightOf(v) - canon::EntryWeightOf(v - 1);
    const std::uint64_t row_i = row[i] + delta, col_j = col[j] + delta;
    const std::uint64_t mine = canon::PositionInvariant(v, row_i, col_j);
    bool beaten = false, tied = false;
    if (v == height && height > 0)  // rivals: the parent's positions holding the height
      for (int q = 0; q < kCells && !beaten; ++q) {
        if (a[q] != height) continue;
        const int x = q / Cols, y = q % Cols;
        const std::uint64_t other =
            canon::PositionInvariant(height, x == i ? row_i : row[x], y == j ? col_j : col[y]);
        beaten = other > mine;
        tied = tied || other == mine;
      }
    if (beaten) continue;
    a[k] += 1;
    std::uint64_t child = 0;
    const bool mine_child = tied ? IsCanonicalParent<Rows, Cols>(a, parent, mine, bits, &child)
                                 : (child = KeyOf<Rows, Cols>(a, bits), true);
    a[k] -= 1;
    if (!mine_child) continue;
    bool repeat = false;  // the same child from another position (an automorphism of parent)
    for (int m = 0; m < count; ++m) repeat = repeat || children[m] == child;
    if (!repeat) children[count++] = child;
  }
  return count;
}

// The contribution of a child of a class to the player who moves to it, by the child's values (one
// byte, PackedOutcome) or, for a move that empties a line, by which lines it empties. Filled on the
// host from the project's rules (engine/base/rules.hpp: MoveContribution, TerminalSolution), so the
// engine uses exactly the CPU engine's rule and never restates it.
struct ContributionTable {
  std::uint8_t by_value[256];
  std::uint8_t terminal[4];  // [zero_row | zero_col << 1]; [0] unused
};

// A level on the engine's memory, for look-ups: mixed keys (sorted, distinct), one value byte
// each, and a directory of their top `directory_bits` bits: the keys with top bits t are
// keys[directory[t], directory[t + 1]) (about 8 of them: directory_bits = DirectoryBits(count)).
struct LevelView {
  const std::uint64_t* keys = nullptr;
  const std::uint8_t* values = nullptr;
  std::uint64_t count = 0;
  const std::uint64_t* directory = nullptr;  // 2^directory_bits + 1 entries
  int directory_bits = 1;
};

SEKI_HD inline int DirectoryBits(std::uint64_t count) {
  int bits = 0;
  while (bits < 62 && (std::uint64_t{8} << bits) < count) ++bits;
  return bits < 1 ? 1 : bits;
}

// Within the directory bucket keys[from, to) of `mixed`: its index, or level.count if absent.
SEKI_HD inline std::uint64_t FindInBucket(const LevelView& level, std::uint64_t mixed,
                                          std::uint64_t from, std::uint64_t to) {
  for (std::uint64_t k = from; k < to; ++k)
    if (level.keys[k] >= mixed) return level.keys[k] == mixed ? k : level.count;
  return level.count;
}

// The index of the mixed key `mixed` in the level, or level.count if absent.
SEKI_HD inline std::uint64_t FindMixed(const LevelView& level, std::uint64_t mixed) {
  const std::uint64_t t = mixed >> (64 - level.directory_bits);
  return FindInBucket(level, mixed, level.directory[t], level.directory[t + 1]);
}

// The values (PackedOutcome bits) of the class `key` (canonical): the OR over its positive entries
// of what lowering it offers: the terminal contribution when the child has a zero row and/or
// column, else the contribution of the child's values, looked up in the level below. Lowering an
// entry of a row equal to an earlier row (or a column equal to an earlier column) gives a child
// isomorphic to one already counted, so those are skipped. A child missing from the level below is
// a broken level; it offers nothing (tests would see it). FindMixed's steps, with the reads of all
// children overlapped.
template <int Rows, int Cols>
SEKI_HD inline std::uint8_t ClassValues(std::uint64_t key, int bits, const LevelView& below,
                                        const ContributionTable& contributions) {
  constexpr int kCells = Rows * Cols;
  std::uint8_t a[kCells];
  UnpackKey<kCells>(key, bits, a);
  unsigned row_sum[Rows], col_sum[Cols];
  bool row_repeat[Rows], col_repeat[Cols];
  SEKI_UNROLL
  for (int i = 0; i < Rows; ++i) row_sum[i] = 0;
  SEKI_UNROLL
  for (int j = 0; j < Cols; ++j) col_sum[j] = 0;
  SEKI_UNROLL
  for (int k = 0; k < kCells; ++k) {
    row_sum[k / Cols] += a[k];
    col_sum[k % Cols] += a[k];
  }
  SEKI_UNROLL
  for (int i = 0; i < Rows; ++i) {
    row_repeat[i] = false;
    SEKI_UNROLL
    for (int p = 0; p < i; ++p) {
      bool same = true;
      SEKI_UNROLL
      for (int j = 0; j < Cols; ++j) same = same && a[i * Cols + j] == a[p * Cols + j];
      row_repeat[i] = row_repeat[i] || same;
    }
  }
  SEKI_UNROLL
  for (int j = 0; j < Cols; ++j) {
    col_repeat[j] = false;
    SEKI_UNROLL
    for (int q = 0; q < j; ++q) {
      bool same = true;
      SEKI_UNROLL
      for (int i = 0; i < Rows; ++i) same = same && a[i * Cols + j] == a[i * Cols + q];
      col_repeat[j] = col_repeat[j] || same;
    }
  }
  bool zero_row = false, zero_col = false;  // lines already empty (a class with zero lines)
  SEKI_UNROLL
  for (int i = 0; i < Rows; ++i) zero_row = zero_row || row_sum[i] == 0;
  SEKI_UNROLL
  for (int j = 0; j < Cols; ++j) zero_col = zero_col || col_sum[j] == 0;
  // First every child's key, then the look-ups in three passes (directory, keys, values) so that
  // the memory reads of different children overlap (prefetched on the host).
  std::uint8_t best = 0;
  std::uint64_t child[kCells], from[kCells], to[kCells];
  int children = 0;
  const int shift = 64 - below.directory_bits;
  for (int k = 0; k < kCells; ++k) {
    const int i = k / Cols, j = k % Cols;
    if (a[k] == 0 || row_repeat[i] || col_repeat[j]) continue;
    const int lines = (zero_row || row_sum[i] == 1 ? 1 : 0) | (zero_col || col_sum[j] == 1 ? 2 : 0);
    if (lines != 0) {
      best |= contributions.terminal[lines];
      continue;
    }
    a[k] -= 1;
    child[children] = Mixed(KeyOf<Rows, Cols>(a, bits));
    a[k] += 1;
    Prefetch(below.directory + (child[children] >> shift));
    ++children;
  }
  for (int m = 0; m < children; ++m) {
    from[m] = below.directory[child[m] >> shift];
    to[m] = below.directory[(child[m] >> shift) + 1];
    Prefetch(below.keys + from[m]);
  }
  for (int m = 0; m < children; ++m) {
    from[m] = FindInBucket(below, child[m], from[m], to[m]);
    if (from[m] < below.count) Prefetch(below.values + from[m]);
  }
  for (int m = 0; m < children; ++m)
    if (from[m] < below.count) best |= contributions.by_value[below.values[from[m]]];
  return best;
}

// Calls f(std::integral_constant-like tag) with the tag's kRows, kCols set to rows, cols (1..5).
template <int Rows, int Cols>
struct ShapeTag {
  static constexpr int kRows = Rows, kCols = Cols;
};
template <int Rows, class F>
inline void DispatchCols(int cols, F&& f) {
  switch (cols) {
    case 1:
      return f(ShapeTag<Rows, 1>{});
    case 2:
      return f(ShapeTag<Rows, 2>{});
    case 3:
      return f(ShapeTag<Rows, 3>{});
    case 4:
      return f(ShapeTag<Rows, 4>{});
    default:
      return f(ShapeTag<Rows, 5>{});
  }
}
template <class F>
inline void DispatchShape(int rows, int cols, F&& f) {
  switch (rows) {
    case 1:
      return DispatchCols<1>(cols, f);
    case 2:
      return DispatchCols<2>(cols, f);
    case 3:
      return DispatchCols<3>(cols, f);
    case 4:
      return DispatchCols<4>(cols, f);
    default:
      return DispatchCols<5>(cols, f);
  }
}

}  // namespace seki::gpu
