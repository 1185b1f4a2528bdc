// LevelFile: one finished Level (or one part of a level built in parts) on disk, the unit of
// persistence of a run. Two formats, both ending in an XXH3-64 checksum of every byte before it:
//  * version 2, "SEKILVL2", compact (storage/level_file_compact.hpp): the classes in key order,
//    Rice-coded key gaps by block and one value byte a class (about 2-3 bytes a class); written
//    for every level whose keys are one word;
//  * version 1, "SEKILVL1" (storage/level_file_format.hpp): 256 hash shards of 8-byte keys and
//    value bytes (9 bytes a class); still read, and written for keys of several words.
// Written atomically (temporary file, fsync, rename, fsync of the directory), so a file either
// verifies completely or is rejected: a torn or corrupt file is detected, never trusted.
// Concurrency: functions are independent; do not write and read the same path at once.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "storage/compact_level.hpp"
#include "storage/level.hpp"

namespace seki {

// The run parameters a level file belongs to; a file written for other parameters is rejected.
struct LevelFileParams {
  int rows = 0, cols = 0;
  int max_entry = 0, max_sum = 0;  // effective bounds
  bool solved = true;              // values present (false: generation only)
  friend bool operator==(const LevelFileParams&, const LevelFileParams&) = default;
};

// One part of a level: part `part` of the `parts` a level was built in (0 of 1 for a whole level),
// its classes in key order (`classes`) or, in a file by groups, its groups (`groups`: each its
// `group` set and in key order, in increasing group order; `classes` is then empty).
struct LevelFilePart {
  int sum = 0;
  int part = 0, parts = 1;
  CompactPart classes;
  std::vector<CompactPart> groups;
};

// What the group table of a file by groups says of one group.
struct LevelFileGroup {
  std::uint64_t group = 0;
  std::uint64_t classes = 0;
};

// Writes level to path atomically: compact (version 2, as one part) when its keys are one word,
// else version 1. Throws std::runtime_error on an I/O failure.
void WriteLevelFile(const std::filesystem::path& path, const Level& level,
                    const LevelFileParams& params);
// Writes one part in the compact format (version 2) atomically: by groups when `part.groups` is
// not empty (each group's blocks together, after a table of the groups with the checksum of each,
// so that one group can be read and checked alone: ReadLevelFileGroups).
void WriteLevelFilePart(const std::filesystem::path& path, const LevelFilePart& part,
                        const LevelFileParams& params);
// Writes a whole level kept compact in any number of parts (a level built in parts, kept by
// groups) as one compact file, its classes merged in key order block by block (nothing more is
// held); throws std::invalid_argument for a level that breaks the format.
void WriteLevelFile(const std::filesystem::path& path, const CompactLevel& level,
                    const LevelFileParams& params);

// Reads and fully verifies a level file of either version: magic, version, parameters equal to
// `expected`, sizes, keys sorted, distinct, in their shard (version 1) and in the region, value
// bytes, checksum. On any failure returns nothing and, if why is given, a one-line reason naming
// the file and the problem. ReadLevelFile wants a whole level (a compact file of one part of
// several is refused); ReadLevelFilePart reads version 2 only.
std::optional<Level> ReadLevelFile(const std::filesystem::path& path,
                                   const LevelFileParams& expected, std::string* why = nullptr);
std::optional<LevelFilePart> ReadLevelFilePart(const std::filesystem::path& path,
                                               const LevelFileParams& expected,
                                               std::string* why = nullptr);
// The group table of a compact file by groups (its header and table checked; not its blocks):
// nothing, with the reason, for a file not by groups or one that does not check.
std::optional<std::vector<LevelFileGroup>> ReadLevelFileGroupTable(
    const std::filesystem::path& path, const LevelFileParams& expected, std::string* why = nullptr);
// The groups `wanted` (each in the file's table) of a compact file by groups, each read alone and
// verified completely (its checksum, its blocks, its keys); in the order of `wanted`. With
// `check_keys` false, for a file read and verified completely before, each group is checked by its
// checksum and its blocks' sizes only.
std::optional<std::vector<CompactPart>> ReadLevelFileGroups(
    const std::filesystem::path& path, const LevelFileParams& expected,
    const std::vector<std::uint64_t>& wanted, std::string* why = nullptr, bool check_keys = true);

}  // namespace seki
