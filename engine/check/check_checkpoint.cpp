// The checkpoint of a region check: tallies as JSON, level files, the atomic checkpoint file.
#include "engine/check/check_checkpoint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/level/level_parts.hpp"
#include "engine/run/level_group_io.hpp"
#include "storage/kill_point.hpp"
#include "storage/level_file.hpp"
#include "storage/rank_file.hpp"

namespace seki {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string ShapeName(const EnumerationSpace& space) {
  return fmt::format("{}x{}", space.rows, space.cols);
}

LevelFileParams FileParams(const EnumerationSpace& space) {
  return {space.rows, space.cols, space.max_entry, space.max_sum, /*solved=*/true};
}

// The level files a shape's entry names: "level_files" (any number of ranks), or the one
// "level_file" of a checkpoint written before checks ran on ranks.
std::vector<std::string> LevelFiles(const json& shape) {
  if (shape.contains("level_files")) return shape["level_files"].get<std::vector<std::string>>();
  const std::string file = shape.value("level_file", "");
  return file.empty() ? std::vector<std::string>{} : std::vector<std::string>{file};
}

// The file of rank `rank` of `ranks` for one level (one process: RxC-level-NNNN.bin).
std::string LevelFileName(const std::string& shape, int sum, int rank, int ranks) {
  return RankFile(fmt::format("levels/{}-level-{:04d}.bin", shape, sum), rank, ranks).string();
}

}  // namespace

const Ranks CheckCheckpoint::kOneProcess;

CheckCheckpoint::CheckCheckpoint(fs::path dir, json parameters, bool resume,
                                 const std::function<void(const std::string&)>& notice,
                                 const Ranks& group)
    : group_(group),
      checkpoint_(std::move(dir), "check"),
      parameters_(std::move(parameters)),
      conjecture_(*ParseConjecture(parameters_.at("conjecture").get<std::string>())) {
  checkpoint_.Prepare(resume);
  std::error_code ec;
  fs::create_directories(checkpoint_.dir() / "levels", ec);
  if (!resume) return;
  const std::optional<json> j = checkpoint_.ReadMatching(parameters_);
  if (!j || !j->contains("shapes")) {
    notice("nothing to resume in " + checkpoint_.dir().string() + " (no " +
           checkpoint_.file().filename().string() + "); starting");
    return;
  }
  shapes_ = (*j)["shapes"];
}

std::optional<CheckCheckpoint::Resumed> CheckCheckpoint::Take(
    std::size_t k, const EnumerationSpace& space,
    const std::function<void(const std::string&)>& notice, bool by_groups) const {
  const std::string key = std::to_string(k);
  if (!shapes_.contains(key)) return std::nullopt;
  Resumed r;
  try {
    r.tally = ShapeTallyFromJson(conjecture_, shapes_[key].at("tally"));
  } catch (const std::exception& e) {
    notice(ShapeName(space) + ": " + e.what() + "; starting the shape over");
    return std::nullopt;
  }
  if (r.tally.last_sum == space.max_sum) return r;
  const std::vector<std::string> files = LevelFiles(shapes_[key]);
  std::string why;
  if (by_groups) {
    if (auto level = LoadOwnedGroups(space, checkpoint_.dir(), files, OwnedShards(group_),
                                     FileParams(space), &why))
      r.level = HeldLevel(std::move(*level));
  } else if (auto level = LoadOwnedShards(checkpoint_.dir(), files, OwnedShards(group_),
                                          FileParams(space), &why)) {
    r.level = HeldLevel(std::move(*level));
  }
  if (r.level && r.level->sum() != r.tally.last_sum) r.level.reset(), why = "another level";
  // Every rank resumes, or every rank starts the shape over.
  if (!group_.AllTrue(r.level.has_value())) {
    notice("not using the level files of " + ShapeName(space) + " (" +
           (why.empty() ? "another rank could not read its shards" : why) +
           "); starting the shape over");
    return std::nullopt;
  }
  return r;
}

void CheckCheckpoint::Save(std::size_t k, const EnumerationSpace& space, const HeldLevel& level,
                           const ShapeTally& tally) {
  const std::string key = std::to_string(k), shape = ShapeName(space);
  const std::vector<std::string> old_files =
      shapes_.contains(key) ? LevelFiles(shapes_[key]) : std::vector<std::string>{};
  std::vector<std::string> files;
  if (level.sum() < space.max_sum) {
    for (int q = 0; q < group_.size(); ++q)
      files.push_back(LevelFileName(shape, level.sum(), q, group_.size()));
    const fs::path path = checkpoint_.dir() / files[group_.rank()];
    if (level.on_disk()) throw std::logic_error("a check's levels are never left on disk");
    if (level.in_parts())
      WriteLevelFile(path, *level.grouped, FileParams(space));
    else
      WriteLevelFile(path, level.whole, FileParams(space));
    KillPoint("check-level-file-" + shape, level.sum(), group_.rank());
  }
  group_.Barrier();  // every rank's file is written before the checkpoint names it
  shapes_[key] = {
      {"shape", shape}, {"level_files", files}, {"tally", ShapeTallyJson(conjecture_, tally)}};
  if (group_.root()) {
    Write();
    KillPoint("check-checkpoint-" + shape, level.sum());
    for (const std::string& old : old_files)
      if (std::find(files.begin(), files.end(), old) == files.end())
        fs::remove(checkpoint_.dir() / old);
  }
  group_.Barrier();  // no rank goes on to the next level's files before the old ones are gone
}

void CheckCheckpoint::Write() const {
  checkpoint_.Write({{"parameters", parameters_}, {"shapes", shapes_}});
}

}  // namespace seki
