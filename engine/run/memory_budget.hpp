// Memory budgets of runs and checks: sizes given as text ("8G") and the bytes building and writing
// one level needs, so that a run that cannot fit is refused before it starts. The default limit is
// engine/base/memory_limit.hpp's.
// Concurrency: pure functions; any thread may call them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/base/memory_limit.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/level/level_engine.hpp"

namespace seki {

// "8G", "512M", "1.5k", "1024" (bytes) -> bytes; throws InputError naming `option` (e.g.
// "--memory-limit") for anything else or a size that is not positive.
std::uint64_t ParseByteSize(const std::string& text, const std::string& option);

// A memory limit as given (--memory-limit, Python's memory_limit=): empty -> 0 (not given: the
// default, MemoryLimitBytes), anything else ParseByteSize(text, option).
std::uint64_t ParseMemoryLimit(const std::string& text,
                               const std::string& option = "--memory-limit");

// "1.25 GiB" (two decimals).
std::string FormatGib(double bytes);

// Bytes needed to build level `sum` from level sum-1 and write it (an upper estimate), where
// counts[s] is the number of classes at sum s: what the level engine needs
// (LevelBuilder::PeakBytes; generating only: the level below, one record per class and the new
// level; a thrust device: ThrustHostPeakBytes) and the catalogue writer's part
// (CatalogueBytesEstimate). With `ranks` > 1 it is the most one rank needs: its 1/ranks of the
// level engine, the send and receive buffers of one batch of records, and on rank 0 the catalogue
// part.
double LevelBytesEstimate(const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                          int sum, bool outcomes, bool generate_only, int ranks = 1,
                          Device device = Device::kCpu,
                          CatalogueLists lists = CatalogueLists::kAll);
// How each level of a one-process CPU run is built within a memory limit: parts[s] = 0 builds
// level s whole; 1..kMaxLevelParts builds it in that many parts (engine/level/
// parted_level_engine.hpp), the fewest whose estimate fits; once a level is in parts every later
// one is. bytes[s] is the estimate of the way chosen (above the limit where no way fits); whole[s]
// is LevelBytesEstimate's for level s built whole; `reserve` is what the process holds besides
// (its resident memory before the run); `keeping`: where a level's parts are kept
// (LevelBuilder's PartKeeping, as RunPartKeeping makes it).
// `forced` > 0 builds every level in that many parts (tests, and users who want it); `may_part`
// false (a device, generation only, wide keys) builds every level whole. With `ranks` > 1 every
// estimate is the most one rank needs: its share of the levels, the send and receive buffers of
// one batch, and on rank 0 the catalogue part (`whole` is LevelBytesEstimate's for those ranks).
struct LevelParts {
  std::vector<int> parts;
  std::vector<double> bytes;
};
inline constexpr int kMaxLevelParts = 64;
// Resident memory beside a whole level's estimate at the check before it, per class of the level
// below (its level file being written on the persist thread, buffers kept from the level before):
// measured 0.49-1.04 GiB at 6.3-10.1 x 10^7 classes on 4x4 <= 5, levels 29-31
// (docs/performance.md).
inline constexpr double kWholeLevelOverheadPerParent = 12.0;
LevelParts PlanLevelParts(const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                          const std::vector<double>& whole, bool outcomes, double limit, int forced,
                          bool may_part, double reserve = 0,
                          PartKeeping keeping = PartKeeping::kReadAgain, int ranks = 1,
                          CatalogueLists lists = CatalogueLists::kAll);

// Where a run keeps its levels in parts, given where its store can keep them (`keeping`): several
// ranks in files; one process that lists only the complete and semi-complete seki, with no
// outcomes.txt (few lines a level), leaves them on disk (kOnDisk) where it can read them again.
PartKeeping RunPartKeeping(PartKeeping keeping, int ranks, bool outcomes, CatalogueLists lists);

// PlanLevelParts' estimate of level `sum` built in `parts` parts (`below_whole`: the level below
// was built whole): a run that finds less room than planned gives a level more parts with it.
double PartedLevelBytes(const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                        int sum, int parts, bool below_whole, bool outcomes, PartKeeping keeping,
                        int ranks, CatalogueLists lists = CatalogueLists::kAll);

// Level `sum` of `plan` (built in parts) once `in_use` bytes are held beside it: the fewest parts,
// from the planned ones up to kMaxLevelParts, whose estimate fits `limit` beside them (the plan
// knew only the resident memory at the start); plan.parts[sum] and plan.bytes[sum] updated, the
// parts returned. Deterministic: the same on every rank given the same in_use.
int FitLevelParts(LevelParts& plan, int sum, double in_use, double limit,
                  const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                  bool below_whole, bool outcomes, PartKeeping keeping, int ranks,
                  CatalogueLists lists = CatalogueLists::kAll);

// Its part for writing the catalogues of a level of `classes` classes (0 when generating only). One
// process streams a level's lines in key-range batches: a bound that does not grow with the level
// (CatalogueWriter::HeldBytesBound). Under MPI rank 0 holds the level's selected classes and text:
// 16 bytes a class, 48 more with outcomes (an estimate, as if every class had lines); with `lists`
// kComplete and no outcomes only the complete and semi-complete seki have lines (a few hundred in
// billions of classes on 4x4 <= 5), bounded as one process's batch.
double CatalogueBytesEstimate(const EnumerationSpace& space, std::uint64_t classes, bool outcomes,
                              bool generate_only, int ranks,
                              CatalogueLists lists = CatalogueLists::kAll);

}  // namespace seki
