// The checkpoint of a region check: tallies as JSON, level files, the atomic checkpoint file.
#include "engine/research/check_checkpoint.hpp"

#include <fmt/format.h>

#include <fstream>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/run/kill_point.hpp"
#include "storage/atomic_file.hpp"
#include "storage/level_file.hpp"

namespace seki {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kFile = "check-checkpoint.json";
constexpr const char* kFormat = "seki-check-checkpoint/1";

json PairsJson(const std::vector<std::pair<std::uint64_t, PackedOutcome>>& pairs) {
  json a = json::array();
  for (const auto& [key, packed] : pairs) a.push_back({key, packed.bits});
  return a;
}

std::vector<std::pair<std::uint64_t, PackedOutcome>> PairsFromJson(const json& a) {
  std::vector<std::pair<std::uint64_t, PackedOutcome>> pairs;
  for (const json& p : a)
    pairs.emplace_back(p.at(0).get<std::uint64_t>(), PackedOutcome{p.at(1).get<std::uint8_t>()});
  return pairs;
}

std::string ShapeName(const EnumerationSpace& space) {
  return fmt::format("{}x{}", space.rows, space.cols);
}

LevelFileParams FileParams(const EnumerationSpace& space) {
  return {space.rows, space.cols, space.max_entry, space.max_sum, /*solved=*/true};
}

}  // namespace

json ShapeTallyJson(const ShapeTally& t) {
  return {{"last_sum", t.last_sum},
          {"classes", t.classes},
          {"examined", t.examined},
          {"by_class", t.by_class},
          {"complete_by_height", t.complete_by_height},
          {"extra", t.extra},
          {"findings", PairsJson(t.findings)},
          {"listed", PairsJson(t.listed)},
          {"census", CensusJson(t.census)},
          {"seconds", t.seconds}};
}

ShapeTally ShapeTallyFromJson(const json& j) {
  try {
    ShapeTally t;
    t.last_sum = j.at("last_sum").get<int>();
    t.classes = j.at("classes").get<std::uint64_t>();
    t.examined = j.at("examined").get<std::uint64_t>();
    j.at("by_class").get_to(t.by_class);
    j.at("complete_by_height").get_to(t.complete_by_height);
    j.at("extra").get_to(t.extra);
    t.findings = PairsFromJson(j.at("findings"));
    t.listed = PairsFromJson(j.at("listed"));
    t.census = CensusFromJson(j.at("census"));
    t.seconds = j.at("seconds").get<double>();
    return t;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("not a shape tally: ") + e.what());
  }
}

CheckCheckpoint::CheckCheckpoint(fs::path dir, json parameters, bool resume,
                                 const std::function<void(const std::string&)>& notice)
    : dir_(std::move(dir)), parameters_(std::move(parameters)) {
  const fs::path file = dir_ / kFile;
  std::error_code ec;
  if (fs::exists(dir_, ec) && !fs::is_directory(dir_, ec))
    throw InputError("--checkpoint", dir_.string() + " is not a directory");
  if (!resume && fs::exists(file, ec))
    throw InputError("--checkpoint", dir_.string() +
                                         " already holds a check; use --resume to continue it "
                                         "or remove the directory");
  fs::create_directories(dir_ / "levels", ec);
  if (ec) throw InputError("--checkpoint", "cannot create " + dir_.string() + ": " + ec.message());
  if (!resume) return;
  std::ifstream in(file);
  const json j = in ? json::parse(in, nullptr, /*allow_exceptions=*/false) : json();
  if (!j.is_object() || j.value("format", "") != kFormat || !j.contains("shapes") ||
      !j.contains("parameters")) {
    notice("nothing to resume in " + dir_.string() + " (" +
           (in ? std::string(kFile) + " is not a check checkpoint" : "no " + std::string(kFile)) +
           "); starting");
    return;
  }
  if (j["parameters"] != parameters_)
    throw InputError("--resume", dir_.string() + " holds a check with other parameters: " +
                                     j["parameters"].dump() + " (now " + parameters_.dump() + ")");
  shapes_ = j["shapes"];
}

std::optional<CheckCheckpoint::Resumed> CheckCheckpoint::Take(
    std::size_t k, const EnumerationSpace& space,
    const std::function<void(const std::string&)>& notice) const {
  const std::string key = std::to_string(k);
  if (!shapes_.contains(key)) return std::nullopt;
  Resumed r;
  try {
    r.tally = ShapeTallyFromJson(shapes_[key].at("tally"));
  } catch (const std::exception& e) {
    notice(ShapeName(space) + ": " + e.what() + "; starting the shape over");
    return std::nullopt;
  }
  if (r.tally.last_sum == space.max_sum) return r;
  const std::string file = shapes_[key].value("level_file", "");
  std::string why;
  r.level = ReadLevelFile(dir_ / file, FileParams(space), &why);
  if (!r.level || r.level->sum != r.tally.last_sum) {
    notice("not using " + file + ": " + (why.empty() ? "another level" : why) +
           "; starting the shape over");
    return std::nullopt;
  }
  return r;
}

void CheckCheckpoint::Save(std::size_t k, const EnumerationSpace& space, const Level& level,
                           const ShapeTally& tally) {
  const std::string key = std::to_string(k), shape = ShapeName(space);
  const std::string old_file = shapes_.contains(key) ? shapes_[key].value("level_file", "") : "";
  std::string file;
  if (level.sum < space.max_sum) {
    file = fmt::format("levels/{}-level-{:04d}.bin", shape, level.sum);
    WriteLevelFile(dir_ / file, level, FileParams(space));
    KillPoint("check-level-file-" + shape, level.sum);
  }
  shapes_[key] = {{"shape", shape}, {"level_file", file}, {"tally", ShapeTallyJson(tally)}};
  Write();
  KillPoint("check-checkpoint-" + shape, level.sum);
  if (!old_file.empty() && old_file != file) fs::remove(dir_ / old_file);
}

void CheckCheckpoint::Write() const {
  const json j = {{"format", kFormat}, {"parameters", parameters_}, {"shapes", shapes_}};
  WriteFileAtomically(dir_ / kFile, j.dump(1) + "\n");
}

}  // namespace seki
