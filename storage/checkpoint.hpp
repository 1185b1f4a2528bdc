// Checkpoint: the one checkpoint convention of every command that can be cut off and resumed — a
// run (`seki enumerate --out DIR`, whose run directory is its checkpoint directory), a region check
// and a down-set solve (`--checkpoint DIR`), a family sweep (`--checkpoint DIR`). A checkpoint is
// a directory holding checkpoint.json — under P > 1 ranks, each rank's own
// checkpoint.rank-RRRR-of-PPPP.json where a rank keeps state of its own (storage/rank_file.hpp) —
// a JSON object {"format": "seki-checkpoint/1", "kind": run|check|downset|sweep, "parameters":
// {...}, ...} written atomically (storage/atomic_file.hpp) after the data files it names beside it
// (level files, value tables; each with its checksum). The same meaning everywhere: without
// `--resume` a directory that already holds a checkpoint is refused; with `--resume` a checkpoint
// of another kind or other parameters is refused with one line, none at all starts afresh with a
// notice; when the work completes, its checkpoint is removed (a run's becomes its manifest; a
// check's and a sweep's stay so that their reports can be given again). When to write one:
// CheckpointPolicy (storage/checkpoint_policy.hpp). Concurrency: one thread of one rank uses a
// Checkpoint at a time; distinct ranks use distinct files.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/base/input_error.hpp"

namespace seki {

// True for a file name that a checkpoint or a run's manifest may name: relative, inside the
// directory that holds it (no "..", ".", empty or root part, no NUL). A name that is not is
// refused before any file is read or removed by it.
bool IsSafeRelativePath(const std::string& name);

class Checkpoint {
 public:
  // The checkpoint of `kind` in `dir`; `rank` of `ranks` for a rank's own file.
  Checkpoint(std::filesystem::path dir, std::string kind, int rank = 0, int ranks = 1);

  const std::filesystem::path& dir() const { return dir_; }
  const std::string& kind() const { return kind_; }
  std::filesystem::path file() const;  // dir/checkpoint.json or its rank form
  // A data file of this checkpoint in its directory: `name` with this rank's suffix.
  std::filesystem::path DataFile(const std::string& name) const;
  bool Exists() const;

  // Makes the directory ready: created when missing (an InputError naming `option` when it is a
  // file or cannot be made); without `resume`, an InputError when it already holds a checkpoint.
  void Prepare(bool resume, const std::string& option = "--checkpoint") const;
  // What Prepare throws for a directory that holds a checkpoint, without --resume.
  InputError HeldError(const std::string& option) const;

  // The checkpoint's JSON object; nothing when there is no file. An InputError "<file>: ..." when
  // it is not a checkpoint, of an older format, of another kind, or damaged.
  std::optional<nlohmann::json> Read() const;
  // Read, and an InputError "--resume: <dir> holds a <kind> with other parameters: ..." when its
  // "parameters" differ from `parameters`.
  std::optional<nlohmann::json> ReadMatching(const nlohmann::json& parameters) const;
  // Writes `state` with "format" and "kind" set, atomically. Throws std::runtime_error naming the
  // file.
  void Write(nlohmann::json state) const;
  void Remove() const;  // the checkpoint file (its data files are the caller's)

 private:
  std::filesystem::path dir_;
  std::string kind_;
  int rank_, ranks_;
};

}  // namespace seki
