// Google Benchmark: one down-set pass (DownsetEngine::Solve, a fresh engine each time, both games,
// ring only) against the same pass with the census's take phase (TakeCensusBelow), at 1 and 2
// threads: the pass's speed and what the census costs above it (issue 33's target: at most 5 %).
// Run one with --benchmark_filter, e.g. --benchmark_filter='Pass/Pattern5x5e6'.
#include <benchmark/benchmark.h>

#include "engine/base/matrix_text.hpp"
#include "engine/census/census_below.hpp"
#include "engine/solve/downset.hpp"

namespace {

void Pass(benchmark::State& state, const char* text) {
  const seki::Matrix a = seki::ParseMatrix(text);
  const int threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    seki::DownsetEngine engine(seki::DownsetOptions{.full_table_bytes = 0, .threads = threads});
    benchmark::DoNotOptimize(engine.Solve(a));
  }
}

void Census(benchmark::State& state, const char* text) {
  const seki::Matrix a = seki::ParseMatrix(text);
  const int threads = static_cast<int>(state.range(0));
  std::size_t classes = 0;
  for (auto _ : state) {
    const seki::CensusBelow c = seki::TakeCensusBelow(
        a, seki::SolveEngineOptions{.kind = seki::EngineKind::kDownset, .threads = threads},
        "bench");
    classes = c.classes.size();
  }
  state.counters["classes"] = static_cast<double>(classes);
}

// Supports of docs/results.md: the 5x5 2-cycle pattern with every entry 6 (7^10 = 2.8e8 matrices
// below it) and the cubic support J4 - I4 with every entry 4 (5^12 = 2.4e8).
constexpr const char* kPattern5x5e6 = "66000/06600/00660/00066/60006";
constexpr const char* kCubic4x4e4 = "0444/4044/4404/4440";

#define SEKI_DOWNSET_BENCH(name, text)                                                \
  BENCHMARK_CAPTURE(Pass, name, text)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond); \
  BENCHMARK_CAPTURE(Census, name, text)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)

SEKI_DOWNSET_BENCH(Pattern5x5e6, kPattern5x5e6);
SEKI_DOWNSET_BENCH(Cubic4x4e4, kCubic4x4e4);

}  // namespace
