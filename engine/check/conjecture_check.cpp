// Searching one shape for counterexamples: the scan of each level, and the shape's report.
#include "engine/check/conjecture_check.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>

#include "engine/base/matrix_text.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/level/class_count.hpp"
#include "engine/run/level_driver.hpp"
#include "engine/run/level_engines.hpp"
#include "engine/solve/resolver.hpp"

namespace seki {

namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string Shape(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

// The walk of one shape's levels: take = scan the level and merge its tally (gathered over
// ranks); persist = the caller's checkpoint of the tally so far.
class ShapeScan : public LevelWalk {
 public:
  ShapeScan(Conjecture c, const EnumerationSpace& space, const ShapeScanOptions& options,
            const Ranks& group)
      : c_(c), space_(space), options_(options), group_(group) {}

  void Take(const HeldLevel& level, double build_seconds) override {
    const auto start = Clock::now();
    // Counts summed, findings in key order: independent of threads, ranks and parts.
    ShapeTally found = level.in_parts() ? ScanGroups(level) : ScanShards(level.whole);
    found.classes = level.size();
    if (group_.size() > 1) found = GatherLevelTally(c_, group_, found);
    total.Merge(found);
    total.findings.insert(total.findings.end(), found.findings.begin(), found.findings.end());
    total.listed.insert(total.listed.end(), found.listed.begin(), found.listed.end());
    total.last_sum = level.sum();
    const double seconds = build_seconds + Since(start);
    total.seconds += seconds;
    if (options_.on_level) options_.on_level(level.sum(), found.classes, seconds);
  }
  void Persist(const HeldLevel& level) override {
    if (!options_.on_tally) return;
    if (clock_.Due(level.sum(), space_.max_sum)) Save(level);  // ranks decide together
  }
  void Stopped(const HeldLevel& last) override {
    if (options_.on_tally && last.sum() > clock_.saved_step()) Save(last);
  }

  ShapeTally total;

 private:
  Conjecture c_;
  const EnumerationSpace& space_;
  const ShapeScanOptions& options_;
  const Ranks& group_;
  CheckpointClock clock_{options_.checkpoint_every, [this](double v) { return group_.MaxAll(v); }};

  void Save(const HeldLevel& level) {
    options_.on_tally(level, total);
    clock_.Saved(level.sum());
  }
  // One class with no zero line examined (a class with one is not a starting position: its values
  // mean nothing).
  void Examine(ShapeTally& t, const std::uint64_t* key, int words, PackedOutcome value) const {
    const Matrix a = space_.Unpack(key);
    if (!a.has_zero_line()) t.Examine(c_, a, key, words, value, options_.min_height_62);
  }
  ShapeTally ScanShards(const Level& level) const {
    std::vector<ShapeTally> shards(kShardCount);
    tbb::parallel_for(0, kShardCount, [&](int s) {
      for (std::size_t k = 0; k < level.shards[s].values.size(); ++k)
        Examine(shards[s], level.KeyAt(s, k), level.key_words, level.shards[s].values[k]);
    });
    return CombineTallies(shards);
  }
  ShapeTally ScanGroups(const HeldLevel& level) const {
    tbb::enumerable_thread_specific<ShapeTally> threads;
    ForEachHeldBlock(
        level, [&](const std::uint64_t* keys, const PackedOutcome* values, std::size_t count) {
          ShapeTally& t = threads.local();
          for (std::size_t k = 0; k < count; ++k) Examine(t, keys + k, 1, values[k]);
        });
    return CombineTallies(std::vector<ShapeTally>(threads.begin(), threads.end()));
  }
};

}  // namespace

std::uint64_t ShapeReport::SekiCount(Game g) const {
  return Count(g, SekiClass::kSeki) + Count(g, SekiClass::kSemiComplete) +
         Count(g, SekiClass::kComplete);
}

ShapeReport ScanShape(Conjecture c, const EnumerationSpace& space,
                      const ShapeScanOptions& options) {
  const Ranks one_process;
  const Ranks& group = options.group ? *options.group : one_process;
  const bool in_parts =
      std::any_of(options.parts.begin(), options.parts.end(), [](int n) { return n > 0; });
  if (in_parts && !options.part_store) throw std::logic_error("levels in parts need a part store");
  const std::unique_ptr<LevelEngine> engine =
      in_parts ? MakePartedLevelEngine(
                     space, group, options.build,
                     [&options](int s) { return options.parts[static_cast<std::size_t>(s)]; },
                     *options.part_store)
               : MakeLevelEngine(space, Device::kCpu, /*solve=*/true, group, options.build);
  ShapeScan scan(c, space, options, group);
  std::optional<HeldLevel> resumed;
  if (options.resume_tally && options.resume_level) {
    scan.total = std::move(*options.resume_tally);
    resumed = std::move(*options.resume_level);
  }
  const WalkEnd end = LevelDriver(*engine, group, options.build.stop)
                          .Drive(scan, space.max_sum, std::move(resumed));
  if (end.interrupted) throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
  if (!group.root()) {  // rank 0 holds the region's tally
    ShapeReport shape;
    shape.conjecture = c, shape.rows = space.rows, shape.cols = space.cols;
    return shape;
  }
  return FinishShape(c, space, std::move(scan.total));
}

ShapeReport FinishShape(Conjecture c, const EnumerationSpace& space, ShapeTally total) {
  const auto start = Clock::now();
  ShapeReport out;
  out.conjecture = c;
  out.rows = space.rows;
  out.cols = space.cols;
  out.max_entry = space.max_entry;
  out.max_sum = space.max_sum;
  for (std::uint64_t n : ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum))
    out.expected_classes += n;
  out.classes = total.classes;
  if (out.classes != out.expected_classes)
    throw std::logic_error("check " + Shape(space.rows, space.cols) + ": the level engine made " +
                           std::to_string(out.classes) + " classes, Burnside's count is " +
                           std::to_string(out.expected_classes));

  out.examined = total.examined;
  out.by_class = total.by_class;
  out.complete_seki_by_height.assign(total.complete_by_height.begin(),
                                     total.complete_by_height.begin() + space.max_entry + 1);
  for (int h = space.max_entry; h >= 1; --h)
    if (total.complete_by_height[h] > 0) {
      out.largest_complete_seki_height = h;
      break;
    }
  out.counts = total.counts.Named(c);

  out.census = std::move(total.census);
  out.census.rows = space.rows, out.census.cols = space.cols;
  out.census.max_entry = space.max_entry, out.census.max_sum = space.max_sum;
  out.census.classes = total.classes;
  out.census.starting = total.examined;
  for (const auto& [key, packed] : total.listed)
    out.census.listed.push_back(
        CatalogueLine(space.Unpack(key.data()), Solution::From(packed).seki));

  // Each finding: its reason, and lines of optimal play from the single-matrix solve path
  // (SolveEngine's exhaustive engine), whose values must be the level engine's.
  Resolver resolver;
  const Game game = ConjectureGame(c);
  for (const auto& [key, packed] : total.findings) {
    Finding f;
    f.matrix = space.Unpack(key.data());
    f.key = key;
    f.values = Solution::From(packed);
    const Solution check = resolver.Solve(f.matrix);
    if (!(check == f.values))
      throw std::logic_error("check: the solver and the level engine disagree on " +
                             FormatMatrix(f.matrix));
    f.kind = FindingKind(c, f.matrix);
    f.reason = FindingReason(c, f.matrix, f.values);
    f.game = game;
    f.lines[0] = resolver.engine().Line(f.matrix, game, Player::kR);
    f.lines[1] = resolver.engine().Line(f.matrix, game, Player::kC);
    out.findings.push_back(std::move(f));
  }
  out.seconds = total.seconds + Since(start);
  return out;
}

}  // namespace seki
