// RunDirectory: the files of an enumeration run besides the catalogues — checkpoint.json (what a
// resumed run needs), the levels of its level store (engine/run/level_store.hpp: stem "level",
// levels/level-NNNN.bin, the last two levels saved, one file a rank on ranks), manifest.json
// (provenance, written last) and summary.json. Every JSON file is written atomically.
// PrepareRunDirectory makes a directory ready for a run: created, cleared (force) or resumed.
// Concurrency: one thread uses a run directory at a time (the Run that owns it); under ranks
// PrepareRunDirectory is collective.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/level/catalogue.hpp"
#include "engine/level/held_level.hpp"
#include "engine/run/level_ranks.hpp"
#include "engine/run/level_store.hpp"
#include "storage/level_file.hpp"

namespace seki {

// What a run keeps in its checkpoint (storage/checkpoint.hpp, kind "run"; the run directory is
// its checkpoint directory).
struct RunCheckpoint {
  nlohmann::json parameters;                        // must equal the resuming run's parameters
  nlohmann::json levels = nlohmann::json::array();  // per-level reports so far
  // The levels a resumed run can start from (LevelStore), each with its state
  // {"partial_sizes": the catalogues' sizes at that level}.
  std::vector<KeptLevel> resumable;
  double elapsed_seconds = 0;  // summed over earlier sessions
  std::string start;           // ISO 8601 time the run first started
};

class RunDirectory {
 public:
  explicit RunDirectory(std::filesystem::path dir) : dir_(std::move(dir)) {}

  const std::filesystem::path& path() const { return dir_; }
  bool HasRun() const;      // a checkpoint or a manifest is present
  bool IsComplete() const;  // manifest.json says "complete": true
  void Clear() const;       // removes every file a run writes (for --force)

  std::optional<RunCheckpoint> ReadCheckpoint(std::string* why) const;
  void WriteCheckpoint(const RunCheckpoint& c) const;
  // The run's level store on the ranks of `group`.
  LevelStore Levels(const LevelFileParams& params, const Ranks& group) const;

  // Writes manifest.json (with checksums of the final files) and summary.json, then removes the
  // checkpoint and the level files.
  void Finish(const nlohmann::json& manifest_without_files,
              const std::map<std::string, std::filesystem::path>& files,
              const nlohmann::json& summary) const;

 private:
  std::filesystem::path dir_;
};

// What a run asks of its directory.
struct DirectoryRequest {
  nlohmann::json parameters;  // the run's parameters: a resumed checkpoint must have the same
  LevelFileParams file_params;
  bool resume = false, force = false;
};

// What the run starts from once its directory is ready.
struct RunStartPoint {
  bool already_complete = false;   // resume of a complete run: nothing to do
  RunCheckpoint checkpoint;        // a new one, or the resumed one cut back to the resumed level
  std::optional<HeldLevel> level;  // the resumed level (the shards this rank owns, or by groups)
  std::optional<PartialSizes> partial_sizes;  // the catalogues' sizes at that level
};

// Creates the directory; refuses one that holds another run (unless resume or force), clears it
// (force) or loads the newest finished level whose files all verify on every rank (a torn or
// corrupt file is passed over with a notice), whatever number of ranks wrote them. Every rank
// looks at the directory before rank 0 changes anything in it. Throws InputError.
RunStartPoint PrepareRunDirectory(const RunDirectory& dir, const DirectoryRequest& request,
                                  const Ranks& group,
                                  const std::function<void(const std::string&)>& notice);

}  // namespace seki
