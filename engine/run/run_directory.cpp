// The checkpoint, manifest and summary files of a run directory.
#include "engine/run/run_directory.hpp"

#include <cstdio>
#include <fstream>

#include "engine/base/input_error.hpp"
#include "engine/run/host.hpp"
#include "engine/run/level_group_io.hpp"
#include "storage/atomic_file.hpp"
#include "storage/checkpoint.hpp"
#include "storage/checksum.hpp"
#include "storage/rank_file.hpp"

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
    c.elapsed_seconds = j.at("elapsed_seconds").get<double>();
    c.start = j.at("start").get<std::string>();
    for (const auto& r : j.at("resumable"))  // checkpoints before "level_files" name one file
      c.resumable.push_back({r.at("sum").get<int>(),
                             r.contains("level_files")
                                 ? r.at("level_files").get<std::vector<std::string>>()
                                 : std::vector<std::string>{r.at("level_file").get<std::string>()},
                             r.at("partial_sizes").get<PartialSizes>()});
  } catch (const nlohmann::json::exception& e) {
    if (why) *why = std::string("checkpoint.json is damaged: ") + e.what();
    return std::nullopt;
  }
  return c;
}

void RunDirectory::WriteCheckpoint(const RunCheckpoint& c) const {
  nlohmann::json resumable = nlohmann::json::array();
  for (const ResumePoint& r : c.resumable)
    resumable.push_back(
        {{"sum", r.sum}, {"level_files", r.level_files}, {"partial_sizes", r.partial_sizes}});
  Checkpoint(dir_, "run")
      .Write({{"parameters", c.parameters},
              {"levels", c.levels},
              {"resumable", resumable},
              {"elapsed_seconds", c.elapsed_seconds},
              {"start", c.start}});
}

std::string RunDirectory::LevelFileName(int sum, int rank, int ranks) const {
  char name[64];
  std::snprintf(name, sizeof name, "levels/level-%04d.bin", sum);
  return RankFile(name, rank, ranks).string();
}

void RunDirectory::RemoveLevelFiles(const ResumePoint& point) const {
  for (const std::string& file : point.level_files) fs::remove(dir_ / file);
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

// The newest finished level of checkpoint `c` whose files all verify on every rank, with `start`
// cut back to it; nothing (after notices) when none does.
void ResumeFrom(const RunDirectory& dir, const RunCheckpoint& c, const DirectoryRequest& request,
                const Ranks& group, const std::function<void(const std::string&)>& notice,
                RunStartPoint& start) {
  for (auto r = c.resumable.rbegin(); r != c.resumable.rend(); ++r) {
    std::string reason;
    start.level = LoadSavedLevel(dir.path(), r->level_files, OwnedShards(group),
                                 request.file_params, &reason);
    if (!group.AllTrue(start.level.has_value())) {
      start.level.reset();
      const std::string files = r->level_files.size() == 1
                                    ? r->level_files[0]
                                    : "the files of level " + std::to_string(r->sum);
      notice("not using " + files + ": " +
             (reason.empty() ? "a file of another rank does not verify" : reason));
      continue;
    }
    start.partial_sizes = r->partial_sizes;
    start.checkpoint = c;
    nlohmann::json kept = nlohmann::json::array();  // per-level reports up to the resumed level
    for (const nlohmann::json& l : c.levels)
      if (l["sum"].get<int>() <= r->sum) kept.push_back(l);
    start.checkpoint.levels = kept;
    start.checkpoint.resumable.assign(c.resumable.begin(), r.base());
    return;
  }
  notice("no usable level file; starting over");
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
