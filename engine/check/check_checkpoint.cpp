// The checkpoint of a region check: tallies as JSON, level files, the atomic checkpoint file.
#include "engine/check/check_checkpoint.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "engine/base/input_error.hpp"

namespace seki {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string ShapeName(const EnumerationSpace& space) {
  return fmt::format("{}x{}", space.rows, space.cols);
}

// The shape's kept levels: "resumable", or the one level (and tally) of a checkpoint written
// before the level store: "level_files" (any number of ranks) or the one "level_file" of a
// checkpoint written before checks ran on ranks; none once the shape was done.
std::vector<KeptLevel> KeptOf(const json& shape) {
  if (shape.contains("resumable")) return KeptLevelsFromJson(shape["resumable"]);
  KeptLevel k{shape.at("tally").at("last_sum").get<int>(), {}, {{"tally", shape.at("tally")}}};
  if (shape.contains("level_files"))
    k.files = shape["level_files"].get<std::vector<std::string>>();
  else if (!shape.value("level_file", "").empty())
    k.files = {shape["level_file"].get<std::string>()};
  return {k};
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
  try {
    for (const auto& [key, shape] : (*j)["shapes"].items()) shapes_[key] = KeptOf(shape);
  } catch (const json::exception& e) {
    throw InputError(checkpoint_.file().string(), std::string("damaged: ") + e.what());
  }
}

LevelStore CheckCheckpoint::Levels(const EnumerationSpace& space) const {
  const std::string shape = ShapeName(space);
  return LevelStore(checkpoint_.dir(),
                    {shape + "-level", "check-level-file-" + shape, "check-checkpoint-" + shape},
                    {space.rows, space.cols, space.max_entry, space.max_sum, /*solved=*/true},
                    group_);
}

std::optional<CheckCheckpoint::Resumed> CheckCheckpoint::Take(
    std::size_t k, const EnumerationSpace& space,
    const std::function<void(const std::string&)>& notice, bool by_groups) {
  const auto found = shapes_.find(std::to_string(k));
  if (found == shapes_.end()) return std::nullopt;
  std::vector<KeptLevel>& kept = found->second;
  const std::optional<LevelStore::Resumed> point = Levels(space).Resume(kept, by_groups, notice);
  Resumed r;
  try {
    if (!point) throw std::runtime_error("no usable level file");
    r.tally = ShapeTallyFromJson(conjecture_, point->point.state.at("tally"));
    if (r.tally.last_sum != point->point.sum) throw std::runtime_error("a tally of another level");
    if (!point->level && r.tally.last_sum != space.max_sum)
      throw std::runtime_error("no level file of an unfinished shape");
  } catch (const std::exception& e) {
    notice(ShapeName(space) + ": " + e.what() + "; starting the shape over");
    kept.clear();
    return std::nullopt;
  }
  r.level = point->level;
  return r;
}

void CheckCheckpoint::Save(std::size_t k, const EnumerationSpace& space, const HeldLevel& level,
                           const ShapeTally& tally) {
  std::vector<KeptLevel>& kept = shapes_[std::to_string(k)];
  const json state = {{"tally", ShapeTallyJson(conjecture_, tally)}};
  const auto write = [&] { Write(); };
  if (level.sum() < space.max_sum)
    Levels(space).Save(kept, level, state, {}, write);
  else
    Levels(space).Finish(kept, level.sum(), state, write);
}

void CheckCheckpoint::Write() const {
  json shapes = json::object();
  for (const auto& [key, kept] : shapes_) shapes[key] = {{"resumable", KeptLevelsJson(kept)}};
  checkpoint_.Write({{"parameters", parameters_}, {"shapes", shapes}});
}

}  // namespace seki
