// CheckCheckpoint: what a long `seki check --checkpoint DIR` saves so that `--resume` goes on
// from the last saved level and ends with the report an uninterrupted check gives (timings
// apart), in the one checkpoint convention (storage/checkpoint.hpp, kind "check"). After a level
// that --checkpoint-every (storage/checkpoint_policy.hpp; default every level), the last level of
// a shape or a stop calls for, the level is kept in the shape's level store
// (engine/run/level_store.hpp: DIR/levels/RxC-level-NNNN.bin, one file a rank on ranks, the last
// two levels kept) with the shape's ShapeTally at it (counts, census, findings so far), and
// DIR/checkpoint.json is replaced atomically: the check's parameters and, per shape, its kept
// levels — once the shape is done, its tally alone. A check killed at any moment loses at most the
// levels after its last checkpoint, and resumes from the newest kept level that verifies. The file
// stays when the check ends, so resuming a finished check gives its report again. A resumed check
// may have another number of ranks (each loads its shards from the files that hold them).
// Checkpoints written before the level store (one level a shape: "level_files" or "level_file",
// and "tally") are read as one kept level.
// Concurrency: one thread of each rank uses a checkpoint directory at a time; Take and Save are
// collective over the group.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/check/shape_tally.hpp"
#include "engine/level/enumeration_space.hpp"
#include "engine/level/held_level.hpp"
#include "engine/run/level_ranks.hpp"
#include "engine/run/level_store.hpp"
#include "storage/checkpoint.hpp"
#include "storage/level.hpp"

namespace seki {

class CheckCheckpoint {
 public:
  // `parameters` name the conjecture ("conjecture": "6.2", ...). Without `resume`: creates DIR,
  // refusing one that already holds a checkpoint. With it: reads the checkpoint, refusing one
  // that is damaged, of another kind or made with other parameters; when there is none the check
  // starts over, with a notice. Throws InputError.
  CheckCheckpoint(std::filesystem::path dir, nlohmann::json parameters, bool resume,
                  const std::function<void(const std::string&)>& notice,
                  const Ranks& group = kOneProcess);

  // What shape k resumes from: its tally, and the level it was saved after unless the shape is
  // done (tally.last_sum == space.max_sum). Nothing: start the shape over (never saved, or its
  // level file does not verify: then a notice).
  struct Resumed {
    ShapeTally tally;
    std::optional<HeldLevel> level;  // absent when the shape is done
  };
  // `by_groups`: the shape's levels are built in parts (one process), so its level is read back
  // by groups, compact.
  std::optional<Resumed> Take(std::size_t k, const EnumerationSpace& space,
                              const std::function<void(const std::string&)>& notice,
                              bool by_groups = false);

  // After a level of shape k: kept in the shape's level store (engine/run/level_store.hpp), or,
  // the shape's last level, its tally alone (LevelStore::Finish: its level files removed).
  // A level built in parts is written as one compact file, in key order.
  void Save(std::size_t k, const EnumerationSpace& space, const HeldLevel& level,
            const ShapeTally& tally);

 private:
  void Write() const;
  LevelStore Levels(const EnumerationSpace& space) const;  // shape RxC's: stem "RxC-level"

  static const Ranks kOneProcess;

  const Ranks& group_;
  Checkpoint checkpoint_;  // kind "check"
  nlohmann::json parameters_;
  Conjecture conjecture_;
  // Shape k's kept levels ("k" -> its "resumable": each level's state {"tally"}).
  std::map<std::string, std::vector<KeptLevel>> shapes_;
};

}  // namespace seki
