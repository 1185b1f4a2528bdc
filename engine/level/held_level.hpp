// HeldLevel: a level as the level loop (engine/run/level_driver.hpp) holds it — whole (a Level of
// 256 hash shards, about 9 bytes a class), kept by groups in compact form (a CompactLevel of one
// CompactPart a group, about 3-4 bytes a class: engine/level/level_parts.hpp) when it was built in
// parts, or on disk only: its part files by groups, of which the level holds only the group table
// (the groups, their classes) and reads one part at a time (ForEachHeldBlock) or the groups the
// next level needs (PartStore::LoadGroups). A walk takes and persists any of them; engines that
// build levels whole read and return the whole form. Concurrency: immutable once built (LoadWhole
// aside); any number of threads may read it; a level on disk reads its parts on the calling thread
// (each part decoded in parallel).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/outcome.hpp"
#include "storage/compact_level.hpp"
#include "storage/level.hpp"

namespace seki {

// A group of a level kept by groups, and its classes.
struct GroupCount {
  std::uint64_t group = 0, classes = 0;
};

struct HeldLevel {
  Level whole;                          // the level, unless it is kept by groups
  std::optional<CompactLevel> grouped;  // the level by groups (on disk: their ids, no classes)
  // When it is kept by groups in the part files of a PartStore too: the parts it was built in
  // (its groups can be read again a few at a time: PartStore::LoadGroups); else 0.
  int kept_parts = 0;
  // On disk only: the classes of each group of `grouped`, and what reads part p's groups (each
  // verified; throws InputError when one is damaged). Empty for a level in memory.
  std::vector<std::uint64_t> group_classes;
  std::function<std::vector<CompactPart>(int)> read_part;

  HeldLevel() = default;
  explicit HeldLevel(Level level) : whole(std::move(level)) {}
  explicit HeldLevel(CompactLevel level) : grouped(std::move(level)) { whole.sum = grouped->sum; }

  int sum() const { return whole.sum; }
  bool in_parts() const { return grouped.has_value(); }
  bool on_disk() const { return static_cast<bool>(read_part); }
  std::uint64_t size() const;
  std::size_t bytes() const { return grouped ? grouped->bytes() : whole.bytes(); }
  // The whole level, for a walk or an engine that has no use for groups.
  const Level& Whole() const {
    if (grouped)
      throw std::logic_error("level " + std::to_string(sum()) +
                             " was built in parts; this step needs it whole");
    return whole;
  }
};

// A level of `parts` parts kept on disk only: its groups (in increasing group order) and what
// reads a part's groups.
HeldLevel OnDiskLevel(int sum, int parts, const std::vector<GroupCount>& groups,
                      std::function<std::vector<CompactPart>(int)> read_part);
// Each group of a level kept by groups (in memory or on disk) and its classes, in group order.
std::vector<GroupCount> GroupCounts(const HeldLevel& level);
// A level on disk read into memory, by groups (a level in memory is left as it is).
void LoadWhole(HeldLevel& level);
// Every block of a level kept by groups, decoded (ForEachCompactBlock): in memory all at once, on
// disk one part after another (one part held at a time). Order unspecified.
void ForEachHeldBlock(
    const HeldLevel& level,
    const std::function<void(const std::uint64_t*, const PackedOutcome*, std::size_t)>& body);

}  // namespace seki
