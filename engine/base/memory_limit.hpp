// The machine's physical memory and the one default memory limit every engine uses (80% of it):
// runs, checks, the search engine and the memo solver all start from DefaultMemoryLimitBytes().
// And the one way freed memory is handed back to the system.
// Concurrency: pure functions that read the system; any thread may call them.
#pragma once

#include <cstdint>
#include <string>

namespace seki {

// The default limit as a fraction of physical memory (docs/architecture.md, "One of each").
inline constexpr double kDefaultMemoryFraction = 0.8;

std::uint64_t PhysicalMemoryBytes();  // 4e9 when the system does not say
double DefaultMemoryLimitBytes();     // kDefaultMemoryFraction of PhysicalMemoryBytes()
// `limit_bytes`, or the default when it is 0.
double MemoryLimitBytes(std::uint64_t limit_bytes);
// "80%": kDefaultMemoryFraction as the help texts print it.
std::string DefaultMemoryPercent();
// Hands the heap's free pages back to the system (glibc's malloc_trim; nothing elsewhere), so that
// resident memory follows what is held: a level's shards, freed, would otherwise stay resident in
// the allocator's arenas and count against the next level's memory check.
void ReturnFreedMemory();

}  // namespace seki
