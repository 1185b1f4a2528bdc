// fight::Table: the transposition table of the exact local search (go_search.hpp): the exact
// position of a fight's region as the key (two bits a point, the player to move, a pass just
// made: no collision can give a wrong value), bounds of its value and its best move; open
// addressing over a power-of-two array that doubles up to a number of entries.
// Concurrency: one per search (not shared).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace seki::go::fight {

// The position of the region: 2 bits a point, the player to move and a pass just made.
struct Key {
  std::array<std::uint64_t, 5> words{};
  std::uint8_t extra = 0;
  friend bool operator==(const Key&, const Key&) = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = k.extra * 0x9E3779B97F4A7C15ull;
    for (std::uint64_t w : k.words) h = (h ^ w) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    return std::size_t(h);
  }
};

// Bounds of a position's value (-1 L, 0 D, 1 W for the player to move) and its best move.
struct Entry {
  std::int8_t lower = -1, upper = 1;
  std::int16_t best = -1;  // a pass
};

// The transposition table: open addressing with linear probing over a power-of-two array that
// doubles up to `max_entries` (at most half full); the whole key is kept, so a hit is exact.
class Table {
 public:
  explicit Table(std::size_t max_entries) : max_(max_entries) {}
  static constexpr std::size_t kSlotBytes = 56;  // a slot (key and entry), for the budget

  const Entry* Find(const Key& k) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = KeyHash{}(k)&mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.key == k) return &s.entry;
    }
  }
  // The entry of k (`fresh`: made now, holding Entry{}); nullptr when the table is full.
  Entry* Insert(const Key& k, bool& fresh) {
    if (2 * (size_ + 1) > slots_.size()) {
      if (size_ + 1 > max_) {
        fresh = false;
        Entry* e = const_cast<Entry*>(Find(k));
        return e;
      }
      Grow();
    }
    std::size_t i = KeyHash{}(k)&mask_;
    for (; slots_[i].used; i = (i + 1) & mask_)
      if (slots_[i].key == k) return fresh = false, &slots_[i].entry;
    slots_[i] = Slot{k, Entry{}, true};
    ++size_;
    fresh = true;
    return &slots_[i].entry;
  }

 private:
  struct Slot {
    Key key;
    Entry entry;
    bool used = false;
  };
  static_assert(sizeof(Slot) <= kSlotBytes);
  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.used) {
        std::size_t i = KeyHash{}(s.key) & mask_;
        while (slots_[i].used) i = (i + 1) & mask_;
        slots_[i] = s;
      }
  }
  std::vector<Slot> slots_;
  std::size_t mask_ = 0, size_ = 0, max_;
};

}  // namespace seki::go::fight
