// The cost model of a down-set solve (see downset_plan.hpp and docs/distributed/downset.md).
#include "engine/cost/downset_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/solve/downset_orbits.hpp"

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
  const double plain =
      DownsetPassSeconds(q.matrix, m.passes, q.threads * ranks, q.matrices_per_thread_second);
  return m.orbits ? plain * m.values / plan.matrices * kMeasuredOrbitValueCost : plain;
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

// One process with the ring on disk: the computation, and the I/O it waits for (with three
// buffers neither reads nor writes: the longer of the two; with two it waits for the reads).
DownsetPlacement OnDisk(const DownsetPlan& plan, const DownsetMemory& m) {
  const DownsetPlanRequest& q = plan.request;
  DownsetPlacement p = InOneProcess(plan, m);
  p.where = "one process, ring on disk";
  p.disk = true;
  p.disk_bytes = m.disk_bytes;
  p.read_bytes = m.read_bytes;
  p.written_bytes = m.written_bytes;
  p.fits = p.fits && (q.disk_free == 0 || m.disk_bytes <= q.disk_free);
  const double read = m.read_bytes / q.disk_read, io = read + m.written_bytes / q.disk_write;
  p.seconds = m.buffers == 3 ? std::max(p.seconds, io) : std::max(p.seconds + read, io);
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

std::vector<DownsetMemory> DownsetMemories(const Matrix& a, double memory_limit) {
  std::vector<DownsetMemory> out;
  for (const DownsetMode mode : {DownsetMode::kBothGames, DownsetMode::kOneGame})
    out.push_back({.name = "ring, " + ModeName(mode),
                   .mode = mode,
                   .bytes = DownsetBytes(a, false, mode),
                   .passes = mode == DownsetMode::kOneGame ? 2 : 1});
  out.push_back({.name = "full table, one byte (--moves)",
                 .full_table = true,
                 .bytes = DownsetBytes(a, true, DownsetMode::kBothGames)});
  for (const DownsetMode mode : {DownsetMode::kBothGames, DownsetMode::kOneGame}) {
    const DownsetRingGeometry g = DownsetRingGeometry::For(DownsetLayout::For(a), mode);
    if (!g.possible()) break;
    const int passes = mode == DownsetMode::kOneGame ? 2 : 1;
    const DownsetDiskBytes three = DownsetRingOnDiskBytes(a, mode, 3);
    const int buffers = three.memory <= memory_limit ? 3 : 2;
    out.push_back({.name = "ring on disk, " + ModeName(mode),
                   .mode = mode,
                   .bytes = DownsetRingOnDiskBytes(a, mode, buffers).memory,
                   .passes = passes,
                   .disk = true,
                   .buffers = buffers,
                   .disk_bytes = g.file_bytes(),
                   .read_bytes = passes * g.read_bytes(),
                   .written_bytes = passes * g.written_bytes()});
  }
  if (const std::optional<DownsetOrbits> o = DownsetOrbits::For(a))
    for (DownsetMode mode : {DownsetMode::kBothGames, DownsetMode::kOneGame})
      out.push_back({.name = fmt::format("by orbits of {:.0f} symmetries, {}", o->group_order,
                                         ModeName(mode)),
                     .mode = mode,
                     .bytes = o->bytes(mode),
                     .passes = mode == DownsetMode::kOneGame ? 2 : 1,
                     .orbits = true,
                     .values = double(o->values())});
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
  if (!(q.disk_read > 0) || !(q.disk_write > 0)) throw InputError("--scratch", "no disk speed");
  // As `seki solve` would keep it: first that, then the ring on disk in both modes.
  const DownsetStorage storage =
      DownsetStorageFor(q.matrix, q.memory_limit, 1, 0, std::nullopt, DownsetDisk{q.disk_free},
                        DownsetOrbitChoice::kAuto);
  plan.mode = storage.mode;
  plan.disk = storage.disk;
  plan.orbits = storage.orbits;
  plan.memories = DownsetMemories(q.matrix, q.memory_limit);
  std::string why;
  if (const std::optional<DownsetOrbits> o = DownsetOrbits::For(q.matrix, &why)) {
    double tuples = 1;
    for (const DownsetOrbits::Cell& c : o->fixed) tuples *= q.matrix(c.row, c.col) + 1;
    plan.orbit_layout = fmt::format(
        "{} fixed cells, their {:.0f} tuples in {} slices of {:.3g} matrices of the other cells: "
        "{:.3g} values, {:.2f}x fewer",
        o->fixed.size(), tuples, o->slices.size(), double(o->box.total), double(o->values()),
        plan.matrices / double(o->values()));
  } else {
    plan.orbit_layout = "none: " + why;
  }
  // What the solve takes first: by orbits (DownsetStorageFor's choice).
  for (const DownsetMemory& m : plan.memories)
    if (m.orbits && plan.orbits && m.mode == plan.mode) {
      DownsetPlacement p = InOneProcess(plan, m);
      p.where = "one process, by orbits";
      plan.placements.push_back(p);
    }
  for (const DownsetMemory& m : plan.memories)
    if (!m.full_table && !m.orbits && m.mode == plan.mode && m.disk == plan.disk)
      plan.placements.push_back(m.disk ? OnDisk(plan, m) : InOneProcess(plan, m));
  for (const DownsetMemory& m : plan.memories)
    if (m.disk && !(plan.disk && m.mode == plan.mode)) plan.placements.push_back(OnDisk(plan, m));
  for (const DownsetMemory& m : plan.memories)
    if (m.orbits && !(plan.orbits && m.mode == plan.mode)) {
      DownsetPlacement p = InOneProcess(plan, m);
      p.where = "one process, by orbits";
      plan.placements.push_back(p);
    }
  if (q.ranks > 1)
    for (const DownsetMemory& m : plan.memories)
      if (!m.full_table && !m.disk && !m.orbits)
        plan.placements.push_back(OnRanks(plan, layout, m, q.ranks));
  for (const double capacity : kGpuBytes)
    for (const DownsetMemory& m : plan.memories)
      if (!m.full_table && !m.disk && !m.orbits) plan.placements.push_back(OnGpu(m, capacity));
  return plan;
}

nlohmann::json DownsetPlanJson(const DownsetPlan& p) {
  const DownsetPlanRequest& q = p.request;
  nlohmann::json memories = nlohmann::json::array(), placements = nlohmann::json::array();
  for (const DownsetMemory& m : p.memories) {
    nlohmann::json j = {{"name", m.name},
                        {"mode", m.mode == DownsetMode::kOneGame ? "one-game" : "both-games"},
                        {"full_table", m.full_table},
                        {"bytes", m.bytes},
                        {"passes", m.passes},
                        {"disk", m.disk},
                        {"orbits", m.orbits}};
    if (m.orbits) j["values"] = m.values;
    if (m.disk)
      j["buffers"] = m.buffers, j["disk_bytes"] = m.disk_bytes, j["read_bytes"] = m.read_bytes,
      j["written_bytes"] = m.written_bytes;
    memories.push_back(j);
  }
  for (const DownsetPlacement& x : p.placements) {
    nlohmann::json j = {{"memory", x.memory},         {"where", x.where},
                        {"ranks", x.ranks},           {"modelled_only", x.ranks > 1},
                        {"bytes_each", x.bytes_each}, {"boundary_bytes_per_slab", x.boundary_bytes},
                        {"sent_bytes", x.sent_bytes}};
    if (x.capacity > 0) j["capacity_bytes"] = x.capacity, j["fits"] = x.fits;
    j["seconds"] = x.seconds >= 0 ? nlohmann::json(x.seconds) : nlohmann::json(nullptr);
    if (x.disk)
      j["disk_bytes"] = x.disk_bytes, j["read_bytes"] = x.read_bytes,
      j["written_bytes"] = x.written_bytes;
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
          {"disk", p.disk},
          {"orbits", p.orbits},
          {"orbit_layout", p.orbit_layout},
          {"disk_free_bytes", q.disk_free > 0 ? nlohmann::json(q.disk_free) : nlohmann::json()},
          {"disk_read_bytes_per_second", q.disk_read},
          {"disk_write_bytes_per_second", q.disk_write},
          {"disk_speed_measured", q.disk_measured},
          {"memories", memories},
          {"placements", placements}};
}

}  // namespace seki
