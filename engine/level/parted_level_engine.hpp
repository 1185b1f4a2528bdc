// PartedLevelEngine: the CPU level engine for levels too large for memory. Level s is built in
// P(s) parts (LevelBuilder::NextPart, engine/level/level_parts.hpp) from the level below kept by
// groups; each part, once built, is handed to a PartStore (in memory, or the part files of a run
// directory: engine/run/part_files.hpp) and freed. When every part is kept, the level below is
// freed and the new level is put together from the store, by groups (the parts loaded in
// parallel). A part is saved on a second thread while the next part is built. A part the store
// holds already (a run resumed inside a level) is not built again. When the store keeps the level
// below too and can read its groups again (PartStore::Reloads: a run's part files, one process),
// the level below is freed once the plan is made, and each part reads only the groups of the
// level below whose children reach it (a group that reaches the next part too stays).
// Memory: the level below (compact; or only the groups that reach the part) and one part being
// built, then the new level (compact; or, on disk, one part of it at a time):
// LevelBuilder::PartedPeakBytes.
// Under ranks (PartSharing) every rank keeps its own classes of every level, by groups, and its own
// share of each part; the plan is made from the weights summed over the ranks, so it is the same.
// Concurrency: one thread drives the engine (as every LevelEngine); a store is called on it.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/level/level_engine.hpp"
#include "engine/level/level_parts.hpp"

namespace seki {

class PartStore {
 public:
  virtual ~PartStore() = default;
  // Whether part `part` of `parts` of level `sum` is kept already, whole and verified.
  virtual bool Has(int sum, int part, int parts) = 0;
  // Keeps a part just built, by groups (GroupsOf).
  virtual void Save(int sum, int part, int parts, std::vector<CompactPart> groups) = 0;
  // A part kept, by groups (GroupsOf). Throws std::runtime_error when it is missing or damaged.
  // Load may run for different parts of a level at once (on oneTBB's threads); Save runs on one
  // thread at a time, possibly beside the build of the next part.
  virtual std::vector<CompactPart> Load(int sum, int part, int parts) = 0;
  // Whether the groups of level `sum`, kept in `parts` parts and loaded already, can be read again
  // a few at a time (LoadGroups).
  virtual bool Reloads(int /*sum*/, int /*parts*/) { return false; }
  // The groups `wanted` of level `sum` kept in `parts` parts, each whole, in the order of `wanted`.
  // Throws std::runtime_error when one is missing or damaged.
  virtual std::vector<CompactPart> LoadGroups(int sum, int parts,
                                              const std::vector<std::uint64_t>& wanted);
  // Every group of level `sum` kept in `parts` parts and its classes, in increasing group order,
  // from the store's index alone (where Reloads).
  virtual std::vector<GroupCount> GroupCounts(int sum, int parts);
};

// A store in memory (tests, benchmarks, walks with no directory): a part is moved out by Load.
class MemoryPartStore : public PartStore {
 public:
  MemoryPartStore() = default;
  bool Has(int sum, int part, int parts) override;
  void Save(int sum, int part, int parts, std::vector<CompactPart> groups) override;
  std::vector<CompactPart> Load(int sum, int part, int parts) override;

 private:
  std::map<std::tuple<int, int, int>, std::vector<CompactPart>> kept_;
  std::mutex mutex_;
};

// How processes that each hold a share of every level (ranks: engine/run/level_engines.cpp) build
// a level in parts together; one process leaves it empty.
struct PartSharing {
  // Levels built whole (before the first level in parts), First included.
  std::unique_ptr<LevelEngine> whole;
  CombineWeights combine;  // the plan's weights summed over the processes
  // This process's share of part p of the new level, built with the others (collective).
  std::function<Level(const LevelBuilder&, const CompactLevel&, const PartPlan&, int)> build_part;
  std::function<bool(bool)> all;                      // true on every process when true on all
  std::function<std::uint64_t(std::uint64_t)> total;  // a count summed over the processes
};

class PartedLevelEngine : public LevelEngine {
 public:
  // parts_of(s): the parts of level s (0 or 1 builds it whole while the level below is whole;
  // once a level is built in parts, every later one is, in at least one part). `on_disk`: a level
  // built in parts whose store Reloads it is returned on disk only (HeldLevel::on_disk: its
  // take reads it part by part), not loaded.
  PartedLevelEngine(const EnumerationSpace& space, BuildHooks hooks,
                    std::function<int(int)> parts_of, PartStore& store, PartSharing sharing = {},
                    bool on_disk = false)
      : space_(space),
        hooks_(hooks),
        builder_(space, true, hooks),
        parts_of_(parts_of),
        store_(store),
        sharing_(std::move(sharing)),
        on_disk_(on_disk) {}

  Level First() override { return sharing_.whole ? sharing_.whole->First() : builder_.First(); }
  Level Next(const Level& previous) override {
    return sharing_.whole ? sharing_.whole->Next(previous) : builder_.Next(previous);
  }
  HeldLevel NextHeld(HeldLevel& below) override;
  bool FreesBelow() const override { return true; }

 private:
  // Makes `window` (every group of level `sum`, kept in `parts` parts) hold the groups that reach
  // part p of `plan` and no other: drops the others, reads the missing ones from the store.
  void LoadWindow(CompactLevel& window, const PartPlan& plan, int p, int parts);

  EnumerationSpace space_;
  BuildHooks hooks_;
  LevelBuilder builder_;
  std::function<int(int)> parts_of_;
  PartStore& store_;
  PartSharing sharing_;
  bool on_disk_;
};

}  // namespace seki
