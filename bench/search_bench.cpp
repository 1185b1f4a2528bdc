// Google Benchmark: the search engine of `seki solve` against the exhaustive ExhaustiveSolver on
// whole single-matrix solves (fresh tables each time, both games). The 6x6 inputs are (0,1,2)-IDSMs
// with line sum 5 (complete seki, Theorem 3.4): the exhaustive solver needs about a minute for
// each. Run one with --benchmark_filter, e.g. --benchmark_filter='Search'.
#include <benchmark/benchmark.h>

#include "engine/base/matrix_text.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/search.hpp"

namespace {

template <class Engine>
void Solve(benchmark::State& state, const char* text) {
  const seki::Matrix a = seki::ParseMatrix(text);
  std::size_t positions = 0;
  for (auto _ : state) {
    Engine engine;
    benchmark::DoNotOptimize(engine.Solve(a));
    positions = engine.positions();
  }
  state.counters["positions"] = static_cast<double>(positions);
}

void Search(benchmark::State& state, const char* text) { Solve<seki::SearchEngine>(state, text); }
void Exhaustive(benchmark::State& state, const char* text) {
  Solve<seki::ExhaustiveSolver>(state, text);
}

constexpr const char* kFig2 = "033/331/312";
constexpr const char* kHeight4 = "0044/0404/4040/4400";  // 4x4 complete seki of height 4
constexpr const char* kCirculant = "221000/022100/002210/000221/100022/210002";
constexpr const char* kRandom1 = "110111/110201/002120/111101/202010/020012";
constexpr const char* kRandom2 = "001112/102110/200021/020210/011102/221000";
constexpr const char* kRandom3 = "102101/111200/101021/110102/121010/010121";

#define SEKI_SEARCH_BENCH(name, text)                                   \
  BENCHMARK_CAPTURE(Search, name, text)->Unit(benchmark::kMillisecond); \
  BENCHMARK_CAPTURE(Exhaustive, name, text)->Unit(benchmark::kMillisecond)->Iterations(1)

SEKI_SEARCH_BENCH(Fig2, kFig2);
SEKI_SEARCH_BENCH(Height4, kHeight4);
SEKI_SEARCH_BENCH(Circulant6x6, kCirculant);
SEKI_SEARCH_BENCH(Random6x6_1, kRandom1);
SEKI_SEARCH_BENCH(Random6x6_2, kRandom2);
SEKI_SEARCH_BENCH(Random6x6_3, kRandom3);

}  // namespace
