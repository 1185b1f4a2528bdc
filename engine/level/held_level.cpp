// A level as the level loop holds it: sizes, groups, and a level on disk read part by part.
#include "engine/level/held_level.hpp"

#include "engine/base/memory_limit.hpp"
#include "engine/level/level_parts.hpp"

namespace seki {

std::uint64_t HeldLevel::size() const {
  if (!grouped) return whole.size();
  if (!on_disk()) return grouped->size();
  std::uint64_t classes = 0;
  for (const std::uint64_t n : group_classes) classes += n;
  return classes;
}

HeldLevel OnDiskLevel(int sum, int parts, const std::vector<GroupCount>& groups,
                      std::function<std::vector<CompactPart>(int)> read_part) {
  CompactLevel ids;
  ids.sum = sum;
  HeldLevel level;
  for (const GroupCount& g : groups) {
    ids.parts.emplace_back().group = g.group;
    level.group_classes.push_back(g.classes);
  }
  level.grouped = std::move(ids);
  level.whole.sum = sum;
  level.kept_parts = parts;
  level.read_part = std::move(read_part);
  return level;
}

std::vector<GroupCount> GroupCounts(const HeldLevel& level) {
  if (!level.grouped) throw std::logic_error("a level built whole has no groups");
  std::vector<GroupCount> counts;
  const std::vector<CompactPart>& groups = level.grouped->parts;
  for (std::size_t g = 0; g < groups.size(); ++g)
    counts.push_back(
        {groups[g].group, level.on_disk() ? level.group_classes[g] : groups[g].size()});
  return counts;
}

void LoadWhole(HeldLevel& level) {
  if (!level.on_disk()) return;
  std::vector<std::vector<CompactPart>> parts;
  for (int p = 0; p < level.kept_parts; ++p) parts.push_back(level.read_part(p));
  level.grouped = GroupedLevel(level.sum(), std::move(parts));
  level.group_classes.clear();
  level.read_part = nullptr;
}

void ForEachHeldBlock(
    const HeldLevel& level,
    const std::function<void(const std::uint64_t*, const PackedOutcome*, std::size_t)>& body) {
  if (!level.grouped) throw std::logic_error("a level built whole has no blocks");
  if (!level.on_disk()) return ForEachCompactBlock(*level.grouped, body);
  for (int p = 0; p < level.kept_parts; ++p) {
    CompactLevel part;
    part.sum = level.sum();
    part.parts = level.read_part(p);
    ForEachCompactBlock(part, body);
    part = CompactLevel();
    ReturnFreedMemory();
  }
}

}  // namespace seki
