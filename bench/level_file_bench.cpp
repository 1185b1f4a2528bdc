// Google Benchmark: the level files of a whole region, every level written in the compact format
// (version 2) as a run writes it, against version 1: bytes a class over all levels (all files'
// bytes / all classes) and the encoding time. Arguments: rows, cols, max entry; one iteration
// (the levels are built on the way, two threads; the time is the whole walk's).
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <chrono>

#include "engine/level/level_builder.hpp"
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
      const seki::LevelFilePart part{level.sum, 0, 1, seki::CompactFromLevel(level)};
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

BENCHMARK(BM_RegionLevelFiles)
    ->Args({3, 4, 5})
    ->Args({4, 4, 3})
    ->Args({4, 4, 4})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

}  // namespace
