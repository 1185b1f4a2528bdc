// Google Benchmark: whole single-matrix solves (fresh memo each time), both games at once.
#include <benchmark/benchmark.h>

#include "engine/base/matrix_text.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace {

// 6x6 circulant with rows 2,2,1,0,0,0 shifted: line sums 5, entries <= 2.
seki::Matrix Circulant6() {
  seki::Matrix a(6, 6);
  for (int i = 0; i < 6; ++i) {
    a.set(i, i, 2);
    a.set(i, (i + 1) % 6, 2);
    a.set(i, (i + 2) % 6, 1);
  }
  return a;
}

template <class SolverType>
void Solve(benchmark::State& state, const seki::Matrix& a) {
  std::size_t positions = 0;
  for (auto _ : state) {
    SolverType solver;
    benchmark::DoNotOptimize(solver.Solve(a));
    positions = solver.positions();
  }
  state.counters["positions"] = static_cast<double>(positions);
}

void BM_Solve_Fig2(benchmark::State& s) {
  Solve<seki::ExhaustiveSolver>(s, seki::ParseMatrix("033/331/312"));
}
void BM_Solve_B5(benchmark::State& s) { Solve<seki::ExhaustiveSolver>(s, seki::SequenceB(5)); }
void BM_Solve_6x6_LineSum5(benchmark::State& s) { Solve<seki::ExhaustiveSolver>(s, Circulant6()); }
void BM_RawSolve_Fig2(benchmark::State& s) {
  Solve<seki::RawExhaustiveSolver>(s, seki::ParseMatrix("033/331/312"));
}

BENCHMARK(BM_Solve_Fig2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Solve_B5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Solve_6x6_LineSum5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RawSolve_Fig2)->Unit(benchmark::kMillisecond);

}  // namespace
