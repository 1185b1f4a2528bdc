// Part files of a level built in parts: names, atomic writes, verified reads.
#include "engine/run/part_files.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "engine/base/input_error.hpp"
#include "engine/level/level_parts.hpp"
#include "storage/kill_point.hpp"
#include "storage/rank_file.hpp"

namespace seki {

std::string PartFiles::Name(int sum, int part, int parts, int rank, int ranks) {
  char name[64];
  std::snprintf(name, sizeof name, "levels/level-%04d.part-%02d-of-%02d.bin", sum, part, parts);
  return RankFile(name, rank, ranks).string();
}

bool PartFiles::IsPartName(const std::string& name) {
  return name.find(".part-") != std::string::npos;
}

std::vector<std::string> PartFiles::Names(int sum, int parts, int ranks) {
  std::vector<std::string> names;
  for (int p = 0; p < parts; ++p)
    for (int q = 0; q < ranks; ++q) names.push_back(Name(sum, p, parts, q, ranks));
  return names;
}

std::optional<LevelFilePart> PartFiles::Read(int sum, int part, int parts, std::string* why) const {
  const std::string name = Name(sum, part, parts, rank_, ranks_);
  std::optional<LevelFilePart> read = ReadLevelFilePart(dir_ / name, params_, why);
  if (read && (read->sum != sum || read->part != part || read->parts != parts)) {
    if (why)
      *why = name + ": holds part " + std::to_string(read->part) + " of " +
             std::to_string(read->parts) + " of level " + std::to_string(read->sum);
    return std::nullopt;
  }
  return read;
}

bool PartFiles::Has(int sum, int part, int parts) {
  if (!std::filesystem::exists(dir_ / Name(sum, part, parts, rank_, ranks_))) return false;
  std::string why;
  if (Read(sum, part, parts, &why)) return true;
  if (notice_) notice_("building again: " + why);
  return false;
}

void PartFiles::Save(int sum, int part, int parts, std::vector<CompactPart> groups) {
  const std::filesystem::path path = dir_ / Name(sum, part, parts, rank_, ranks_);
  std::filesystem::create_directories(path.parent_path());
  // By groups; an empty part is written as an empty run of classes.
  WriteLevelFilePart(path, {sum, part, parts, {}, std::move(groups)}, params_);
  KillPoint("level-part", sum);
}

std::vector<CompactPart> PartFiles::Load(int sum, int part, int parts) {
  std::string why;
  std::optional<LevelFilePart> read = Read(sum, part, parts, &why);
  if (!read) throw InputError(why);  // damaged after it was built: named, exit status 2
  if (!keep_) std::filesystem::remove(dir_ / Name(sum, part, parts, rank_, ranks_));
  return GroupsOf(space_, std::move(*read));
}

bool PartFiles::IndexGroups(int sum, int parts, std::string* why) {
  if (indexed_sum_ == sum && indexed_parts_ == parts) return true;
  part_of_group_.clear();
  group_counts_.clear();
  indexed_sum_ = -1;
  std::map<std::uint64_t, std::uint64_t> classes;
  for (int p = 0; p < parts; ++p) {
    const std::optional<std::vector<LevelFileGroup>> table =
        ReadLevelFileGroupTable(dir_ / Name(sum, p, parts), params_, why);
    if (!table) return false;
    for (const LevelFileGroup& group : *table) {
      part_of_group_[group.group] = p;
      classes[group.group] = group.classes;
    }
  }
  for (const auto& [group, n] : classes) group_counts_.push_back({group, n});
  indexed_sum_ = sum, indexed_parts_ = parts;
  return true;
}

std::vector<GroupCount> PartFiles::GroupCounts(int sum, int parts) {
  std::string why;
  if (!IndexGroups(sum, parts, &why)) throw InputError(why);
  return group_counts_;
}

bool PartFiles::Reloads(int sum, int parts) {
  if (!keep_ || ranks_ != 1) return false;
  std::string why;
  if (IndexGroups(sum, parts, &why)) return true;
  if (notice_) notice_("level " + std::to_string(sum) + " is held in memory: " + why);
  return false;
}

std::vector<CompactPart> PartFiles::LoadGroups(int sum, int parts,
                                               const std::vector<std::uint64_t>& wanted) {
  std::string why;
  if (!IndexGroups(sum, parts, &why)) throw InputError(why);
  // The wanted groups of each file, read file by file in parallel.
  std::vector<std::vector<std::uint64_t>> of_part(static_cast<std::size_t>(parts));
  for (const std::uint64_t group : wanted) {
    const auto it = part_of_group_.find(group);
    if (it == part_of_group_.end())
      throw InputError("level " + std::to_string(sum) + " has no group " + std::to_string(group) +
                       " in its part files in " + dir_.string());
    of_part[static_cast<std::size_t>(it->second)].push_back(group);
  }
  std::vector<std::vector<CompactPart>> read(static_cast<std::size_t>(parts));
  std::vector<std::string> problems(static_cast<std::size_t>(parts));
  tbb::parallel_for(0, parts, [&](int p) {
    if (of_part[p].empty()) return;
    std::optional<std::vector<CompactPart>> groups =
        // Verified completely when the level was loaded: now by each group's checksum.
        ReadLevelFileGroups(dir_ / Name(sum, p, parts), params_, of_part[p], &problems[p], false);
    if (groups) read[p] = std::move(*groups);
  });
  std::map<std::uint64_t, CompactPart> found;
  for (int p = 0; p < parts; ++p) {
    if (of_part[p].empty()) continue;
    if (read[p].size() != of_part[p].size()) throw InputError(problems[p]);
    for (CompactPart& group : read[p]) found[group.group] = std::move(group);
  }
  std::vector<CompactPart> groups;
  groups.reserve(wanted.size());
  for (const std::uint64_t group : wanted) groups.push_back(std::move(found.at(group)));
  return groups;
}

namespace {

// The part, the parts and the writing rank a part file's name gives (Name); false for another name.
struct PartName {
  int part = 0, parts = 1, rank = 0, ranks = 1;
};
bool ParsePartName(const std::string& name, PartName* out) {
  const std::size_t at = name.find(".part-");
  if (at == std::string::npos) return false;
  PartName n;
  int used = 0;
  if (std::sscanf(name.c_str() + at, ".part-%d-of-%d%n", &n.part, &n.parts, &used) != 2)
    return false;
  const char* rest = name.c_str() + at + used;
  if (std::sscanf(rest, ".rank-%d-of-%d", &n.rank, &n.ranks) != 2) n.rank = 0, n.ranks = 1;
  if (n.parts < 1 || n.part < 0 || n.part >= n.parts || n.ranks < 1 || n.rank < 0 ||
      n.rank >= n.ranks)
    return false;
  *out = n;
  return true;
}

}  // namespace

std::optional<CompactLevel> ReadPartFiles(const std::filesystem::path& dir,
                                          const EnumerationSpace& space,
                                          const std::vector<std::string>& names,
                                          const LevelFileParams& params, ShardRange owned,
                                          std::string* why, std::vector<GroupCount>* counts) {
  std::vector<std::vector<CompactPart>> groups;
  int sum = -1;
  for (const std::string& name : names) {
    PartName n;
    if (!ParsePartName(name, &n)) {
      if (why) *why = name + ": not the name of a part file";
      return std::nullopt;
    }
    const ShardRange held = ShardBlock(n.rank, n.ranks);
    if (!held.Overlaps(owned)) continue;
    std::optional<LevelFilePart> read = ReadLevelFilePart(dir / name, params, why);
    if (!read) return std::nullopt;
    if (read->part != n.part || read->parts != n.parts || (sum >= 0 && read->sum != sum)) {
      if (why)
        *why = name + ": holds part " + std::to_string(read->part) + " of " +
               std::to_string(read->parts) + " of level " + std::to_string(read->sum) +
               ", not part " + std::to_string(n.part) + " of " + std::to_string(n.parts);
      return std::nullopt;
    }
    sum = read->sum;
    const bool all_mine = owned.first <= held.first && held.last <= owned.last;
    std::vector<CompactPart> pieces = GroupsOf(space, std::move(*read));
    if (!all_mine)
      for (CompactPart& group : pieces)
        group =
            ClassesWhere(group, [&](std::uint64_t key) { return owned.Contains(ShardOf(key)); });
    if (counts)
      for (const CompactPart& group : pieces) counts->push_back({group.group, group.size()});
    else
      groups.push_back(std::move(pieces));
  }
  if (sum < 0) {
    if (why) *why = "no part file";
    return std::nullopt;
  }
  return MergedGroupedLevel(sum, std::move(groups));
}

std::optional<HeldLevel> ReadPartFilesOnDisk(const std::filesystem::path& dir,
                                             const EnumerationSpace& space,
                                             const std::vector<std::string>& names,
                                             const LevelFileParams& params, std::string* why) {
  *why = "";
  for (const std::string& name : names)  // the group tables first: by groups at all?
    if (std::string ignored; !ReadLevelFileGroupTable(dir / name, params, &ignored)) return {};
  std::vector<GroupCount> counts;
  const std::optional<CompactLevel> level =
      ReadPartFiles(dir, space, names, params, ShardBlock(0, 1), why, &counts);
  if (!level) return std::nullopt;
  std::sort(counts.begin(), counts.end(),
            [](const GroupCount& x, const GroupCount& y) { return x.group < y.group; });
  return OnDiskLevel(
      level->sum, static_cast<int>(names.size()), counts, [dir, space, names, params](int p) {
        std::string problem;
        std::optional<LevelFilePart> read =
            ReadLevelFilePart(dir / names[static_cast<std::size_t>(p)], params, &problem);
        if (!read) throw InputError(problem);
        return GroupsOf(space, std::move(*read));
      });
}

}  // namespace seki
