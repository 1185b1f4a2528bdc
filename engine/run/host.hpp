// Host facts a run records and budgets with: the CPU and memory of the machine (provenance in
// manifest.json), the memory the process uses now and at its peak, the time of day, and the worker
// threads a --threads option asks for.
// Concurrency: every function only reads the system; any thread may call them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/base/memory_limit.hpp"

namespace seki {

// {"cpu": model name, "cores": hardware threads, "memory_bytes": physical memory}.
nlohmann::json HostJson();
std::string NowIso8601();  // "2026-11-23T14:44:21Z" (UTC)
std::uint64_t PeakRssBytes();
std::uint64_t CurrentRssBytes();

// The worker threads `--threads N` asks for (runs, checks, the reproduction): N, or every core
// (TBB's default concurrency) for 0. A negative N is an InputError "--threads: must be 0 (all
// cores) or positive".
int ThreadsOption(int threads);

}  // namespace seki
