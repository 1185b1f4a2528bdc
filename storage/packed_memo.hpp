// PackedMemo: an open-addressing hash table from fixed-width keys (a run of 64-bit words) to one
// byte. The single-matrix solvers keep one per matrix shape (the search engine one per shard of
// its table of each game), keyed by the canonical form's bytes (engine/solve/shape_memos.hpp).
// Concurrency: not thread-safe; one owner at a time (BoundsTable guards each shard with a lock).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace seki {

class PackedMemo {
 public:
  static constexpr std::size_t kInitialCapacity = 1024;

  explicit PackedMemo(int words) : PackedMemo(words, kInitialCapacity) {}
  // An empty table of `capacity` slots (a power of two).
  PackedMemo(int words, std::size_t capacity)
      : words_(words),
        mask_(capacity - 1),
        keys_(capacity * words),
        values_(capacity),
        used_(capacity) {}

  int words() const { return words_; }
  std::size_t size() const { return size_; }
  // Bytes held by the table (for memory limits).
  std::size_t bytes() const {
    return used_.size() * (1 + words_ * sizeof(std::uint64_t)) + values_.size();
  }

  // Whether inserting one more key doubles the table (it grows when half full); while it grows,
  // the old and the new table (3 * bytes() in all) are held at once.
  bool WouldGrow() const { return 2 * (size_ + 1) > used_.size(); }
  // Bytes a growth holds on top of bytes() while it lasts (the new table, twice as large).
  std::size_t GrowthBytes() const { return 2 * bytes(); }
  std::optional<std::uint8_t> Find(const std::uint64_t* key) const {
    for (std::size_t slot = Slot(key);; slot = (slot + 1) & mask_) {
      if (!used_[slot]) return std::nullopt;
      if (Equal(slot, key)) return values_[slot];
    }
  }

  // Sets the value of a key, inserting the key when it is not present.
  void Assign(const std::uint64_t* key, std::uint8_t value) {
    for (std::size_t slot = Slot(key); used_[slot]; slot = (slot + 1) & mask_) {
      if (Equal(slot, key)) {
        values_[slot] = value;
        return;
      }
    }
    Insert(key, value);
  }

  // Inserts a key that is not present.
  void Insert(const std::uint64_t* key, std::uint8_t value) {
    if (2 * (size_ + 1) > used_.size()) Rehash(2 * used_.size());
    std::size_t slot = Slot(key);
    while (used_[slot]) slot = (slot + 1) & mask_;
    used_[slot] = 1;
    std::memcpy(&keys_[slot * words_], key, words_ * sizeof(std::uint64_t));
    values_[slot] = value;
    ++size_;
  }

 private:
  std::size_t Slot(const std::uint64_t* key) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int w = 0; w < words_; ++w) {
      h = (h ^ key[w]) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 29;
    }
    return static_cast<std::size_t>(h) & mask_;
  }
  bool Equal(std::size_t slot, const std::uint64_t* key) const {
    return std::memcmp(&keys_[slot * words_], key, words_ * sizeof(std::uint64_t)) == 0;
  }
  void Rehash(std::size_t capacity) {
    PackedMemo bigger(words_, capacity);
    for (std::size_t s = 0; s < used_.size(); ++s)
      if (used_[s]) bigger.Insert(&keys_[s * words_], values_[s]);
    *this = std::move(bigger);
  }

  int words_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint8_t> values_;
  std::vector<std::uint8_t> used_;
};

}  // namespace seki
