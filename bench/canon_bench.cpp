// Benchmarks of canon/: nanoseconds per canonical form, per shape and method, on random matrices
// with small entries (the enumeration's typical input) and on highly symmetric matrices.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "canon/canonical_form.hpp"

namespace seki::canon {
namespace {

constexpr int kPoolSize = 1024;  // distinct inputs per run, so branch predictors cannot memorise

std::vector<Matrix> RandomPool(int m, int n, int max_entry) {
  std::mt19937_64 rng(12345 + 97 * m + n);
  std::uniform_int_distribution<int> entry(0, max_entry);
  std::vector<Matrix> pool;
  for (int k = 0; k < kPoolSize; ++k) {
    Matrix a(m, n);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) a.set(i, j, entry(rng));
    pool.push_back(a);
  }
  return pool;
}

// Randomly row/column-permuted copies of one matrix with a large automorphism group: the cycle of
// length 2n (0/1 circulant with two ones per row), or the identity when 'identity' is set.
std::vector<Matrix> SymmetricPool(int n, bool identity) {
  std::mt19937_64 rng(777 + n);
  std::vector<int> rows(n), cols(n);
  for (int i = 0; i < n; ++i) rows[i] = cols[i] = i;
  std::vector<Matrix> pool;
  for (int k = 0; k < kPoolSize; ++k) {
    std::shuffle(rows.begin(), rows.end(), rng);
    std::shuffle(cols.begin(), cols.end(), rng);
    Matrix a(n, n);
    for (int i = 0; i < n; ++i) {
      a.set(rows[i], cols[i], 1);
      if (!identity && n > 1) a.set(rows[i], cols[(i + 1) % n], 1);
    }
    pool.push_back(a);
  }
  return pool;
}

template <Matrix (*Canon)(const Matrix&)>
void Run(benchmark::State& state, const std::vector<Matrix>& pool) {
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(Canon(pool[k]));
    k = (k + 1) % pool.size();
  }
  state.SetItemsProcessed(state.iterations());
}

// Args: rows, cols, largest entry.
template <Matrix (*Canon)(const Matrix&)>
void BM_Random(benchmark::State& state) {
  Run<Canon>(state, RandomPool(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
                               static_cast<int>(state.range(2))));
}

// Args: size, identity (1) or cycle (0).
template <Matrix (*Canon)(const Matrix&)>
void BM_Symmetric(benchmark::State& state) {
  Run<Canon>(state, SymmetricPool(static_cast<int>(state.range(0)), state.range(1) != 0));
}

void RandomShapes(benchmark::internal::Benchmark* b, bool fast_only) {
  b->ArgNames({"rows", "cols", "max"});
  for (auto [m, n] : {std::pair{3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {6, 6}, {8, 8}}) {
    if (fast_only && !FastPathSupports(m, n)) continue;
    for (int max_entry : {1, 3, 15}) b->Args({m, n, max_entry});
  }
}

void SymmetricShapes(benchmark::internal::Benchmark* b, bool fast_only) {
  b->ArgNames({"n", "identity"});
  for (int n : {4, 5, 6, 8}) {
    if (fast_only && !FastPathSupports(n, n)) continue;
    for (int identity : {0, 1}) b->Args({n, identity});
  }
}

BENCHMARK(BM_Random<CanonicalFormNauty>)->Apply([](auto* b) { RandomShapes(b, false); });
BENCHMARK(BM_Random<CanonicalFormFast>)->Apply([](auto* b) { RandomShapes(b, true); });
BENCHMARK(BM_Symmetric<CanonicalFormNauty>)->Apply([](auto* b) { SymmetricShapes(b, false); });
BENCHMARK(BM_Symmetric<CanonicalFormFast>)->Apply([](auto* b) { SymmetricShapes(b, true); });

}  // namespace
}  // namespace seki::canon
