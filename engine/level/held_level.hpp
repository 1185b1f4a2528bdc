// HeldLevel: a level as the level loop (engine/run/level_driver.hpp) holds it — whole (a Level of
// 256 hash shards, about 9 bytes a class) or, when it was built in parts, kept by groups in
// compact form (a CompactLevel of one CompactPart a group, about 3 bytes a class:
// engine/level/level_parts.hpp). A walk takes and persists either; engines that build levels
// whole read and return the whole form.
// Concurrency: immutable once built; any number of threads may read it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "storage/compact_level.hpp"
#include "storage/level.hpp"

namespace seki {

struct HeldLevel {
  Level whole;                          // the level, unless it is kept by groups
  std::optional<CompactLevel> grouped;  // the level built in parts, by groups
  // When it is kept by groups in the part files of a PartStore too: the parts it was built in
  // (its groups can be read again a few at a time: PartStore::LoadGroups); else 0.
  int kept_parts = 0;

  HeldLevel() = default;
  explicit HeldLevel(Level level) : whole(std::move(level)) {}
  explicit HeldLevel(CompactLevel level) : grouped(std::move(level)) { whole.sum = grouped->sum; }

  int sum() const { return whole.sum; }
  bool in_parts() const { return grouped.has_value(); }
  std::uint64_t size() const { return grouped ? grouped->size() : whole.size(); }
  std::size_t bytes() const { return grouped ? grouped->bytes() : whole.bytes(); }
  // The whole level, for a walk or an engine that has no use for groups.
  const Level& Whole() const {
    if (grouped)
      throw std::logic_error("level " + std::to_string(sum()) +
                             " was built in parts; this step needs it whole");
    return whole;
  }
};

}  // namespace seki
