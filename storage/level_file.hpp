// LevelFile: one finished Level on disk, the unit of persistence of a run. Layout (little-endian):
// a header (magic "SEKILVL1", format version, the run's parameters, the level's sum, shard count,
// class count), then for each shard its class count, its sorted keys (8 bytes each) and its values
// (1 byte each), then an XXH3-64 checksum of every byte before it. Written atomically (temporary
// file, fsync, rename, fsync of the directory), so a file either verifies completely or is
// rejected: a torn or corrupt file is detected, never trusted.
// Concurrency: functions are independent; do not write and read the same path at once.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "storage/level.hpp"

namespace seki {

// The run parameters a level file belongs to; a file written for other parameters is rejected.
struct LevelFileParams {
  int rows = 0, cols = 0;
  int max_entry = 0, max_sum = 0;  // effective bounds
  bool solved = true;              // values present (false: generation only)
  friend bool operator==(const LevelFileParams&, const LevelFileParams&) = default;
};

// Writes level to path atomically. Throws std::runtime_error on an I/O failure.
void WriteLevelFile(const std::filesystem::path& path, const Level& level,
                    const LevelFileParams& params);

// Reads and fully verifies a level file: magic, version, parameters equal to `expected`, sizes,
// keys sorted and distinct within each shard and in the right shard, checksum. On any failure
// returns nothing and, if why is given, a one-line reason naming the file and the problem.
std::optional<Level> ReadLevelFile(const std::filesystem::path& path,
                                   const LevelFileParams& expected, std::string* why = nullptr);

}  // namespace seki
