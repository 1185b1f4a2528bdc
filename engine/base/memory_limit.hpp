// The machine's physical memory and the one default memory limit every engine uses (80% of it):
// runs, checks, the bounded search and the memo solver all start from DefaultMemoryLimitBytes().
// Concurrency: pure functions that read the system; any thread may call them.
#pragma once

#include <cstdint>
#include <string>

namespace seki {

// The default limit as a fraction of physical memory (docs/testing.md, "Memory limits").
inline constexpr double kDefaultMemoryFraction = 0.8;

std::uint64_t PhysicalMemoryBytes();  // 4e9 when the system does not say
double DefaultMemoryLimitBytes();     // kDefaultMemoryFraction of PhysicalMemoryBytes()
// `limit_bytes`, or the default when it is 0.
double MemoryLimitBytes(std::uint64_t limit_bytes);
// "80%": kDefaultMemoryFraction as the help texts print it.
std::string DefaultMemoryPercent();

}  // namespace seki
