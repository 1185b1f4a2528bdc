// EnumerationSpace: the matrices a walk over levels covers — a shape, an entry bound and a sum
// bound — and the width of their packed keys (one 64-bit word up to 64 key bits, several past
// that), as the level engines, level files, catalogues and checks use them.
// Concurrency: a value type; its functions are pure.
#pragma once

#include <cstdint>

#include "engine/base/matrix.hpp"
#include "storage/packed_key.hpp"
#include "storage/wide_key.hpp"

namespace seki {

struct EnumerationSpace {
  int rows = 0, cols = 0;
  int max_entry = 0;  // effective entry bound (the smaller of --max-entry and --max-sum)
  int max_sum = 0;    // effective sum bound (rows * cols * max_entry when only entries are bounded)
  KeyCodec codec;     // keys of up to 64 bits (key_words == 1)
  int key_words = 1;  // words per key: more than one past 64 key bits
  WideKeyCodec wide_codec;  // keys of every width (the one to use when key_words > 1)

  // Throws std::invalid_argument with a one-line reason when the bounds are unusable.
  static EnumerationSpace Make(int rows, int cols, int max_entry_or_neg, int max_sum_or_neg);
  // The same checks and effective bounds except the key width, and no codec: for cost models
  // (`seki plan`) of runs whose keys need more than 64 bits.
  static EnumerationSpace Bounds(int rows, int cols, int max_entry_or_neg, int max_sum_or_neg);
  int KeyBits() const;  // bits of a key (rows * cols * bits per entry), whether it fits or not
  // Keys of more than 56 bits: a key and its contribution byte do not share a 64-bit record, so the
  // records are the wide level engine's (engine/level/wide_level.hpp): the key's words, then the
  // contribution; up to 64 bits with one-word keys (everything after the build is the same), past
  // 64 with key_words.
  bool WideRecords() const { return KeyBits() > 64 - 8; }
  // Words of a pushed record: one (key above contribution byte), or the key's words and the
  // contribution.
  int RecordWords() const { return WideRecords() ? key_words + 1 : 1; }
  // The matrix of a key of this space (key_words words), and whether it has a zero line.
  Matrix Unpack(const std::uint64_t* key) const {
    return key_words == 1 ? codec.Unpack(key[0]) : wide_codec.Unpack(key);
  }
  bool HasZeroLine(const std::uint64_t* key) const {
    return key_words == 1 ? codec.HasZeroLine(key[0]) : wide_codec.Unpack(key).has_zero_line();
  }
};

// The canonical key of a matrix of the space (pack of its canonical form).
std::uint64_t CanonicalKey(const EnumerationSpace& space, const Matrix& a);

}  // namespace seki
