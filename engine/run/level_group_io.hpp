// The two steps of a run that differ when its level is spread over ranks
// (engine/run/level_ranks.hpp): counting a level and writing its catalogue lines, and loading the
// owned shards of a saved level from its per-rank files (written by any number of ranks). The
// catalogue: the classes it needs are moved so that rank r holds the r-th range of keys, each rank
// renders its range, and rank 0 appends the ranges in rank order, which is (sum, canonical key)
// order: the files are byte-identical to a single process's.
// Concurrency: collective (every rank calls them in the same order) on the thread of the Run.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/level/catalogue.hpp"
#include "engine/level/held_level.hpp"
#include "engine/run/level_ranks.hpp"
#include "storage/level_file.hpp"

namespace seki {

// The level's catalogue lines appended to `writer` (when `solved`) and its counts (summed over the
// ranks, on every rank). A single process streams them (CatalogueWriter::AddLevel: bounded
// memory); under ranks every rank renders its key range and rank 0 appends them all to `writer`
// (null on the other ranks).
// A level in parts (HeldLevel::grouped) is always solved; one process streams it in key order.
// `lists`: the writer's (with kComplete the other seki are counted by height: summed over ranks).
LevelCounts CatalogueLevel(const Ranks& group, const HeldLevel& level,
                           const EnumerationSpace& space, bool solved, bool outcomes,
                           CatalogueLists lists, CatalogueWriter* writer);

// The shards in `owned` of the level saved in `files` (relative to `dir`; file q of Q holds the
// shards ShardBlock(q, Q)), reading only the files that hold some of them; every file read is
// verified completely. Nothing (and *why) when one does not verify.
std::optional<Level> LoadOwnedShards(const std::filesystem::path& dir,
                                     const std::vector<std::string>& files, ShardRange owned,
                                     const LevelFileParams& params, std::string* why);
// The classes in `owned` of a whole level saved in `files` (file q of Q holds the shards
// ShardBlock(q, Q); compact or not), by groups (engine/level/level_parts.hpp): a check's level of
// a shape built in parts. Nothing (and *why) when a file read does not verify.
std::optional<CompactLevel> LoadOwnedGroups(const EnumerationSpace& space,
                                            const std::filesystem::path& dir,
                                            const std::vector<std::string>& files, ShardRange owned,
                                            const LevelFileParams& params, std::string* why);
// A saved level as the level loop holds it: whole (LoadOwnedShards) or, saved in part files
// (engine/run/part_files.hpp, by any number of ranks), the owned classes by groups; one process's
// part files by groups are left on disk (ReadPartFilesOnDisk).
std::optional<HeldLevel> LoadSavedLevel(const std::filesystem::path& dir,
                                        const std::vector<std::string>& files, ShardRange owned,
                                        const LevelFileParams& params, std::string* why);

}  // namespace seki
