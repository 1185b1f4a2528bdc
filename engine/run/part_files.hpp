// PartFiles: the parts of a level built in parts (engine/level/parted_level_engine.hpp) kept in a
// run directory: part p of P of level s in levels/level-SSSS.part-PP-of-QQ.bin (a version-2 level
// file by groups, storage/level_file.hpp: the part's groups, each in key order and checked by its
// own XXH3 and the file's), written atomically as soon as the part is built. A level kept so is
// read again a few groups at a time while the next level is built (Reloads, LoadGroups: one
// process; each file's group table read once a level). A part file found damaged once its level
// is built (loaded, or read again) is named in an InputError (exit status 2); resumed, the run
// verifies its files and falls back as for any damaged level file. A run killed inside a level and
// resumed with the same parts finds the parts it built (each verified completely before it is used)
// and builds only the rest; with other parts it builds the level again. The files of a finished
// level are its level files in the checkpoint (engine/run/run_directory.hpp), and are read back by
// ReadPartFiles. Under ranks each rank keeps its own share of every part, in the rank's file of the
// part (storage/rank_file.hpp: levels/level-SSSS.part-PP-of-QQ.rank-RRRR-of-NNNN.bin). Concurrency:
// used by the thread that drives the level engine.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/level/parted_level_engine.hpp"
#include "engine/run/level_ranks.hpp"
#include "storage/level_file.hpp"

namespace seki {

class PartFiles : public PartStore {
 public:
  // `notice` hears of a part file passed over (damaged, torn); may be empty. `keep` false removes
  // a part file once it is loaded (a check, whose checkpoints write levels whole). `rank` of
  // `ranks`: the share of the parts this process keeps.
  PartFiles(std::filesystem::path dir, const EnumerationSpace& space, LevelFileParams params,
            std::function<void(const std::string&)> notice = {}, bool keep = true, int rank = 0,
            int ranks = 1)
      : dir_(std::move(dir)),
        space_(space),
        params_(params),
        notice_(std::move(notice)),
        keep_(keep),
        rank_(rank),
        ranks_(ranks) {}

  // "levels/level-0012.part-03-of-16.bin" (rank 1 of 2: "….part-03-of-16.rank-0001-of-0002.bin"):
  // relative to the directory.
  static std::string Name(int sum, int part, int parts, int rank = 0, int ranks = 1);
  static bool IsPartName(const std::string& name);
  // Every file of a level: part by part, each part's ranks in rank order.
  static std::vector<std::string> Names(int sum, int parts, int ranks = 1);

  bool Has(int sum, int part, int parts) override;
  void Save(int sum, int part, int parts, std::vector<CompactPart> groups) override;
  std::vector<CompactPart> Load(int sum, int part, int parts) override;
  bool Reloads(int sum, int parts) override;
  std::vector<CompactPart> LoadGroups(int sum, int parts,
                                      const std::vector<std::uint64_t>& wanted) override;
  std::vector<GroupCount> GroupCounts(int sum, int parts) override;

 private:
  // Which part file of level `sum` in `parts` parts holds each group: read from the files' group
  // tables once a level; false, with the reason, when a file is missing, not by groups or damaged.
  bool IndexGroups(int sum, int parts, std::string* why);
  int indexed_sum_ = -1, indexed_parts_ = 0;
  std::map<std::uint64_t, int> part_of_group_;
  std::vector<GroupCount> group_counts_;  // in increasing group order

  std::optional<LevelFilePart> Read(int sum, int part, int parts, std::string* why) const;

  std::filesystem::path dir_;
  EnumerationSpace space_;
  LevelFileParams params_;
  std::function<void(const std::string&)> notice_;
  bool keep_;
  int rank_, ranks_;
};

// The classes in `owned` of the level kept in part files `names` (relative to `dir`: Names, written
// by any number of ranks), by groups; reads only the files that hold some of them, each verified
// completely. Nothing, with the one-line reason in *why, when one does not verify. With `counts`,
// each group's classes go to *counts instead (in file order) and the level returned holds none:
// one file is held at a time.
std::optional<CompactLevel> ReadPartFiles(const std::filesystem::path& dir,
                                          const EnumerationSpace& space,
                                          const std::vector<std::string>& names,
                                          const LevelFileParams& params, ShardRange owned,
                                          std::string* why,
                                          std::vector<GroupCount>* counts = nullptr);
// One process's part files of a level (Names of one rank), when every one is by groups: each
// verified completely, one at a time, and the level left on disk (HeldLevel::on_disk), a part
// read from its file when asked (an InputError naming it when it no longer verifies). Nothing,
// with the reason in *why, when one does not verify; nothing and *why empty when one is not by
// groups (ReadPartFiles reads it into memory).
std::optional<HeldLevel> ReadPartFilesOnDisk(const std::filesystem::path& dir,
                                             const EnumerationSpace& space,
                                             const std::vector<std::string>& names,
                                             const LevelFileParams& params, std::string* why);

}  // namespace seki
