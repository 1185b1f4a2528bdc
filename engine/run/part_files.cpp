// Part files of a level built in parts: names, atomic writes, verified reads.
#include "engine/run/part_files.hpp"

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "engine/level/level_parts.hpp"
#include "storage/kill_point.hpp"

namespace seki {

std::string PartFiles::Name(int sum, int part, int parts) {
  char name[64];
  std::snprintf(name, sizeof name, "levels/level-%04d.part-%02d-of-%02d.bin", sum, part, parts);
  return name;
}

bool PartFiles::IsPartName(const std::string& name) {
  return name.find(".part-") != std::string::npos;
}

std::vector<std::string> PartFiles::Names(int sum, int parts) {
  std::vector<std::string> names;
  for (int p = 0; p < parts; ++p) names.push_back(Name(sum, p, parts));
  return names;
}

std::optional<LevelFilePart> PartFiles::Read(int sum, int part, int parts, std::string* why) const {
  const std::string name = Name(sum, part, parts);
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
  if (!std::filesystem::exists(dir_ / Name(sum, part, parts))) return false;
  std::string why;
  if (Read(sum, part, parts, &why)) return true;
  if (notice_) notice_("building again: " + why);
  return false;
}

void PartFiles::Save(int sum, int part, int parts, const CompactPart& classes) {
  const std::filesystem::path path = dir_ / Name(sum, part, parts);
  std::filesystem::create_directories(path.parent_path());
  WriteLevelFilePart(path, {sum, part, parts, classes}, params_);
  KillPoint("level-part", sum);
}

std::vector<CompactPart> PartFiles::Load(int sum, int part, int parts) {
  std::string why;
  std::optional<LevelFilePart> read = Read(sum, part, parts, &why);
  if (!read) throw std::runtime_error(why);
  if (!keep_) std::filesystem::remove(dir_ / Name(sum, part, parts));
  return GroupsOf(space_, read->classes);
}

std::optional<CompactLevel> ReadPartFiles(const std::filesystem::path& dir,
                                          const EnumerationSpace& space,
                                          const std::vector<std::string>& names,
                                          const LevelFileParams& params, std::string* why) {
  const int parts = static_cast<int>(names.size());
  std::vector<std::vector<CompactPart>> groups;
  int sum = -1;
  for (int p = 0; p < parts; ++p) {
    std::optional<LevelFilePart> read = ReadLevelFilePart(dir / names[p], params, why);
    if (!read) return std::nullopt;
    if (read->part != p || read->parts != parts || (sum >= 0 && read->sum != sum)) {
      if (why)
        *why = names[p] + ": holds part " + std::to_string(read->part) + " of " +
               std::to_string(read->parts) + " of level " + std::to_string(read->sum) +
               ", not part " + std::to_string(p) + " of " + std::to_string(parts);
      return std::nullopt;
    }
    sum = read->sum;
    groups.push_back(GroupsOf(space, read->classes));
  }
  if (sum < 0) {
    if (why) *why = "no part file";
    return std::nullopt;
  }
  return GroupedLevel(sum, std::move(groups));
}

}  // namespace seki
