// The cost model of a down-set solve (see downset_plan.hpp and docs/distributed.md).
#include "engine/cost/downset_plan.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/memory_limit.hpp"

namespace seki {

namespace {

constexpr double kMaxMatrices = 4611686018427387904.0;  // 2^62, as DownsetLayout::For

std::string ModeName(DownsetMode mode) {
  return mode == DownsetMode::kOneGame ? "one game a pass, 4 bits" : "both games, one byte";
}

// Bytes of the ring alone in `mode` (DownsetBytes less the chunk order).
double RingBytes(const DownsetLayout& layout, DownsetMode mode) {
  const double ring = double(layout.ring);
  return mode == DownsetMode::kOneGame ? std::ceil(ring / 2) : ring;
}

double Seconds(const DownsetPlan& plan, const DownsetMemory& m, int ranks) {
  const DownsetPlanRequest& q = plan.request;
  return DownsetPassSeconds(q.matrix, m.passes, q.threads * ranks, q.matrices_per_thread_second);
}

DownsetPlacement InOneProcess(const DownsetPlan& plan, const DownsetMemory& m) {
  DownsetPlacement p;
  p.memory = m.name;
  p.where = "one process";
  p.bytes_each = m.bytes;
  p.capacity = plan.request.memory_limit;
  p.fits = m.bytes <= p.capacity;
  p.seconds = Seconds(plan, m, 1);
  return p;
}

// R ranks (DownsetShare, the solve's split): each holds its share of the ring, the whole chunk
// order, and sends one layer across its boundary per slab and pass; the time is a model.
DownsetPlacement OnRanks(const DownsetPlan& plan, const DownsetLayout& layout,
                         const DownsetMemory& m, int ranks) {
  DownsetPlacement p;
  p.memory = m.name;
  p.ranks = ranks;
  p.where = std::to_string(ranks) + " MPI ranks (time modelled)";
  const double ring = RingBytes(layout, m.mode), layer = ring / plan.split_radix;
  p.bytes_each = DownsetShareBytes(plan.request.matrix, m.mode, ranks);  // the solve's check
  p.boundary_bytes = layer;
  p.sent_bytes = layer * (ranks - 1) * plan.slabs * m.passes;
  p.seconds = Seconds(plan, m, ranks) + layer * plan.slabs * m.passes / plan.request.bandwidth;
  return p;
}

DownsetPlacement OnGpu(const DownsetMemory& m, double capacity) {
  DownsetPlacement p;
  p.memory = m.name;
  p.where = "one GPU, " + std::to_string(static_cast<int>(capacity / 1e9)) + " GB";
  p.bytes_each = m.bytes;
  p.capacity = capacity;
  p.fits = m.bytes <= capacity;
  return p;  // seconds -1: no GPU pass exists, none measured
}

}  // namespace

std::vector<DownsetMemory> DownsetMemories(const Matrix& a) {
  std::vector<DownsetMemory> out;
  for (const DownsetMode mode : {DownsetMode::kBothGames, DownsetMode::kOneGame})
    out.push_back({.name = "ring, " + ModeName(mode),
                   .mode = mode,
                   .bytes = DownsetBytes(a, false, mode),
                   .passes = mode == DownsetMode::kOneGame ? 2 : 1});
  out.push_back({.name = "full table, one byte (--moves)",
                 .full_table = true,
                 .bytes = DownsetBytes(a, true, DownsetMode::kBothGames)});
  return out;
}

DownsetPlan PlanDownset(const DownsetPlanRequest& request) {
  DownsetPlan plan;
  plan.request = request;
  DownsetPlanRequest& q = plan.request;
  if (q.matrices_per_thread_second == 0)
    q.matrices_per_thread_second = DownsetMatricesPerThreadSecond(q.matrix);  // as `auto`
  if (q.memory_limit == 0) q.memory_limit = DefaultMemoryLimitBytes();
  if (!(q.matrices_per_thread_second > 0)) throw InputError("--rate", "must be positive");
  if (!(q.bandwidth > 0)) throw InputError("--bandwidth", "must be positive");
  if (!(q.memory_limit > 0)) throw InputError("--memory-limit", "must be positive");
  if (q.threads < 1) throw InputError("--threads", "must be positive");
  plan.matrices = DownsetMatrices(q.matrix);
  if (plan.matrices > kMaxMatrices)
    throw InputError("--matrix", "the down-set has more than 2^62 matrices");
  const DownsetLayout layout = DownsetLayout::For(q.matrix);
  plan.digits = static_cast<int>(layout.digits.size());
  plan.slabs = static_cast<int>(layout.slabs());
  plan.split_radix = DownsetSplitRadix(layout);
  const int most = std::max(1, plan.split_radix);
  if (q.ranks < 1 || q.ranks > most)
    throw InputError("--ranks",
                     "must be 1.." + std::to_string(most) +
                         " for this matrix (the values of the digit that splits a slab)");
  plan.mode = DownsetStorageFor(q.matrix, q.memory_limit).mode;  // as `seki solve` would keep it
  plan.memories = DownsetMemories(q.matrix);
  for (const DownsetMemory& m : plan.memories)
    if (!m.full_table && m.mode == plan.mode) plan.placements.push_back(InOneProcess(plan, m));
  if (q.ranks > 1)
    for (const DownsetMemory& m : plan.memories)
      if (!m.full_table) plan.placements.push_back(OnRanks(plan, layout, m, q.ranks));
  for (const double capacity : kGpuBytes)
    for (const DownsetMemory& m : plan.memories)
      if (!m.full_table) plan.placements.push_back(OnGpu(m, capacity));
  return plan;
}

nlohmann::json DownsetPlanJson(const DownsetPlan& p) {
  const DownsetPlanRequest& q = p.request;
  nlohmann::json memories = nlohmann::json::array(), placements = nlohmann::json::array();
  for (const DownsetMemory& m : p.memories)
    memories.push_back({{"name", m.name},
                        {"mode", m.mode == DownsetMode::kOneGame ? "one-game" : "both-games"},
                        {"full_table", m.full_table},
                        {"bytes", m.bytes},
                        {"passes", m.passes}});
  for (const DownsetPlacement& x : p.placements) {
    nlohmann::json j = {{"memory", x.memory},         {"where", x.where},
                        {"ranks", x.ranks},           {"modelled_only", x.ranks > 1},
                        {"bytes_each", x.bytes_each}, {"boundary_bytes_per_slab", x.boundary_bytes},
                        {"sent_bytes", x.sent_bytes}};
    if (x.capacity > 0) j["capacity_bytes"] = x.capacity, j["fits"] = x.fits;
    j["seconds"] = x.seconds >= 0 ? nlohmann::json(x.seconds) : nlohmann::json(nullptr);
    placements.push_back(j);
  }
  return {{"matrix", FormatMatrix(q.matrix)},
          {"matrices", p.matrices},
          {"digits", p.digits},
          {"slabs", p.slabs},
          {"split_radix", p.split_radix},
          {"mode", p.mode == DownsetMode::kOneGame ? "one-game" : "both-games"},
          {"memory_limit_bytes", q.memory_limit},
          {"ranks", q.ranks},
          {"threads", q.threads},
          {"matrices_per_thread_second", q.matrices_per_thread_second},
          {"bandwidth_bytes_per_second", q.bandwidth},
          {"memories", memories},
          {"placements", placements}};
}

}  // namespace seki
