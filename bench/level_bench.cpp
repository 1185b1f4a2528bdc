// Google Benchmark: building whole runs of levels with the level engine — push generation with
// solving, and orderly generation alone — per shape and bound, with classes per second.
#include <benchmark/benchmark.h>

#include "engine/level/level_builder.hpp"
#include "engine/run/level_driver.hpp"

namespace {

void Run(benchmark::State& state, bool solve) {
  const seki::EnumerationSpace space = seki::EnumerationSpace::Make(
      static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
      static_cast<int>(state.range(2)), -1);
  std::size_t classes = 0;
  for (auto _ : state) {
    classes = 0;
    seki::ForEachLevel(
        space, [&](const seki::Level& level) { classes += level.size(); }, solve);
  }
  state.counters["classes"] = static_cast<double>(classes);
  state.counters["classes_per_s"] =
      benchmark::Counter(static_cast<double>(classes) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void BM_LevelsSolved(benchmark::State& state) { Run(state, true); }
void BM_LevelsGenerated(benchmark::State& state) { Run(state, false); }

// Arguments: rows, cols, max entry.
BENCHMARK(BM_LevelsSolved)
    ->Args({3, 3, 3})
    ->Args({3, 4, 2})
    ->Args({4, 4, 2})
    ->Args({4, 4, 3})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_LevelsGenerated)
    ->Args({3, 3, 3})
    ->Args({3, 4, 2})
    ->Args({4, 4, 2})
    ->Args({4, 4, 3})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
