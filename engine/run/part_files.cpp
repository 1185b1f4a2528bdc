// Part files of a level built in parts: names, atomic writes, verified reads.
#include "engine/run/part_files.hpp"

#include <cstdio>
#include <stdexcept>
#include <utility>

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

void PartFiles::Save(int sum, int part, int parts, const CompactPart& classes) {
  const std::filesystem::path path = dir_ / Name(sum, part, parts, rank_, ranks_);
  std::filesystem::create_directories(path.parent_path());
  WriteLevelFilePart(path, {sum, part, parts, classes}, params_);
  KillPoint("level-part", sum);
}

std::vector<CompactPart> PartFiles::Load(int sum, int part, int parts) {
  std::string why;
  std::optional<LevelFilePart> read = Read(sum, part, parts, &why);
  if (!read) throw std::runtime_error(why);
  if (!keep_) std::filesystem::remove(dir_ / Name(sum, part, parts, rank_, ranks_));
  return GroupsOf(space_, read->classes);
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
                                          std::string* why) {
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
    groups.push_back(GroupsOf(
        space, all_mine ? read->classes : ClassesWhere(read->classes, [&](std::uint64_t key) {
          return owned.Contains(ShardOf(key));
        })));
  }
  if (sum < 0) {
    if (why) *why = "no part file";
    return std::nullopt;
  }
  return MergedGroupedLevel(sum, std::move(groups));
}

}  // namespace seki
