// The one choice of a down-set pass's storage.
#include "engine/solve/downset_storage.hpp"

#include <algorithm>
#include <limits>

#include "engine/solve/downset_ring.hpp"
#include "engine/solve/downset_share.hpp"

namespace seki {
namespace {

// The ring of a on disk when it fits neither mode in memory (or `force`), else nothing.
std::optional<DownsetStorage> OnDisk(const Matrix& a, double memory_limit,
                                     std::optional<DownsetMode> mode, const DownsetDisk& disk) {
  if (disk.free <= 0 && !disk.force) return std::nullopt;
  if (DownsetMatrices(a) > 4611686018427387904.0) return std::nullopt;  // no layout
  const auto fits = [&](DownsetMode m) { return DownsetShareBytes(a, m, 1) <= memory_limit; };
  if (!disk.force && (fits(DownsetMode::kBothGames) || fits(DownsetMode::kOneGame)))
    return std::nullopt;
  const auto both = DownsetRingOnDiskBytes(a, DownsetMode::kBothGames, 2);
  if (both.file == 0) return std::nullopt;
  DownsetStorage s;
  s.disk = true;
  s.mode = mode ? *mode
           : both.memory <= memory_limit && (disk.force || both.file <= disk.free)
               ? DownsetMode::kBothGames
               : DownsetMode::kOneGame;
  const auto three = DownsetRingOnDiskBytes(a, s.mode, 3);
  const auto two = DownsetRingOnDiskBytes(a, s.mode, 2);
  s.buffers = three.memory <= memory_limit ? 3 : 2;
  s.bytes = s.buffers == 3 ? three.memory : two.memory;
  s.disk_bytes = two.file;
  return s;
}

}  // namespace

DownsetDiskBytes DownsetRingOnDiskBytes(const Matrix& a, DownsetMode mode, int buffers) {
  const DownsetLayout layout = DownsetLayout::For(a);
  const DownsetRingGeometry g = DownsetRingGeometry::For(layout, mode);
  if (!g.possible()) return {};
  return {double(buffers) * double(g.slot_bytes) + 8.0 * double(layout.chunks_per_slab()),
          g.file_bytes()};
}

DownsetStorage DownsetStorageFor(const Matrix& a, double memory_limit, int ranks,
                                 double full_table_bytes, std::optional<DownsetMode> mode,
                                 const DownsetDisk& disk, DownsetOrbitChoice orbits) {
  const bool full_fits =
      DownsetBytes(a, true, DownsetMode::kBothGames) <= std::min(memory_limit, full_table_bytes);
  if (orbits == DownsetOrbitChoice::kAuto && ranks <= 1 && !mode && !disk.force && disk.free == 0 &&
      !full_fits)
    if (const std::optional<DownsetOrbits> o = DownsetOrbits::For(a))
      for (DownsetMode m : {DownsetMode::kBothGames, DownsetMode::kOneGame})
        if (o->bytes(m) <= memory_limit)
          return {.mode = m, .bytes = o->bytes(m), .orbits = true, .values = double(o->values())};
  if (ranks <= 1)
    if (auto s = OnDisk(a, memory_limit, mode, disk)) return *s;
  DownsetStorage s;
  s.ranks = DownsetMatrices(a) < DownsetSplitMatrices() ? 1 : std::max(1, ranks);
  s.full = s.ranks == 1 && mode != DownsetMode::kOneGame && full_fits;
  // The ring: one byte a matrix when the largest share fits, else 4 bits.
  s.mode = s.full ? DownsetMode::kBothGames
           : mode ? *mode
           : DownsetShareBytes(a, DownsetMode::kBothGames, s.ranks) <= memory_limit
               ? DownsetMode::kBothGames
               : DownsetMode::kOneGame;
  s.bytes = s.full ? DownsetBytes(a, true, s.mode) : DownsetShareBytes(a, s.mode, s.ranks);
  return s;
}

std::optional<DownsetStorage> DownsetOnDiskInstead(const Matrix& a, double memory_limit) {
  return OnDisk(a, memory_limit, std::nullopt,
                DownsetDisk{std::numeric_limits<double>::infinity(), false});
}

}  // namespace seki
