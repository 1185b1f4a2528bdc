// LevelStore: the finished levels a job keeps beside its checkpoint (storage/checkpoint.hpp) so
// that, killed at any moment, it resumes from the newest one whose files verify — the one level
// store of a run (engine/run/run.cpp) and a region check (engine/check/check_checkpoint.hpp).
//  * Naming: levels/<stem>-NNNN.bin (storage/level_file.hpp, with its checksum); under P > 1 ranks
//    one file a rank, levels/<stem>-NNNN.rank-RRRR-of-PPPP.bin (storage/rank_file.hpp), holding
//    the rank's shards. The stem is "level" for a run and "RxC-level" for a shape of a check. A
//    run's level built in parts stays in its part files (engine/run/part_files.hpp), which then
//    name it.
//  * Keeping: at most kKept levels, oldest first, each with the job's state at it (a run's
//    catalogue sizes, a check's tally), so a damaged newest level falls back to the one before.
//  * Save, then name: Save drops the oldest kept level when kKept are kept (the checkpoint
//    rewritten without it, then its files removed), writes each rank's file of the new level, and
//    once every rank has, the checkpoint naming it. At most kKept levels are on disk and the
//    checkpoint never names a file that is not completely written.
//  * Finish: the job's part is done (a check's shape): one kept point without files; the store's
//    files are removed once the checkpoint no longer names them.
//  * Resume: the newest kept level whose files all verify on every rank (each one passed over is
//    named in a notice), whatever number of ranks wrote them; the kept list is cut back to it.
// Concurrency: Save, Finish and Resume are collective over the store's Ranks (every rank calls them
// in the same order); the checkpoint is written by rank 0 only. One thread of each rank at a time.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/ranks.hpp"
#include "engine/level/held_level.hpp"
#include "storage/level_file.hpp"

namespace seki {

// A level kept in the store, as its checkpoint names it.
struct KeptLevel {
  int sum = 0;
  // Relative to the directory: file q of Q holds the shards ShardBlock(q, Q), or the level's part
  // files (PartFiles::Names). None: the job's part is done (Finish).
  std::vector<std::string> files;
  // The job's state at this level (a JSON object of the job's own fields).
  nlohmann::json state = nlohmann::json::object();
};

// The checkpoint's list of kept levels: each {"sum", "level_files", <state's fields>}. Reading
// also accepts a point of the checkpoints written before "level_files" ("level_file": one file).
// Throws nlohmann::json::exception when damaged, InputError for a file name that leaves the
// directory (storage/checkpoint.hpp: IsSafeRelativePath).
nlohmann::json KeptLevelsJson(const std::vector<KeptLevel>& kept);
std::vector<KeptLevel> KeptLevelsFromJson(const nlohmann::json& list);

// The names of the store's files and its kill points (storage/kill_point.hpp).
struct LevelStoreNames {
  std::string stem;              // "level", "3x3-level"
  std::string file_point;        // reached once this rank's file of a level is written
  std::string checkpoint_point;  // reached once the checkpoint naming the level is written
};

class LevelStore {
 public:
  static constexpr std::size_t kKept = 2;

  LevelStore(std::filesystem::path dir, LevelStoreNames names, LevelFileParams params,
             const Ranks& group)
      : dir_(std::move(dir)), names_(std::move(names)), params_(params), group_(group) {}

  // "levels/level-0012.bin", or on ranks "levels/level-0012.rank-0001-of-0004.bin": every rank's.
  std::vector<std::string> FileNames(int sum) const;

  // Keeps `level` with `state` in `kept` (see the header's comment); `write_checkpoint` writes the
  // checkpoint that names `kept` (called on rank 0 only). `written`: the files that hold the level
  // already (a run's part files); empty: each rank writes its file of the level (whole, or by
  // groups as one compact file).
  void Save(std::vector<KeptLevel>& kept, const HeldLevel& level, nlohmann::json state,
            std::vector<std::string> written, const std::function<void()>& write_checkpoint) const;
  // Replaces `kept` by one point at `sum` without files, writes the checkpoint, then removes the
  // files of the points it replaced and any other file levels/<stem>-* left in the directory.
  void Finish(std::vector<KeptLevel>& kept, int sum, nlohmann::json state,
              const std::function<void()>& write_checkpoint) const;

  struct Resumed {
    KeptLevel point;
    std::optional<HeldLevel> level;  // this rank's share; absent for a point without files
  };
  // The newest point of `kept` whose level loads on every rank (whole, or by groups when
  // `by_groups` or kept in part files), `kept` cut back to it; nothing (`kept` emptied) when none
  // does. Each point passed over is named in a `notice`.
  std::optional<Resumed> Resume(std::vector<KeptLevel>& kept, bool by_groups,
                                const std::function<void(const std::string&)>& notice) const;

 private:
  void RemoveFiles(const KeptLevel& point) const;

  std::filesystem::path dir_;
  LevelStoreNames names_;
  LevelFileParams params_;
  const Ranks& group_;
};

}  // namespace seki
