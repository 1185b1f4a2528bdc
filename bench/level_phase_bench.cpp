// Google Benchmark: the phases of one solving step of the level engine, each alone, on the peak
// level of a region: push (canonical keys of every child), absorb (records into the shard tables),
// finish (tables to sorted shards) and catalogue (lines of a level to the six files); and the whole
// step built at once against the same step in P parts from the compact level below (each part
// compacted as a run in parts keeps it), and the compaction alone. One thread, so that the rates
// are per core (docs/performance.md, "Where the time goes").
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <tuple>

#include "engine/level/catalogue.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/level/level_parts.hpp"
#include "storage/compact_level.hpp"

namespace {

using seki::EnumerationSpace;
using seki::Level;
using seki::LevelBuilder;

// The levels just below and at the peak sum of a region, built once per region.
struct PeakLevels {
  EnumerationSpace space;
  Level below, peak;
};

const PeakLevels& Peak(int rows, int cols, int max_entry) {
  static std::map<std::tuple<int, int, int>, std::unique_ptr<PeakLevels>> cache;
  auto& slot = cache[{rows, cols, max_entry}];
  if (!slot) {
    slot = std::make_unique<PeakLevels>();
    slot->space = EnumerationSpace::Make(rows, cols, max_entry, -1);
    const LevelBuilder builder(slot->space);
    Level level = builder.First();
    while (level.sum < slot->space.max_sum / 2) level = builder.Next(level);
    slot->peak = builder.Next(level);
    slot->below = std::move(level);
  }
  return *slot;
}

const PeakLevels& Args(const benchmark::State& state) {
  return Peak(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
              static_cast<int>(state.range(2)));
}

void Rate(benchmark::State& state, std::size_t items, const char* name) {
  state.counters[name] =
      benchmark::Counter(static_cast<double>(items) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

using Buckets = tbb::enumerable_thread_specific<seki::ShardBuckets>;

// The records every parent of the level below pushes; returns how many.
std::size_t PushAll(const PeakLevels& p, Buckets& buckets) {
  for (auto& b : buckets)
    for (auto& shard : b) shard.clear();
  LevelBuilder(p.space).Push(p.below, 0, seki::kShardCount, buckets);
  std::size_t records = 0;
  for (auto& b : buckets)
    for (auto& shard : b) records += shard.size();
  return records;
}

void AbsorbAll(const Buckets& buckets, seki::LevelAssembly& assembly) {
  for (int shard = 0; shard < seki::kShardCount; ++shard)
    for (auto& b : buckets) assembly.Absorb(shard, b[shard].data(), b[shard].size());
}

// Every parent of the level below pushes its children's records.
void BM_Push(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const PeakLevels& p = Args(state);
  Buckets buckets;
  std::size_t records = 0;
  for (auto _ : state) records = PushAll(p, buckets);
  Rate(state, p.below.size(), "parents_per_s");
  state.counters["records"] = static_cast<double>(records);
}

// The records of the whole level absorbed into fresh tables.
void BM_Absorb(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const PeakLevels& p = Args(state);
  Buckets buckets;
  const std::size_t records = PushAll(p, buckets);
  for (auto _ : state) {
    state.PauseTiming();
    auto assembly = std::make_unique<seki::LevelAssembly>(p.peak.size());
    state.ResumeTiming();
    AbsorbAll(buckets, *assembly);
    state.PauseTiming();
    assembly.reset();
    state.ResumeTiming();
  }
  Rate(state, records, "records_per_s");
}

// Full tables turned into the sorted shards of the level.
void BM_Finish(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const PeakLevels& p = Args(state);
  Buckets buckets;
  PushAll(p, buckets);
  for (auto _ : state) {
    state.PauseTiming();
    seki::LevelAssembly assembly(p.peak.size());
    AbsorbAll(buckets, assembly);
    Level next;
    state.ResumeTiming();
    for (int shard = 0; shard < seki::kShardCount; ++shard)
      assembly.Finish(shard, next.shards[shard]);
    benchmark::DoNotOptimize(next.shards[0].keys.data());
  }
  Rate(state, p.peak.size(), "classes_per_s");
}

// The catalogue lines of the peak level (the six files, no outcomes) into a scratch directory.
void BM_Catalogue(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const PeakLevels& p = Args(state);
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("seki-bench-" + std::to_string(::getpid()));
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove_all(dir);
    auto writer = std::make_unique<seki::CatalogueWriter>(dir, p.space, /*outcomes=*/false);
    state.ResumeTiming();
    benchmark::DoNotOptimize(writer->AddLevel(p.peak));
    state.PauseTiming();
    writer.reset();
    state.ResumeTiming();
  }
  std::filesystem::remove_all(dir);
  Rate(state, p.peak.size(), "classes_per_s");
}

// The whole step: level peak from the level below.
void BM_StepWhole(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const PeakLevels& p = Args(state);
  const LevelBuilder builder(p.space);
  for (auto _ : state) benchmark::DoNotOptimize(builder.Next(p.below).shards[0].keys.data());
  Rate(state, p.peak.size(), "classes_per_s");
}

// The same step in range(3) parts from the level below kept by groups, each part compacted and
// the new level kept by groups (what a run in parts does).
void BM_StepInParts(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const PeakLevels& p = Args(state);
  const int parts = static_cast<int>(state.range(3));
  const seki::CompactLevel below =
      seki::GroupedLevel(p.below.sum, {seki::GroupsOf(p.space, p.below)});
  const LevelBuilder builder(p.space);
  std::size_t largest = 0;
  for (auto _ : state) {
    const seki::PartPlan plan(p.space, below, parts);
    std::vector<std::vector<seki::CompactPart>> next;
    for (int part = 0; part < parts; ++part) {
      const Level built = builder.NextPart(below, plan, part);
      largest = std::max(largest, built.size());
      next.push_back(seki::GroupsOf(p.space, built));
    }
    benchmark::DoNotOptimize(seki::GroupedLevel(p.peak.sum, std::move(next)).parts.data());
  }
  Rate(state, p.peak.size(), "classes_per_s");
  state.counters["largest_part_over_mean"] =
      double(largest) * parts / static_cast<double>(p.peak.size());
}

// The peak level compacted: time and bytes a class.
void BM_Compact(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const PeakLevels& p = Args(state);
  std::size_t bytes = 0;
  for (auto _ : state) bytes = seki::CompactFromLevel(p.peak).bytes();
  Rate(state, p.peak.size(), "classes_per_s");
  state.counters["bytes_per_class"] = double(bytes) / static_cast<double>(p.peak.size());
}

// Arguments: rows, cols, max entry (the peak level is the one at half the largest sum).
#define SEKI_PHASE_BENCH(fn) \
  BENCHMARK(fn)->Args({3, 4, 5})->Args({4, 4, 3})->Unit(benchmark::kMillisecond)->UseRealTime()
SEKI_PHASE_BENCH(BM_Push);
SEKI_PHASE_BENCH(BM_Absorb);
SEKI_PHASE_BENCH(BM_Finish);
SEKI_PHASE_BENCH(BM_Catalogue);
SEKI_PHASE_BENCH(BM_StepWhole);
SEKI_PHASE_BENCH(BM_Compact);
BENCHMARK(BM_StepInParts)
    ->ArgsProduct({{3}, {4}, {5}, {1, 8, 16}})
    ->ArgsProduct({{4}, {4}, {3}, {1, 8, 16}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
