// PartFiles: the parts of a level built in parts (engine/level/parted_level_engine.hpp) kept in a
// run directory: part p of P of level s in levels/level-SSSS.part-PP-of-QQ.bin (a version-2 level
// file, storage/level_file.hpp: the part's classes in key order, checked by XXH3), written
// atomically as soon as the part is built. A run killed inside a level and resumed with the same
// parts finds the parts it built (each verified completely before it is used) and builds only the
// rest; with other parts it builds the level again. The files of a finished level are its level
// files in the checkpoint (engine/run/run_directory.hpp), and are read back by ReadPartFiles.
// Concurrency: used by the thread that drives the level engine.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/level/parted_level_engine.hpp"
#include "storage/level_file.hpp"

namespace seki {

class PartFiles : public PartStore {
 public:
  // `notice` hears of a part file passed over (damaged, torn); may be empty. `keep` false removes
  // a part file once it is loaded (a check, whose checkpoints write levels whole).
  PartFiles(std::filesystem::path dir, const EnumerationSpace& space, LevelFileParams params,
            std::function<void(const std::string&)> notice = {}, bool keep = true)
      : dir_(std::move(dir)),
        space_(space),
        params_(params),
        notice_(std::move(notice)),
        keep_(keep) {}

  // "levels/level-0012.part-03-of-16.bin": relative to the directory.
  static std::string Name(int sum, int part, int parts);
  static bool IsPartName(const std::string& name);
  static std::vector<std::string> Names(int sum, int parts);

  bool Has(int sum, int part, int parts) override;
  void Save(int sum, int part, int parts, const CompactPart& classes) override;
  std::vector<CompactPart> Load(int sum, int part, int parts) override;

 private:
  std::optional<LevelFilePart> Read(int sum, int part, int parts, std::string* why) const;

  std::filesystem::path dir_;
  EnumerationSpace space_;
  LevelFileParams params_;
  std::function<void(const std::string&)> notice_;
  bool keep_;
};

// The level kept in part files `names` (relative to `dir`; file k holds part k of names.size()),
// by groups; nothing, with the one-line reason in *why, when one does not verify.
std::optional<CompactLevel> ReadPartFiles(const std::filesystem::path& dir,
                                          const EnumerationSpace& space,
                                          const std::vector<std::string>& names,
                                          const LevelFileParams& params, std::string* why);

}  // namespace seki
