// Google Benchmark: the thrust level engine (--device thrust-cpu; engine/gpu) over a whole region,
// with the time of each phase per class: generate (parents append their children), sort, solve
// (look-ups in the level below), index (the directory), order (each shard sorted by key) and copy
// out (the host's part: shards into the project's Level). docs/gpu.md, "Phases". Threads: benchmark
// argument 3.
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include "engine/gpu/thrust_level_engine.hpp"

namespace {

using namespace seki;

void BM_ThrustPhases(benchmark::State& state) {
  const EnumerationSpace space =
      EnumerationSpace::Make(int(state.range(0)), int(state.range(1)), int(state.range(2)), -1);
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                              std::size_t(state.range(3)));
  gpu::StepPhases total;
  double classes = 0;
  for (auto _ : state) {
    const auto engine = gpu::MakeThrustLevelEngine(space, Device::kThrustCpu, true);
    Level level = engine->First();
    while (level.sum < space.max_sum) {
      level = engine->Next(level);
      const gpu::StepPhases& p = engine->phases();
      total.generate += p.generate;
      total.sort += p.sort;
      total.solve += p.solve;
      total.index += p.index;
      total.order += p.order;
      total.copy_out += p.copy_out;
      classes += double(level.size());
    }
  }
  const auto per_class = [&](double seconds) {
    return benchmark::Counter(1e9 * seconds / classes);
  };
  state.counters["generate_ns"] = per_class(total.generate);
  state.counters["sort_ns"] = per_class(total.sort);
  state.counters["solve_ns"] = per_class(total.solve);
  state.counters["index_ns"] = per_class(total.index);
  state.counters["order_ns"] = per_class(total.order);
  state.counters["host_copy_ns"] = per_class(total.copy_out);
  state.counters["classes"] = benchmark::Counter(classes / double(state.iterations()));
}
BENCHMARK(BM_ThrustPhases)
    ->Args({3, 4, 5, 1})
    ->Args({3, 4, 5, 2})
    ->Args({4, 4, 3, 1})
    ->Args({4, 4, 3, 2})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

}  // namespace
