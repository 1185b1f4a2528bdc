// Google Benchmark: whole regions, one iteration each, two threads (the time is the whole walk's).
//  * BM_RegionLevelFiles: every level written in the compact format (version 2) as a run writes it,
//    against version 1: bytes a class over all levels (all files' bytes / all classes).
//  * BM_RegionInParts: every level built in P parts from the level below kept by groups (only
//    compact levels kept), against the same walk built whole (P = 0: LevelBuilder::Next, plain
//    levels); the peak RSS of the process (run one benchmark a process to compare peaks).
// Arguments: rows, cols, max entry (and P).
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <tbb/global_control.h>

#include <chrono>

#include "engine/level/level_builder.hpp"
#include "engine/level/level_parts.hpp"
#include "storage/level_file.hpp"
#include "storage/level_file_bytes.hpp"

namespace {

void BM_RegionLevelFiles(benchmark::State& state) {
  tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
  const seki::EnumerationSpace space = seki::EnumerationSpace::Make(
      static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
      static_cast<int>(state.range(2)), -1);
  const seki::LevelFileParams params{space.rows, space.cols, space.max_entry, space.max_sum, true};
  const seki::LevelBuilder builder(space);
  double compact = 0, plain = 0, classes = 0, encode_seconds = 0;
  for (auto _ : state) {
    seki::Level level = builder.First();
    while (true) {
      const auto start = std::chrono::steady_clock::now();
      const seki::LevelFilePart part{level.sum, 0, 1, seki::CompactFromLevel(level), {}};
      compact += double(seki::EncodeLevelFilePart(part, params).size());
      encode_seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      plain += double(seki::LevelFileBytes(level.size(), 1, true));
      classes += double(level.size());
      if (level.sum == space.max_sum) break;
      level = builder.Next(level);
    }
  }
  state.counters["classes"] = classes;
  state.counters["bytes_per_class_v2"] = compact / classes;
  state.counters["bytes_per_class_v1"] = plain / classes;
  state.counters["encode_ns_per_class"] = 1e9 * encode_seconds / classes;
}

double PeakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return 1024.0 * static_cast<double>(usage.ru_maxrss);
}

void BM_RegionInParts(benchmark::State& state) {
  tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
  const seki::EnumerationSpace space = seki::EnumerationSpace::Make(
      static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
      static_cast<int>(state.range(2)), -1);
  const int parts = static_cast<int>(state.range(3));
  const seki::LevelBuilder builder(space);
  double classes = 0, largest_compact = 0;
  for (auto _ : state) {
    seki::Level first = builder.First();
    if (parts == 0) {
      for (seki::Level level = std::move(first);; level = builder.Next(level)) {
        classes += double(level.size());
        if (level.sum == space.max_sum) break;
      }
      continue;
    }
    seki::CompactLevel below = seki::GroupedLevel(0, {seki::GroupsOf(space, first)});
    classes += double(below.size());
    while (below.sum < space.max_sum) {
      const seki::PartPlan plan(space, below, parts);
      std::vector<std::vector<seki::CompactPart>> built;
      for (int p = 0; p < parts; ++p)
        built.push_back(seki::GroupsOf(space, builder.NextPart(below, plan, p)));
      below = seki::GroupedLevel(below.sum + 1, std::move(built));
      classes += double(below.size());
      largest_compact = std::max(largest_compact, double(below.bytes()));
    }
  }
  state.counters["classes"] = classes;
  state.counters["peak_rss_MiB"] = PeakRssBytes() / (1 << 20);
  state.counters["largest_compact_level_MiB"] = largest_compact / (1 << 20);
}

BENCHMARK(BM_RegionInParts)
    ->ArgsProduct({{4}, {4}, {3, 4}, {0, 1, 8}})
    ->ArgsProduct({{3}, {4}, {7}, {0, 8}})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

BENCHMARK(BM_RegionLevelFiles)
    ->Args({3, 4, 5})
    ->Args({4, 4, 3})
    ->Args({4, 4, 4})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

}  // namespace
