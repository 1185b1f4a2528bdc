// FlatKeyTable: an open-addressing hash table from keys below 2^56 to one byte, where inserting a
// key that is already present ORs the byte in. One shard of a level is deduplicated in one table.
// Each slot is one 64-bit word (key << 8 | byte, 0 = empty). Sized for the number of keys it will
// hold, the load ends near 0.8 (10 bytes per key); past 0.85 it grows by half.
// Concurrency: not thread-safe; the level builder gives each shard to one task at a time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace seki {

class FlatKeyTable {
  __extension__ using Wide = unsigned __int128;  // GCC and Clang; the product of two 64-bit words

 public:
  static constexpr int kValueBits = 8;

  explicit FlatKeyTable(std::size_t expected = 16) { Rehash(Capacity(expected)); }

  // Inserts words key << 8 | value (keys below 2^56) as InsertOr does, prefetching the slots of
  // the words a few places ahead (a batch touches the table at random). The slots computed ahead
  // are computed again when the table grows.
  void InsertWordsOr(const std::uint64_t* words, std::size_t count) {
    constexpr std::size_t kAhead = 8;  // a power of two: the ring of slots computed ahead
    std::size_t ahead[kAhead];
    const auto compute_ahead = [&](std::size_t from) {
      for (std::size_t k = from; k < std::min(count, from + kAhead); ++k)
        ahead[k % kAhead] = Slot(words[k] >> kValueBits);
    };
    compute_ahead(0);
    for (std::size_t k = 0; k < count; ++k) {
      if (GrowIfFull()) compute_ahead(k);
      const std::size_t slot = ahead[k % kAhead];
      if (k + kAhead < count) {
        ahead[k % kAhead] = Slot(words[k + kAhead] >> kValueBits);
        __builtin_prefetch(&slots_[ahead[k % kAhead]]);
      }
      InsertWordOr(words[k], slot);
    }
  }

  // key must be below 2^56.
  void InsertOr(std::uint64_t key, std::uint8_t value) {
    GrowIfFull();
    InsertWordOr(key << kValueBits | value, Slot(key));
  }

  std::size_t size() const { return size_; }

  // Empties the table and returns its entries as words key << 8 | value, sorted by key.
  std::vector<std::uint64_t> TakeSorted() {
    std::vector<std::uint64_t> words = std::move(slots_);
    words.erase(std::remove(words.begin(), words.end(), std::uint64_t{0}), words.end());
    if (has_zero_) words.push_back(zero_value_);
    SortWords(words);
    *this = FlatKeyTable();
    return words;
  }

  // Sorts distinct words by key: least-significant-digit radix sort on the key bytes that differ
  // between words (keys are distinct, so the value byte never decides); std::sort when few.
  static void SortWords(std::vector<std::uint64_t>& words) {
    if (words.size() < 1024) {
      std::sort(words.begin(), words.end());
      return;
    }
    std::uint64_t all_or = 0, all_and = ~std::uint64_t{0};
    for (std::uint64_t w : words) all_or |= w, all_and &= w;
    const std::uint64_t varying = all_or ^ all_and;
    std::vector<std::uint64_t> other(words.size());
    for (int shift = kValueBits; shift < 64; shift += 8) {
      if (((varying >> shift) & 0xFF) == 0) continue;
      std::size_t start[257] = {};
      for (std::uint64_t w : words) ++start[((w >> shift) & 0xFF) + 1];
      for (int b = 0; b < 256; ++b) start[b + 1] += start[b];
      for (std::uint64_t w : words) other[start[(w >> shift) & 0xFF]++] = w;
      words.swap(other);
    }
  }

 private:
  // Grows the table by half when its load has reached 0.85 (before an insert); true if it grew,
  // which moves every key's home slot.
  bool GrowIfFull() {
    if (size_ < grow_at_) return false;
    Rehash(slots_.size() * 3 / 2 + 16);
    return true;
  }

  // One test per probed slot from `slot` (the key's home slot in the table as it is now): empty
  // (take it) or the same key (OR the value in).
  void InsertWordOr(std::uint64_t word, std::size_t slot) {
    if (word >> kValueBits == 0) {  // a zero word marks an empty slot, so key 0 lives outside
      size_ += !has_zero_;
      has_zero_ = true;
      zero_value_ |= static_cast<std::uint8_t>(word);
      return;
    }
    for (;;) {
      const std::uint64_t here = slots_[slot];
      if (here == 0 || (here ^ word) >> kValueBits == 0) {
        size_ += here == 0;
        slots_[slot] = here | word;
        return;
      }
      if (++slot == slots_.size()) slot = 0;
    }
  }

  static std::size_t Capacity(std::size_t expected) { return expected + expected / 4 + 16; }
  std::size_t Slot(std::uint64_t key) const {
    key ^= key >> 33;
    key *= 0xFF51AFD7ED558CCDull;
    key ^= key >> 29;
    // Maps the hash onto [0, slots) without a power-of-two size (Lemire's multiply-shift).
    return static_cast<std::size_t>((static_cast<Wide>(key) * slots_.size()) >> 64);
  }
  void Rehash(std::size_t capacity) {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(capacity, 0);
    grow_at_ = capacity * 17 / 20;  // load 0.85
    size_ = has_zero_;
    for (std::uint64_t word : old)
      if (word != 0) InsertOr(word >> kValueBits, static_cast<std::uint8_t>(word));
  }

  std::vector<std::uint64_t> slots_;
  std::size_t size_ = 0;
  std::size_t grow_at_ = 0;
  bool has_zero_ = false;
  std::uint8_t zero_value_ = 0;
};

}  // namespace seki
