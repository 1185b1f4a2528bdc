// DownsetCheckpoint: the state of a down-set solve on disk, so that a solve of an hour survives
// Ctrl-C or a crash, in the one checkpoint convention (storage/checkpoint.hpp, kind "downset"):
// DIR/checkpoint.json (parameters: the matrix; the storage mode, which pass (game) and position,
// the roots of the passes before, the size and XXH3 checksum of the values, the state of a take
// phase: engine/solve/downset_take.hpp) and a data file
// DIR/values-P-S-L.bin with the ring (or full table) bytes, each written atomically; the
// checkpoint is written last and names its data file, so a reader sees one consistent state. A
// rank of a split pass keeps its own pair (checkpoint.rank-RRRR-of-PPPP.json, values-...rank-...).
// A pass with its ring on disk (engine/solve/downset_ring.hpp) keeps no copy of it: its checkpoint
// (in the scratch directory) names the ring file itself and holds the checksum of each slot.
// Concurrency: called by the thread that runs the pass, between two steps (workers waiting).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_orbits.hpp"
#include "engine/solve/downset_pass.hpp"
#include "engine/solve/downset_ring.hpp"
#include "storage/checkpoint.hpp"

namespace seki {

// Where a down-set solve stands: its pass (0; in DownsetMode::kOneGame 0 for SEKI, 1 for D-SEKI),
// the position in it, and the PackedOutcome bits of A from the passes before.
struct DownsetProgress {
  int pass = 0;
  DownsetPosition position;
  std::uint8_t roots = 0;
  friend bool operator==(const DownsetProgress&, const DownsetProgress&) = default;
};

// Writes the state of a solve of layout.top (values: `bytes` bytes; `take`: the state of its take
// phase, null for none) as `checkpoint`, its data file first, then removes the previous data
// file. Throws std::runtime_error naming the path on failure.
void SaveDownsetCheckpoint(const Checkpoint& checkpoint, const DownsetLayout& layout, bool full,
                           DownsetMode mode, const DownsetProgress& progress,
                           const std::uint8_t* values, std::size_t bytes,
                           const nlohmann::json& take = nullptr);

// The same for a pass whose ring is on disk: the ring file (ring.path(), in the checkpoint's
// directory) is the data file, already synced up to `progress`; the checkpoint holds its geometry
// and the slots' checksums.
void SaveRingCheckpoint(const Checkpoint& checkpoint, const DownsetLayout& layout, DownsetMode mode,
                        const DownsetProgress& progress, const DownsetRing& ring,
                        const nlohmann::json& take = nullptr);

// A ring checkpoint of layout.top in `mode` with `geometry`: where it stands and the slots'
// checksums (the caller opens the ring file, DIR/ring.bin); nothing when there is none or it is of
// another matrix. Throws InputError as LoadDownsetCheckpoint does (also for a checkpoint of a pass
// in memory).
struct RingCheckpoint {
  DownsetProgress progress;
  std::vector<std::uint64_t> checksums;
};
std::optional<RingCheckpoint> LoadRingCheckpoint(const Checkpoint& checkpoint,
                                                 const DownsetLayout& layout, DownsetMode mode,
                                                 const DownsetRingGeometry& geometry,
                                                 nlohmann::json* take = nullptr);
// The ring file of a down-set checkpoint in `checkpoint`'s directory.
std::filesystem::path RingFileOf(const Checkpoint& checkpoint);

// The pass by orbits (engine/solve/downset_orbit_pass.hpp) between two slices: `at.pass` (in
// DownsetMode::kOneGame 0 for SEKI, 1 for D-SEKI), `at.next`, the first slice of that pass not
// solved, `at.roots`, A's values from the passes before; `held[k]`, the values of a solved slice
// that a slice still to come reads (null for the others). Each is kept as DIR/slice-P-K.bin,
// written once (atomically), by the first checkpoint that holds it: `written[k]` (the caller's,
// by slice) is its checksum once written, else empty. The checkpoint's "orbits" object names them
// with their XXH3 checksums, where the pass stands, the layout's version (kOrbitLayoutVersion) and
// shape (bits a matrix among it); files that no slice to come reads are removed after it is
// written.
inline constexpr int kOrbitLayoutVersion = 1;
struct OrbitProgress {
  int pass = 0;
  std::uint32_t next = 0;
  std::uint8_t roots = 0;
};
void SaveOrbitCheckpoint(const Checkpoint& checkpoint, const DownsetOrbits& orbits,
                         DownsetMode mode, const OrbitProgress& at,
                         const std::vector<const std::uint8_t*>& held,
                         std::vector<std::string>& written, const nlohmann::json& take = nullptr);

// Reads a checkpoint of the pass by orbits of orbits.top in `mode`: each held slice into
// buffer(pass, k) (slice_bytes(mode)), `written` as SaveOrbitCheckpoint keeps it, the take phase's
// state into *take; returns where it stands. Nothing when there is none or it is of another
// matrix. Throws InputError "<file>: ..." for a checkpoint of the plain pass, of another layout
// version, shape or mode, damaged (a slice file missing, short or not matching its checksum), or
// without a take phase's state where one is asked.
std::optional<OrbitProgress> LoadOrbitCheckpoint(
    const Checkpoint& checkpoint, const DownsetOrbits& orbits, DownsetMode mode,
    const std::function<std::uint8_t*(int pass, std::uint32_t k)>& buffer,
    std::vector<std::string>& written, nlohmann::json* take = nullptr);

// Removes a checkpoint (its file and its data files), e.g. once its solve has completed.
void RemoveDownsetCheckpoint(const Checkpoint& checkpoint);

// Reads a checkpoint of layout.top into `values` (and, when `take` is set, the state of its take
// phase into *take) and returns where it stands; nothing when there is none or it is of another
// matrix. Throws InputError "<file>: ..." when it is of another table kind or mode, of another
// kind or format, damaged (size or checksum), or has no take phase's state where one is asked.
std::optional<DownsetProgress> LoadDownsetCheckpoint(const Checkpoint& checkpoint,
                                                     const DownsetLayout& layout, bool full,
                                                     DownsetMode mode, std::uint8_t* values,
                                                     std::size_t bytes,
                                                     nlohmann::json* take = nullptr);

}  // namespace seki
