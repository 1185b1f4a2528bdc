// WideKeyCodec: packs a Matrix whose key needs more than 64 bits into several 64-bit words — the
// layout of KeyCodec extended: row-major, first entry most significant, the value right-aligned
// in `words` words stored most significant word first, so comparing the words lexicographically
// compares the matrices in row-major order. Up to 8 x 8 entries of 8 bits (512 bits, 8 words).
// Concurrency: a codec is immutable; any number of threads may use one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/base/matrix.hpp"
#include "storage/level.hpp"
#include "storage/packed_key.hpp"

namespace seki {

class WideKeyCodec {
 public:
  static constexpr int kMaxWords = 8;

  WideKeyCodec() = default;
  // `words` 0: as many as the key needs.
  WideKeyCodec(int rows, int cols, int max_entry, int words = 0)
      : rows_(rows), cols_(cols), bits_(KeyCodec::BitsPerEntry(max_entry)) {
    words_ = std::max(words, WordsFor(rows * cols * bits_));
  }

  static int WordsFor(int key_bits) { return std::max(1, (key_bits + 63) / 64); }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int bits() const { return bits_; }
  int words() const { return words_; }

  // Writes words() words to `out`.
  void Pack(const Matrix& a, std::uint64_t* out) const {
    std::fill(out, out + words_, std::uint64_t{0});
    const int cells = rows_ * cols_;
    for (int k = 0; k < cells; ++k) {
      const std::uint64_t v = static_cast<std::uint64_t>(a(k / cols_, k % cols_));
      const int offset = bits_ * (cells - 1 - k);  // from the least significant bit
      const int word = words_ - 1 - offset / 64, shift = offset % 64;
      out[word] |= v << shift;
      if (shift + bits_ > 64) out[word - 1] |= v >> (64 - shift);
    }
  }

  // The key as a ClassKey (words() words).
  std::vector<std::uint64_t> Key(const Matrix& a) const {
    std::vector<std::uint64_t> key(static_cast<std::size_t>(words_));
    Pack(a, key.data());
    return key;
  }

  Matrix Unpack(const std::uint64_t* in) const {
    Matrix a(rows_, cols_);
    const int cells = rows_ * cols_;
    const std::uint64_t mask = (std::uint64_t{1} << bits_) - 1;
    for (int k = 0; k < cells; ++k) {
      const int offset = bits_ * (cells - 1 - k);
      const int word = words_ - 1 - offset / 64, shift = offset % 64;
      std::uint64_t v = in[word] >> shift;
      if (shift + bits_ > 64) v |= in[word - 1] << (64 - shift);
      a.set(k / cols_, k % cols_, static_cast<int>(v & mask));
    }
    return a;
  }

 private:
  int rows_ = 0, cols_ = 0, bits_ = 1, words_ = 1;
};

// A class's canonical key as a value: its words, most significant first (one up to 64 key bits);
// vectors compare as the keys do. For maps of the rare classes kept by checks and verifiers.
using ClassKey = std::vector<std::uint64_t>;
struct ClassKeyHash {
  std::size_t operator()(const ClassKey& key) const {
    std::uint64_t h = 0;
    for (std::uint64_t w : key) h = (h ^ w) * 0x9E3779B97F4A7C15ull + (h >> 31);
    return static_cast<std::size_t>(h);
  }
};

// Whether key x is below key y (`words` words each, most significant first).
inline bool KeyWordsLess(const std::uint64_t* x, const std::uint64_t* y, int words) {
  return std::lexicographical_compare(x, x + words, y, y + words);
}

// The shard of a wide key (a fixed hash of all its words). Of a one-word key, ShardOf's.
inline int ShardOfWords(const std::uint64_t* words, int count) {
  std::uint64_t h = words[0];
  for (int i = 1; i < count; ++i) h = (h ^ (h >> 29)) * 0xBF58476D1CE4E5B9ull + words[i];
  return static_cast<int>((h * 0x9E3779B97F4A7C15ull) >> (64 - kShardBits));
}

}  // namespace seki
