// The checkpoint, manifest and summary files of a run directory.
#include "engine/run/run_directory.hpp"

#include <fstream>

#include "engine/base/input_error.hpp"
#include "engine/run/host.hpp"
#include "storage/atomic_file.hpp"
#include "storage/checkpoint.hpp"
#include "storage/checksum.hpp"

namespace seki {

namespace fs = std::filesystem;

namespace {
constexpr const char* kManifest = "manifest.json";
constexpr const char* kSummary = "summary.json";
}  // namespace

bool RunDirectory::HasRun() const {
  return Checkpoint(dir_, "run").Exists() || fs::exists(dir_ / kManifest);
}

bool RunDirectory::IsComplete() const {
  std::ifstream in(dir_ / kManifest);
  if (!in) return false;
  const nlohmann::json m = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  return m.is_object() && m.value("complete", false);
}

void RunDirectory::Clear() const {
  Checkpoint(dir_, "run").Remove();
  for (const char* name : {kManifest, kSummary}) fs::remove(dir_ / name);
  fs::remove_all(dir_ / "levels");
  for (const char* name : {"seki", "dseki"}) fs::remove_all(dir_ / name);
  fs::remove(dir_ / "outcomes.txt");
  fs::remove(dir_ / "outcomes.txt.partial");
}

std::optional<RunCheckpoint> RunDirectory::ReadCheckpoint(std::string* why) const {
  std::optional<nlohmann::json> read;
  try {
    read = Checkpoint(dir_, "run").Read();
  } catch (const InputError& e) {
    if (why) *why = e.what();
    return std::nullopt;
  }
  if (!read) {
    if (why) *why = "no checkpoint.json";
    return std::nullopt;
  }
  const nlohmann::json& j = *read;
  RunCheckpoint c;
  try {
    c.parameters = j.at("parameters");
    c.levels = j.at("levels");
    if (!c.levels.is_array()) throw std::invalid_argument("its levels are not a list");
    for (const nlohmann::json& level : c.levels)  // each a report with its level's sum
      (void)level.at("sum").get<int>();
    c.elapsed_seconds = j.at("elapsed_seconds").get<double>();
    c.start = j.at("start").get<std::string>();
    c.resumable = KeptLevelsFromJson(j.at("resumable"));
    for (const KeptLevel& r : c.resumable)  // each point's catalogue sizes are readable
      (void)r.state.at("partial_sizes").get<PartialSizes>();
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {  // JSON of other types or shapes
    if (why) *why = std::string("checkpoint.json is damaged: ") + e.what();
    return std::nullopt;
  }
  return c;
}

void RunDirectory::WriteCheckpoint(const RunCheckpoint& c) const {
  Checkpoint(dir_, "run")
      .Write({{"parameters", c.parameters},
              {"levels", c.levels},
              {"resumable", KeptLevelsJson(c.resumable)},
              {"elapsed_seconds", c.elapsed_seconds},
              {"start", c.start}});
}

LevelStore RunDirectory::Levels(const LevelFileParams& params, const Ranks& group) const {
  return LevelStore(dir_, {"level", "level-file", "checkpoint"}, params, group);
}

void RunDirectory::Finish(const nlohmann::json& manifest_without_files,
                          const std::map<std::string, fs::path>& files,
                          const nlohmann::json& summary) const {
  nlohmann::json manifest = manifest_without_files;
  for (const auto& [name, path] : files)
    manifest["files"][name] = {{"bytes", fs::file_size(path)},
                               {"xxh3_64", ChecksumHex(FileChecksum(path))}};
  manifest["complete"] = true;
  WriteFileAtomically(dir_ / kSummary, summary.dump(2) + "\n");
  WriteFileAtomically(dir_ / kManifest, manifest.dump(2) + "\n");
  Checkpoint(dir_, "run").Remove();
  fs::remove_all(dir_ / "levels");
  SyncDirectory(dir_);
}

namespace {

// The newest level of checkpoint `c` whose files all verify on every rank, with `start` cut back
// to it; nothing (after notices) when none does.
void ResumeFrom(const RunDirectory& dir, const RunCheckpoint& c, const DirectoryRequest& request,
                const Ranks& group, const std::function<void(const std::string&)>& notice,
                RunStartPoint& start) {
  std::vector<KeptLevel> kept = c.resumable;
  std::optional<LevelStore::Resumed> r =
      dir.Levels(request.file_params, group).Resume(kept, /*by_groups=*/false, notice);
  if (!r) {
    notice("no usable level file; starting over");
    return;
  }
  start.level = std::move(r->level);
  start.partial_sizes = r->point.state.at("partial_sizes").get<PartialSizes>();
  start.checkpoint = c;
  nlohmann::json levels = nlohmann::json::array();  // per-level reports up to the resumed level
  for (const nlohmann::json& l : c.levels)
    if (l.at("sum").get<int>() <= r->point.sum) levels.push_back(l);
  start.checkpoint.levels = levels;
  start.checkpoint.resumable = std::move(kept);
}

}  // namespace

RunStartPoint PrepareRunDirectory(const RunDirectory& dir, const DirectoryRequest& request,
                                  const Ranks& group,
                                  const std::function<void(const std::string&)>& notice) {
  std::error_code ec;
  fs::create_directories(dir.path() / "levels", ec);
  if (ec) throw InputError(dir.path().string(), "cannot create the run directory: " + ec.message());
  RunStartPoint start;
  start.checkpoint = {request.parameters, nlohmann::json::array(), {}, 0, NowIso8601()};
  const bool complete = dir.IsComplete(), has_run = dir.HasRun();
  group.Barrier();
  if (request.resume && complete) {
    start.already_complete = true;
    return start;
  }
  if (!request.resume && has_run) {
    if (!request.force)
      throw InputError(dir.path().string(),
                       "already holds a run; use --resume to continue it or --force to start over");
    if (group.root()) {
      dir.Clear();
      fs::create_directories(dir.path() / "levels");
    }
    group.Barrier();
  }
  if (!request.resume) return start;
  std::string why;
  const std::optional<RunCheckpoint> c = dir.ReadCheckpoint(&why);
  if (!c) {
    notice("nothing to resume in " + dir.path().string() + " (" + why + "); starting");
    return start;
  }
  if (c->parameters != request.parameters)
    throw InputError("--resume", dir.path().string() +
                                     " was started with other parameters: " + c->parameters.dump() +
                                     " (now " + request.parameters.dump() + ")");
  ResumeFrom(dir, *c, request, group, notice, start);
  return start;
}

}  // namespace seki
