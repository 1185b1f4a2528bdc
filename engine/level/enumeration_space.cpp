// The bounds of an enumeration space and the width of its keys.
#include "engine/level/enumeration_space.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "canon/canonical_form.hpp"

namespace seki {

EnumerationSpace EnumerationSpace::Bounds(int rows, int cols, int max_entry, int max_sum) {
  if (rows < 1 || rows > kMaxDim || cols < 1 || cols > kMaxDim)
    throw std::invalid_argument("shape " + std::to_string(rows) + "x" + std::to_string(cols) +
                                ": rows and columns must be 1..8");
  if (max_entry < 0 && max_sum < 0)
    throw std::invalid_argument("no bound: give --max-entry, --max-sum or both");
  if (max_entry == 0 || max_sum == 0) throw std::invalid_argument("bounds must be positive");
  EnumerationSpace s;
  s.rows = rows;
  s.cols = cols;
  s.max_entry = max_entry < 0 ? max_sum : (max_sum < 0 ? max_entry : std::min(max_entry, max_sum));
  if (s.max_entry > kMaxEntry)
    throw std::invalid_argument("entry bound " + std::to_string(s.max_entry) + " is above 255");
  s.max_sum = rows * cols * s.max_entry;
  if (max_sum >= 0) s.max_sum = std::min(s.max_sum, max_sum);
  return s;
}

int EnumerationSpace::KeyBits() const { return rows * cols * KeyCodec::BitsPerEntry(max_entry); }

EnumerationSpace EnumerationSpace::Make(int rows, int cols, int max_entry, int max_sum) {
  EnumerationSpace s = Bounds(rows, cols, max_entry, max_sum);
  s.wide_codec = WideKeyCodec(rows, cols, s.max_entry);
  s.key_words = s.KeyBits() > 64 ? s.wide_codec.words() : 1;
  if (s.key_words == 1) s.codec = KeyCodec(rows, cols, s.max_entry);
  return s;
}

std::uint64_t CanonicalKey(const EnumerationSpace& space, const Matrix& a) {
  return canon::CanonicalFormKey(a, space.codec.bits());
}

}  // namespace seki
