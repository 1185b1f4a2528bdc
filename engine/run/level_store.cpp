// The level store of runs and checks: names, saving in order, resuming from the newest that loads.
#include "engine/run/level_store.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/level/enumeration_space.hpp"
#include "engine/run/level_group_io.hpp"
#include "engine/run/level_ranks.hpp"
#include "engine/run/part_files.hpp"
#include "storage/checkpoint.hpp"
#include "storage/kill_point.hpp"
#include "storage/rank_file.hpp"

namespace seki {

namespace fs = std::filesystem;
using nlohmann::json;

json KeptLevelsJson(const std::vector<KeptLevel>& kept) {
  json list = json::array();
  for (const KeptLevel& k : kept) {
    json point = k.state;
    point["sum"] = k.sum;
    point["level_files"] = k.files;
    list.push_back(std::move(point));
  }
  return list;
}

std::vector<KeptLevel> KeptLevelsFromJson(const json& list) {
  std::vector<KeptLevel> kept;
  for (const json& point : list) {
    KeptLevel k;
    k.sum = point.at("sum").get<int>();
    k.files = point.contains("level_files")
                  ? point.at("level_files").get<std::vector<std::string>>()
                  : std::vector<std::string>{point.at("level_file").get<std::string>()};
    for (const std::string& file : k.files)
      if (!IsSafeRelativePath(file))
        throw InputError(file, "named by the checkpoint, is not a file inside its directory");
    k.state = point;
    for (const char* key : {"sum", "level_files", "level_file"}) k.state.erase(key);
    kept.push_back(std::move(k));
  }
  return kept;
}

std::vector<std::string> LevelStore::FileNames(int sum) const {
  std::vector<std::string> files;
  const std::string name = fmt::format("levels/{}-{:04d}.bin", names_.stem, sum);
  for (int q = 0; q < group_.size(); ++q)
    files.push_back(RankFile(name, q, group_.size()).string());
  return files;
}

void LevelStore::RemoveFiles(const KeptLevel& point) const {
  for (const std::string& file : point.files) fs::remove(dir_ / file);
}

void LevelStore::Save(std::vector<KeptLevel>& kept, const HeldLevel& level, json state,
                      std::vector<std::string> written,
                      const std::function<void()>& write_checkpoint) const {
  const int rank = group_.rank(), sum = level.sum();
  if (kept.size() >= kKept) {
    const KeptLevel dropped = kept.front();
    kept.erase(kept.begin());
    if (group_.root()) {
      write_checkpoint();
      RemoveFiles(dropped);
    }
  }
  KeptLevel point{sum, std::move(written), std::move(state)};
  if (point.files.empty()) {
    point.files = FileNames(sum);
    const fs::path path = dir_ / point.files[rank];
    if (level.on_disk()) throw std::logic_error("a level on disk only is kept in its part files");
    if (level.in_parts())
      WriteLevelFile(path, *level.grouped, params_);
    else
      WriteLevelFile(path, level.whole, params_);
  }
  KillPoint(names_.file_point, sum, rank);
  group_.Barrier();  // every rank's file is written before the checkpoint names it
  kept.push_back(std::move(point));
  if (group_.root()) write_checkpoint();
  KillPoint(names_.checkpoint_point, sum, rank);
}

void LevelStore::Finish(std::vector<KeptLevel>& kept, int sum, json state,
                        const std::function<void()>& write_checkpoint) const {
  const std::vector<KeptLevel> replaced = std::move(kept);
  kept = {KeptLevel{sum, {}, std::move(state)}};
  group_.Barrier();  // no rank still writes a file of the points replaced
  if (!group_.root()) return;
  write_checkpoint();
  KillPoint(names_.checkpoint_point, sum);
  for (const KeptLevel& point : replaced) RemoveFiles(point);
  // And any other file of the store (one an older build left, or one passed over on resume).
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_ / "levels", ec))
    if (entry.path().filename().string().starts_with(names_.stem + "-")) fs::remove(entry, ec);
}

std::optional<LevelStore::Resumed> LevelStore::Resume(
    std::vector<KeptLevel>& kept, bool by_groups,
    const std::function<void(const std::string&)>& notice) const {
  while (!kept.empty()) {
    Resumed r{kept.back(), std::nullopt};
    if (r.point.files.empty()) return r;
    std::string why;
    const bool groups = by_groups && !PartFiles::IsPartName(r.point.files[0]);
    if (groups) {
      const EnumerationSpace space =
          EnumerationSpace::Make(params_.rows, params_.cols, params_.max_entry, params_.max_sum);
      if (auto level =
              LoadOwnedGroups(space, dir_, r.point.files, OwnedShards(group_), params_, &why))
        r.level = HeldLevel(std::move(*level));
    } else {
      r.level = LoadSavedLevel(dir_, r.point.files, OwnedShards(group_), params_, &why);
    }
    if (r.level && r.level->sum() != r.point.sum) {
      why = r.point.files[0] + " holds level " + std::to_string(r.level->sum());
      r.level.reset();
    }
    if (group_.AllTrue(r.level.has_value())) return r;
    const std::string files = r.point.files.size() == 1
                                  ? r.point.files[0]
                                  : "the files of level " + std::to_string(r.point.sum);
    notice("not using " + files + ": " +
           (why.empty() ? "a file of another rank does not verify" : why));
    kept.pop_back();
  }
  return std::nullopt;
}

}  // namespace seki
