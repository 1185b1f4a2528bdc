// DownsetPass's access to its store (engine/solve/downset_pass.hpp): the values of a run of slots,
// read (or OR-ed) into a block's accumulator and written back, in the ring (in memory, or its two
// sub-slabs of a ring on disk: DownsetRing) or the full table, one byte (both games) or one nibble
// (one game) a matrix, through the SSE2 kernels of downset_bytes.hpp. Private members defined
// inline for the one translation unit that uses them, downset_pass.cpp (so the hot loads inline as
// before).
// Concurrency: as DownsetPass: each block's slots are written by one worker; a byte shared by two
// blocks' nibbles is read and written with SharedLoad and SharedStore.
#pragma once

#include <cstring>

#include "engine/solve/downset_bytes.hpp"
#include "engine/solve/downset_pass.hpp"
#include "engine/solve/downset_ring.hpp"

namespace seki {

inline DownsetPass::Place DownsetPass::Locate(std::uint64_t slot) const {
  const DownsetRing* ring = store_.ring;
  if (!ring) return {store_.values, slot};
  const std::uint64_t begin = ring->begin();
  return slot >= begin ? Place{ring->cur(), slot - begin}
                       : Place{ring->prev(), slot + ring->sub() - begin};
}

template <bool kOr>
inline void DownsetPass::Load(std::uint8_t* acc, std::uint64_t slot, std::uint64_t n) const {
  const Place at = Locate(slot);
  slot = at.slot;
  if (store_.mode == DownsetMode::kBothGames) {
    const std::uint8_t* v = at.values + slot;
    if constexpr (kOr)
      downset_bytes::OrBytes(acc, v, n);
    else
      std::memcpy(acc, v, n);
    return;
  }
  const std::uint8_t* p = at.values + slot / 2;
  if (slot & 1) {  // a high nibble first: the byte is shared with the block before
    const std::uint8_t first = downset_bytes::SharedLoad(p++) >> 4;
    *acc = kOr ? *acc | first : first;
    ++acc;
    --n;
  }
  downset_bytes::Unpack<kOr>(acc, p, n / 2);
  if (n & 1) {  // a low nibble last: shared with the block after
    const std::uint8_t last = downset_bytes::SharedLoad(p + n / 2) & 0xF;
    acc[n - 1] = kOr ? acc[n - 1] | last : last;
  }
}

inline void DownsetPass::Store(std::uint64_t slot, const std::uint8_t* acc, std::uint64_t n) {
  const Place at = Locate(slot);
  slot = at.slot;
  if (store_.mode == DownsetMode::kBothGames) {
    std::memcpy(at.values + slot, acc, n);
    return;
  }
  std::uint8_t* p = at.values + slot / 2;
  if (slot & 1) {
    downset_bytes::SharedStore(p++, 4, *acc++);
    --n;
  }
  downset_bytes::Pack(p, acc, n / 2);
  if (n & 1) downset_bytes::SharedStore(p + n / 2, 0, acc[n - 1]);
}

inline std::uint8_t DownsetPass::Value(std::uint64_t slot) const {
  const Place at = Locate(slot);
  if (store_.mode == DownsetMode::kBothGames) return at.values[at.slot];
  return (downset_bytes::SharedLoad(at.values + at.slot / 2) >> (at.slot & 1 ? 4 : 0)) & 0xF;
}

}  // namespace seki
