// CheckCheckpoint: what a long `seki check --checkpoint DIR` saves so that `--resume` goes on
// from the last finished level and ends with the report an uninterrupted check gives (timings
// apart). After each level of each shape: the level as DIR/levels/RxC-level-NNNN.bin (the
// storage layer's level file, with its checksum; the shape's previous one is then removed) and
// DIR/check-checkpoint.json, replaced atomically: the check's parameters and, per shape, its
// ShapeTally (counts, census, findings so far) and level file — none once the shape is done.
// A check killed at any moment loses at most the level in progress. The file stays when the
// check ends, so resuming a finished check gives its report again.
// Concurrency: one thread uses a checkpoint directory at a time.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/research/conjecture_check.hpp"

namespace seki {

nlohmann::json ShapeTallyJson(const ShapeTally& t);
// The inverse of ShapeTallyJson; throws std::runtime_error for a document it did not write.
ShapeTally ShapeTallyFromJson(const nlohmann::json& j);

class CheckCheckpoint {
 public:
  // Without `resume`: creates DIR, refusing one that already holds a check checkpoint. With it:
  // reads the checkpoint, refusing one made with other parameters; when there is none (or it is
  // unreadable) the check starts over, with a notice. Throws InputError.
  CheckCheckpoint(std::filesystem::path dir, nlohmann::json parameters, bool resume,
                  const std::function<void(const std::string&)>& notice);

  // What shape k resumes from: its tally, and the level it was saved after unless the shape is
  // done (tally.last_sum == space.max_sum). Nothing: start the shape over (never saved, or its
  // level file does not verify: then a notice).
  struct Resumed {
    ShapeTally tally;
    std::optional<Level> level;  // absent when the shape is done
  };
  std::optional<Resumed> Take(std::size_t k, const EnumerationSpace& space,
                              const std::function<void(const std::string&)>& notice) const;

  // After a level of shape k: its level file (not for the shape's last level), then the
  // checkpoint, then the shape's previous level file is removed.
  void Save(std::size_t k, const EnumerationSpace& space, const Level& level,
            const ShapeTally& tally);

 private:
  void Write() const;

  std::filesystem::path dir_;
  nlohmann::json parameters_;
  nlohmann::json shapes_ = nlohmann::json::object();  // "k" -> {"tally", "level_file"}
};

}  // namespace seki
