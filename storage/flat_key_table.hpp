// FlatKeyTable: an open-addressing hash table from 64-bit keys to one byte, where inserting a key
// that is already present ORs the byte in. One shard of a level is deduplicated in one table.
// Concurrency: not thread-safe; the level builder gives each shard to one task at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace seki {

class FlatKeyTable {
 public:
  explicit FlatKeyTable(std::size_t expected = 16) { Rehash(Capacity(expected)); }

  void InsertOr(std::uint64_t key, std::uint8_t value) {
    if (2 * (size_ + 1) > keys_.size()) Rehash(2 * keys_.size());
    std::size_t slot = Slot(key);
    while (used_[slot]) {
      if (keys_[slot] == key) {
        values_[slot] |= value;
        return;
      }
      slot = (slot + 1) & mask_;
    }
    used_[slot] = 1;
    keys_[slot] = key;
    values_[slot] = value;
    ++size_;
  }

  std::size_t size() const { return size_; }

  // Calls f(key, value) for every entry, in slot order.
  template <class F>
  void ForEach(F&& f) const {
    for (std::size_t s = 0; s < keys_.size(); ++s)
      if (used_[s]) f(keys_[s], values_[s]);
  }

 private:
  static std::size_t Capacity(std::size_t expected) {
    std::size_t c = 16;
    while (c < 2 * expected) c *= 2;
    return c;
  }
  std::size_t Slot(std::uint64_t key) const {
    key ^= key >> 33;
    key *= 0xFF51AFD7ED558CCDull;
    key ^= key >> 29;
    return static_cast<std::size_t>(key) & mask_;
  }
  void Rehash(std::size_t capacity) {
    std::vector<std::uint64_t> keys = std::move(keys_);
    std::vector<std::uint8_t> values = std::move(values_), used = std::move(used_);
    keys_.assign(capacity, 0);
    values_.assign(capacity, 0);
    used_.assign(capacity, 0);
    mask_ = capacity - 1;
    size_ = 0;
    for (std::size_t s = 0; s < keys.size(); ++s)
      if (used[s]) InsertOr(keys[s], values[s]);
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::uint8_t> values_;
  std::vector<std::uint8_t> used_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

}  // namespace seki
