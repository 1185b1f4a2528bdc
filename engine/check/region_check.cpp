// Planning a region check (every input checked before any search) and running it shape by shape.
#include "engine/check/region_check.hpp"

#include <fmt/format.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/check/check_checkpoint.hpp"
#include "engine/level/class_count.hpp"
#include "engine/run/host.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/run/part_files.hpp"

namespace seki {

namespace fs = std::filesystem;

namespace {

std::string Shape(int rows, int cols) { return fmt::format("{}x{}", rows, cols); }

void AddShape(std::vector<std::pair<int, int>>& shapes, std::pair<int, int> shape) {
  if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end()) shapes.push_back(shape);
}

// Adds the space of one shape and its class counts to the plan; refuses the shape when one of
// its levels needs more than the memory limit.
void PlanShape(Conjecture c, int rows, int cols, const CheckRequest& r, double memory_limit,
               CheckPlan& plan) {
  EnumerationSpace space;
  try {
    space = ConjectureSpace(c, rows, cols, r.max_entry, r.max_sum);
  } catch (const std::invalid_argument& e) {
    throw InputError("check " + std::string(ConjectureName(c)), e.what());
  }
  const auto counts = ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum);
  std::vector<double> whole(counts.size(), 0);
  for (int s = 1; s <= space.max_sum; ++s)
    whole[s] = LevelBuilder::PeakBytes(space, counts[s - 1], counts[s]);
  if (r.parts > 0 && space.WideRecords())
    throw InputError("--parts", "levels are built in parts with keys of at most 56 bits, not " +
                                    Shape(rows, cols) + "'s");
  // Levels too large are built in parts (a check's parts stay in memory unless it
  // has a checkpoint directory).
  const LevelParts parts =
      PlanLevelParts(space, counts, whole, false, memory_limit, r.parts, !space.WideRecords(),
                     double(CurrentRssBytes()),
                     r.checkpoint_dir.empty() ? PartKeeping::kInMemory : PartKeeping::kFiles);
  for (int s = 1; s <= space.max_sum; ++s)
    if (const double need = parts.bytes[s]; need > memory_limit)
      throw MemoryLimitError(
          "--memory-limit",
          fmt::format("shape {}, entries <= {}, sum <= {}: level {} needs about {}{}, "
                      "more than the limit of {}",
                      Shape(rows, cols), space.max_entry, space.max_sum, s, FormatGib(need),
                      parts.parts[s] > 0 ? fmt::format(" in {} parts", parts.parts[s]) : "",
                      FormatGib(memory_limit)));
  plan.spaces.push_back(space);
  plan.expected_classes.push_back(counts);
  plan.parts.push_back(parts.parts);
}

// What a checkpoint must have been made with to be resumed: everything that changes the report
// (not the thread count or the memory limit).
nlohmann::json CheckpointParameters(const CheckPlan& plan) {
  nlohmann::json shapes = nlohmann::json::array();
  for (const EnumerationSpace& s : plan.spaces)
    shapes.push_back(
        {{"rows", s.rows}, {"cols", s.cols}, {"max_entry", s.max_entry}, {"max_sum", s.max_sum}});
  const CheckReport& r = plan.report;
  return {{"conjecture", std::string(ConjectureName(r.conjecture))},
          {"max_entry", r.max_entry},
          {"max_sum", r.max_sum},
          {"min_height", r.min_height},
          {"shapes", shapes}};
}

}  // namespace

std::size_t CheckReport::FindingCount() const {
  std::size_t n = 0;
  for (const ShapeReport& s : shapes)
    for (const Finding& f : s.findings) n += f.kind != "listed";
  return n;
}

std::size_t CheckReport::ListedCount() const {
  std::size_t n = 0;
  for (const ShapeReport& s : shapes)
    for (const Finding& f : s.findings) n += f.kind == "listed";
  return n;
}

std::string CheckReport::Result() const {
  bool counterexample = false, any = false;
  for (const ShapeReport& s : shapes)
    for (const Finding& f : s.findings) {
      any |= f.kind != "listed";
      counterexample |= f.kind == "counterexample";
    }
  if (counterexample) return "counterexample";
  return any ? "new-height" : "no-counterexample";
}

std::pair<int, int> ParseShape(const std::string& text) {
  const auto bad = [&] {
    return InputError("--shapes",
                      "'" + text + "' is not a shape such as 3x4 (rows x columns, each 1..8)");
  };
  const std::size_t x = text.find('x');
  if (x == std::string::npos || x == 0 || x + 1 >= text.size()) throw bad();
  const std::string m = text.substr(0, x), n = text.substr(x + 1);
  for (const std::string& part : {m, n})
    if (part.size() != 1 || part[0] < '1' || part[0] > '8') throw bad();
  return {m[0] - '0', n[0] - '0'};
}

std::vector<std::pair<int, int>> CheckShapes(Conjecture c, const CheckRequest& r) {
  std::vector<std::pair<int, int>> shapes;
  for (const std::string& text : r.shapes) {
    const auto shape = ParseShape(text);
    if (c == Conjecture::k63 && shape.first == shape.second)
      throw InputError("--shapes", text + ": conjecture 6.3 is about m x n matrices with m != n");
    AddShape(shapes, shape);
  }
  if (r.max_rows >= 0 || r.max_cols >= 0) {
    const int rows = r.max_rows >= 0 ? r.max_rows : r.max_cols;
    const int cols = r.max_cols >= 0 ? r.max_cols : r.max_rows;
    if (rows < 1 || rows > kMaxDim)
      throw InputError("--max-rows", std::to_string(rows) + " is not in 1..8");
    if (cols < 1 || cols > kMaxDim)
      throw InputError("--max-cols", std::to_string(cols) + " is not in 1..8");
    const auto grid = GridShapes(c, rows, cols);
    if (grid.empty())
      throw InputError("--max-rows/--max-cols",
                       fmt::format("no shape of {}x{} or smaller is about conjecture {}", rows,
                                   cols, ConjectureName(c)));
    for (const auto& shape : grid) AddShape(shapes, shape);
  }
  if (shapes.empty())
    throw InputError("check",
                     "no region: give --shapes (e.g. 3x4,4x4) and/or --max-rows/--max-cols");
  return shapes;
}

Conjecture CheckRequestBasics(const CheckRequest& r) {
  const std::optional<Conjecture> conjecture = ParseConjecture(r.conjecture);
  if (!conjecture)
    throw InputError("check",
                     "unknown conjecture '" + r.conjecture + "'; one of 6.1, 6.2, 6.3, 6.9");
  const Conjecture c = *conjecture;
  ThreadsOption(r.threads);  // checked with the basics, used by PlanRegionCheck
  if (r.parts < 0 || r.parts > kMaxLevelParts)
    throw InputError("--parts", "must be 1.." + std::to_string(kMaxLevelParts));
  if (c != Conjecture::k61 && r.max_entry < 0 && r.max_sum < 0)
    throw InputError("check", "no bound: give --max-entry, --max-sum or both");
  if (r.min_height >= 0 && c != Conjecture::k62)
    throw InputError("--min-height", "only for conjecture 6.2");
  return c;
}

CheckRequest MakeCheckRequest(CheckRequest given, const std::string& memory_limit) {
  CheckRequestBasics(given);
  given.memory_limit_bytes = ParseMemoryLimit(memory_limit);
  return given;
}

CheckPlan PlanRegionCheck(const CheckRequest& r) {
  const Conjecture c = CheckRequestBasics(r);
  const double memory_limit = MemoryLimitBytes(r.memory_limit_bytes);

  CheckPlan plan;
  // Every shape is checked (bounds, key width, memory) before any search starts.
  for (const auto& [rows, cols] : CheckShapes(c, r))
    PlanShape(c, rows, cols, r, memory_limit, plan);
  CheckReport& report = plan.report;
  report.conjecture = c;
  report.max_entry = c == Conjecture::k61 && r.max_entry < 0 ? 2 : r.max_entry;
  report.min_height = r.min_height >= 0 ? r.min_height : 4;
  report.max_sum = r.max_sum;
  report.threads = ThreadsOption(r.threads);
  report.command = r.command;
  if (r.resume && r.checkpoint_dir.empty()) throw InputError("--resume", "needs --checkpoint DIR");
  plan.checkpoint_dir = r.checkpoint_dir;
  plan.checkpoint_every = r.checkpoint_every;
  plan.resume = r.resume;
  plan.forced_parts = r.parts > 0;
  return plan;
}

CheckReport RunRegionCheck(const CheckPlan& plan, CheckObserver* observer,
                           const std::atomic<bool>* stop, const Ranks* group) {
  const Ranks one_process;
  const Ranks& ranks = group ? *group : one_process;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, plan.report.threads);
  CheckReport report = plan.report;
  report.shapes.clear();
  report.ranks = ranks.size();
  const auto start = std::chrono::steady_clock::now();
  const auto notice = [&](const std::string& text) {
    if (observer) observer->Notice(text);
  };
  std::optional<CheckCheckpoint> checkpoint;
  if (!plan.checkpoint_dir.empty())
    checkpoint.emplace(plan.checkpoint_dir, CheckpointParameters(plan), plan.resume, notice, ranks);
  if (observer) observer->Started(report);
  for (std::size_t k = 0; k < plan.spaces.size(); ++k) {
    const EnumerationSpace& space = plan.spaces[k];
    const bool in_parts =
        std::any_of(plan.parts[k].begin(), plan.parts[k].end(), [](int n) { return n > 0; });
    std::optional<CheckCheckpoint::Resumed> resumed;
    if (checkpoint) resumed = checkpoint->Take(k, space, notice, in_parts);
    if (resumed)
      notice(Shape(space.rows, space.cols) +
             (resumed->level ? ": resuming after level " + std::to_string(resumed->level->sum())
                             : ": done in an earlier session"));
    if (resumed && !resumed->level) {  // done in an earlier session
      report.shapes.push_back(ranks.root() ? FinishShape(report.conjecture, space, resumed->tally)
                                           : ShapeReport{});
      if (observer) observer->ShapeFinished(report.shapes.back());
      continue;
    }
    ShapeScanOptions config;
    if (resumed) {
      config.resume_tally = &resumed->tally;
      config.resume_level = &*resumed->level;
    }
    if (checkpoint)
      config.on_tally = [&](const HeldLevel& level, const ShapeTally& tally) {
        checkpoint->Save(k, space, level, tally);
      };
    // The parts of a level: in files beside the checkpoint (removed once loaded), else in memory.
    std::optional<PartFiles> part_files;
    std::optional<MemoryPartStore> part_memory;
    if (in_parts) {
      config.parts = plan.parts[k];
      if (checkpoint)
        config.part_store = &part_files.emplace(
            fs::path(plan.checkpoint_dir) / ("parts-" + Shape(space.rows, space.cols)), space,
            LevelFileParams{space.rows, space.cols, space.max_entry, space.max_sum, true}, notice,
            /*keep=*/false, ranks.rank(), ranks.size());
      else
        config.part_store = &part_memory.emplace();
    }
    config.checkpoint_every = plan.checkpoint_every;
    config.min_height_62 = report.min_height;
    config.group = group;
    config.build.stop = stop;
    if (observer) {
      config.build.parents_done = observer->ShapeStarted(space, plan.expected_classes[k]);
      config.on_level = [&](int sum, std::uint64_t classes, double seconds) {
        observer->LevelFinished(space, sum, classes, seconds);
      };
    }
    report.shapes.push_back(ScanShape(report.conjecture, space, config));
    if (observer) observer->ShapeFinished(report.shapes.back());
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

CheckReport CheckRegion(const CheckRequest& request, CheckObserver* observer,
                        const std::atomic<bool>* stop) {
  return RunRegionCheck(PlanRegionCheck(request), observer, stop);
}

}  // namespace seki
