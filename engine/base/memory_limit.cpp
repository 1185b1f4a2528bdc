// Physical memory from the C library.
#include "engine/base/memory_limit.hpp"

#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace seki {

std::uint64_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 4'000'000'000ull;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
}

double DefaultMemoryLimitBytes() { return kDefaultMemoryFraction * double(PhysicalMemoryBytes()); }

double MemoryLimitBytes(std::uint64_t limit_bytes) {
  return limit_bytes == 0 ? DefaultMemoryLimitBytes() : double(limit_bytes);
}

void ReturnFreedMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

std::string DefaultMemoryPercent() {
  return std::to_string(static_cast<int>(100 * kDefaultMemoryFraction + 0.5)) + "%";
}

}  // namespace seki
