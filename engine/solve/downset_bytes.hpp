// The byte kernels of the down-set pass (engine/solve/downset_pass.hpp): a byte two blocks share
// (kOneGame, read and written atomically), the OR of two byte ranges, and the 4-bit values of one
// game unpacked into bytes and packed back (SSE2 where the compiler targets it); huge-page advice
// for the values.
// Concurrency: pure functions over the caller's ranges; SharedLoad and SharedStore are atomic.
#pragma once

#include <atomic>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace seki::downset_bytes {

// Asks the kernel for huge pages (2 MiB) under the values: a pass reads its children from far
// away in long runs, and small pages would cost a TLB miss every 4 KiB. Advice only.
inline void AdviseHugePages(void* p, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

// A byte that two blocks share (kOneGame): read and written atomically; each block writes only its
// own nibble (`shift` 0: low, 4: high), which no other thread writes.
inline std::uint8_t SharedLoad(const std::uint8_t* p) {
  return std::atomic_ref<std::uint8_t>(*const_cast<std::uint8_t*>(p))
      .load(std::memory_order_relaxed);
}
inline void SharedStore(std::uint8_t* p, unsigned shift, std::uint8_t nibble) {
  std::atomic_ref<std::uint8_t> ref(*p);
  const std::uint8_t old = ref.load(std::memory_order_relaxed);
  ref.fetch_xor(static_cast<std::uint8_t>((old ^ (nibble << shift)) & (0xF << shift)),
                std::memory_order_relaxed);
}

// dst[x] |= src[x] for x < n; the two ranges do not overlap.
inline void OrBytes(std::uint8_t* __restrict dst, const std::uint8_t* __restrict src,
                    std::uint64_t n) {
  std::uint64_t x = 0;
#if defined(__SSE2__)
  for (; x + 16 <= n; x += 16) {
    __m128i* out = reinterpret_cast<__m128i*>(dst + x);
    _mm_storeu_si128(out, _mm_or_si128(_mm_loadu_si128(out),
                                       _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + x))));
  }
#endif
  for (; x < n; ++x) dst[x] |= src[x];
}

// The 2 * pairs nibbles of p (low nibble first) into bytes of acc (kOr: OR-ed into them).
template <bool kOr>
inline void Unpack(std::uint8_t* __restrict acc, const std::uint8_t* __restrict p,
                   std::uint64_t pairs) {
  std::uint64_t k = 0;
#if defined(__SSE2__)
  const __m128i low = _mm_set1_epi8(0x0F);
  for (; k + 16 <= pairs; k += 16) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
    const __m128i lo = _mm_and_si128(b, low), hi = _mm_and_si128(_mm_srli_epi16(b, 4), low);
    __m128i first = _mm_unpacklo_epi8(lo, hi), second = _mm_unpackhi_epi8(lo, hi);
    __m128i* out = reinterpret_cast<__m128i*>(acc + 2 * k);
    if constexpr (kOr) {
      first = _mm_or_si128(first, _mm_loadu_si128(out));
      second = _mm_or_si128(second, _mm_loadu_si128(out + 1));
    }
    _mm_storeu_si128(out, first);
    _mm_storeu_si128(out + 1, second);
  }
#endif
  for (; k < pairs; ++k) {
    const std::uint8_t b = p[k];
    if constexpr (kOr) {
      acc[2 * k] |= b & 0xF;
      acc[2 * k + 1] |= b >> 4;
    } else {
      acc[2 * k] = b & 0xF;
      acc[2 * k + 1] = b >> 4;
    }
  }
}

// The 2 * pairs values of acc (each below 16) into nibbles of p, low nibble first.
inline void Pack(std::uint8_t* __restrict p, const std::uint8_t* __restrict acc,
                 std::uint64_t pairs) {
  std::uint64_t k = 0;
#if defined(__SSE2__)
  const __m128i low = _mm_set1_epi16(0x00FF);
  for (; k + 16 <= pairs; k += 16) {
    const __m128i* in = reinterpret_cast<const __m128i*>(acc + 2 * k);
    // A 16-bit lane holds e + 256 o (e, o < 16): (w | w >> 4) & 0xFF is e + 16 o.
    const __m128i w0 = _mm_loadu_si128(in), w1 = _mm_loadu_si128(in + 1);
    const __m128i x0 = _mm_and_si128(_mm_or_si128(w0, _mm_srli_epi16(w0, 4)), low);
    const __m128i x1 = _mm_and_si128(_mm_or_si128(w1, _mm_srli_epi16(w1, 4)), low);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + k), _mm_packus_epi16(x0, x1));
  }
#endif
  for (; k < pairs; ++k) p[k] = static_cast<std::uint8_t>(acc[2 * k] | acc[2 * k + 1] << 4);
}

}  // namespace seki::downset_bytes
