// ScanShape: the exhaustive search of one shape for counterexamples to a conjecture
// (engine/check/conjecture.hpp): the shape's levels are built by the level engine of a walk
// (engine/run/level_engines.hpp) and driven by the one level loop (engine/run/level_driver.hpp);
// each level is scanned in parallel into a ShapeTally (engine/check/shape_tally.hpp), gathered
// over ranks, reported and, with a checkpoint, saved; FinishShape turns the tally into the shape's
// ShapeReport (Burnside's count checked, findings re-solved and described).
// Names: the region check of `seki check` is CheckRequest / CheckPlan / CheckReport /
// CheckCheckpoint (engine/check/region_check.hpp); one shape of it is ScanShape /
// ShapeScanOptions / ShapeTally / ShapeReport.
// Concurrency: ScanShape runs on the calling thread and scans each level in parallel on its
// oneTBB arena; the result (counts and findings in (sum, canonical key) order) does not depend on
// the number of threads or ranks. on_level is called on the calling thread; on_tally (a
// checkpoint) on the driver's persist thread in one process (engine/run/level_driver.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/census/census.hpp"
#include "engine/check/conjecture.hpp"
#include "engine/check/shape_tally.hpp"
#include "engine/level/build_hooks.hpp"
#include "engine/level/enumeration_space.hpp"
#include "engine/level/held_level.hpp"
#include "engine/level/parted_level_engine.hpp"
#include "engine/run/level_ranks.hpp"
#include "engine/solve/play.hpp"
#include "storage/checkpoint_policy.hpp"
#include "storage/level.hpp"

namespace seki {

struct Finding {
  Matrix matrix;  // the canonical representative (the class's key)
  ClassKey key;
  Solution values;
  std::string kind;    // FindingKind
  std::string reason;  // FindingReason
  Game game = Game::kSeki;
  std::array<PlayLine, 2> lines;  // optimal play in `game`, R first then C first
};

struct ShapeReport {
  Conjecture conjecture = Conjecture::k61;
  int rows = 0, cols = 0;
  int max_entry = 0, max_sum = 0;      // the effective bounds searched
  std::uint64_t classes = 0;           // every class of the region, zero lines included
  std::uint64_t expected_classes = 0;  // Burnside's count of the same (ClassCountsBySum)
  std::uint64_t examined = 0;          // classes with no zero line: the ones checked
  std::array<std::array<std::uint64_t, 4>, 2> by_class{};  // [game][SekiClass] of examined
  std::vector<std::uint64_t> complete_seki_by_height;      // [h], h = 0..max_entry
  int largest_complete_seki_height = 0;                    // 0: no complete seki
  // The conjecture's own counts (ConjectureCounts::Named), e.g. {"prime complete seki", 12}.
  std::vector<std::pair<std::string, std::uint64_t>> counts;
  std::vector<Finding> findings;  // in (sum, canonical key) order
  Census census;                  // complete and semi-complete seki of both games
  double seconds = 0;             // building and scanning every level (every session) and finishing

  std::uint64_t SekiCount(Game g) const;  // seki of every kind (complete, semi-complete, other)
  std::uint64_t Count(Game g, SekiClass k) const {
    return by_class[static_cast<int>(g)][static_cast<int>(k)];
  }
};

struct ShapeScanOptions {
  BuildHooks build;  // progress counter / stop flag of the level engine
  // Called after each level is built and scanned, with the seconds both took (calling thread).
  std::function<void(int sum, std::uint64_t classes, double seconds)> on_level;
  // Then called with the level and everything gathered up to it (a checkpoint; see above) after
  // the levels `checkpoint_every` calls for, the shape's last level and a level at a stop.
  std::function<void(const HeldLevel& level, const ShapeTally& tally)> on_tally;
  CheckpointPolicy checkpoint_every;
  // Resume: the tally after a level and that level (moved from); the search goes on from the next
  // level and ends as an uninterrupted one would.
  ShapeTally* resume_tally = nullptr;
  HeldLevel* resume_level = nullptr;
  // Levels in parts (engine/level/parted_level_engine.hpp): [s] = the parts of level s (0: whole;
  // empty: every level whole), kept in `part_store` until the level is complete. One process.
  std::vector<int> parts;
  PartStore* part_store = nullptr;
  // The ranks of an mpirun job (null: one process). Each rank builds and scans its shards of every
  // level; rank 0 gathers the level's counts, census and findings, so only its tallies (on_tally)
  // and its ShapeReport are the region's; the other ranks' ShapeReport holds the shape alone.
  const Ranks* group = nullptr;
  // 6.2 only: every complete seki of height >= this is reported. Those of height >= 4 are the
  // findings of the conjecture; a lower value also lists known heights (kind "listed").
  int min_height_62 = 4;
};

// Searches one shape: builds every level of `space` (ConjectureSpace), scans its classes in
// parallel, and checks each class with no zero line. The findings get their lines of play from the
// single-matrix solve path (SolveEngine, exhaustive), which must agree with the level engine's
// values (std::logic_error otherwise); the class count must agree with Burnside's count. The stop
// flag of options.build ends the search with Stopped (kInterrupted) (levels up to the last saved
// one stay saved).
ShapeReport ScanShape(Conjecture c, const EnumerationSpace& space,
                      const ShapeScanOptions& options = {});

// The ShapeReport of a shape whose every level is in `tally` (ScanShape's last step, also used for
// a shape a resumed check finished earlier): the class count against Burnside's, the findings
// re-solved by SolveEngine's exhaustive engine and described, the census's listed classes.
ShapeReport FinishShape(Conjecture c, const EnumerationSpace& space, ShapeTally tally);

}  // namespace seki
