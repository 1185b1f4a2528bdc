// A run from start to end: checks, budget, directory, resume, the level loop, the final files.
#include "engine/run/run.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_level_engine.hpp"
#include "engine/level/class_count.hpp"
#include "engine/run/host.hpp"
#include "engine/run/kill_point.hpp"
#include "engine/run/level_group_io.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/run/run_directory.hpp"
#include "engine/run/tool_version.hpp"
#include "storage/level_file.hpp"

namespace seki {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

json ParametersJson(const RunParameters& p, const EnumerationSpace& space) {
  return {{"rows", space.rows},
          {"cols", space.cols},
          {"max_entry", p.max_entry < 0 ? json(nullptr) : json(p.max_entry)},
          {"max_sum", p.max_sum < 0 ? json(nullptr) : json(p.max_sum)},
          {"effective_max_entry", space.max_entry},
          {"effective_max_sum", space.max_sum},
          {"outcomes", p.outcomes},
          {"generate_only", p.generate_only}};
}

std::unique_ptr<LevelEngine> MakeEngine(const RunParameters& p, const EnumerationSpace& space,
                                        BuildHooks hooks) {
  if (p.device == Device::kCpu)
    return std::make_unique<CpuLevelEngine>(space, !p.generate_only, hooks);
  return gpu::MakeThrustLevelEngine(space, p.device, !p.generate_only, hooks);
}

std::string ResumeHint(const std::string& command_line) {
  return command_line.find("--resume") == std::string::npos ? command_line + " --resume"
                                                            : command_line;
}

std::vector<LevelReport> Reports(const json& levels) {
  std::vector<LevelReport> reports;
  for (const json& l : levels) reports.push_back(LevelReportFromJson(l));
  return reports;
}

// One execution of a Run: the state the steps share.
class Session {
 public:
  Session(const RunParameters& p, RunObserver& observer, const std::atomic<bool>* stop,
          const RunGroup& group, std::atomic<std::uint64_t>& parents_done)
      : p_(p),
        observer_(observer),
        stop_(stop),
        group_(group),
        parents_done_(parents_done),
        run_(p.out) {}

  RunResult Execute();

 private:
  bool PrepareDirectory();  // false: a resumed run that is already complete
  void Resume();
  bool StopRequested() const;  // on any rank
  std::string PerRank() const { return group_.size() > 1 ? " per rank" : ""; }
  void CheckMemory(int next, const std::vector<std::uint64_t>& counts, double limit) const;
  void FinishLevel(const Level& level, Clock::time_point since);
  RunResult Result(RunStatus status) const;
  RunResult Interrupted(int last_saved_level);
  RunResult Complete(Clock::time_point session_start);

  const RunParameters& p_;
  RunObserver& observer_;
  const std::atomic<bool>* stop_;
  const RunGroup& group_;
  std::atomic<std::uint64_t>& parents_done_;
  const RunDirectory run_;
  EnumerationSpace space_;
  int threads_ = 0;
  json parameters_;
  LevelFileParams file_params_;
  Checkpoint checkpoint_;
  std::optional<Level> resumed_;
  std::optional<PartialSizes> resume_sizes_;
  std::optional<CatalogueWriter> writer_;
};

RunResult Session::Execute() {
  space_ = CheckRunParameters(p_);
  if (p_.generate_only && group_.size() > 1)
    throw InputError("--generate-only", "runs in one process; start it without mpirun");
  if (space_.WideRecords() && p_.device != Device::kCpu)
    throw InputError("--device", std::to_string(space_.KeyBits()) +
                                     "-bit keys need --device cpu (the thrust engine packs a key "
                                     "and its offer byte into 64 bits)");
  if (p_.device != Device::kCpu && group_.size() > 1)
    throw InputError("--device",
                     "the thrust level engine runs in one process; use --device cpu "
                     "under mpirun");
  threads_ = p_.threads > 0 ? p_.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads_);
  const double memory_limit = MemoryLimitBytes(p_.memory_limit_bytes);

  // The exact number of classes per level (Burnside): progress, ETA and the memory estimate.
  const std::vector<std::uint64_t> counts =
      ClassCountsBySum(space_.rows, space_.cols, space_.max_entry, space_.max_sum);
  for (int s = 1; s <= space_.max_sum; ++s) {
    const double need = LevelBytesEstimate(space_, counts, s, p_.outcomes, p_.generate_only,
                                           group_.size(), p_.device);
    if (need > memory_limit)
      throw InputError("--memory-limit", "level " + std::to_string(s) + " of " +
                                             std::to_string(space_.max_sum) + " needs about " +
                                             FormatGib(need) + PerRank() +
                                             ", more than the limit of " + FormatGib(memory_limit));
  }

  // The engine before the directory, so that a device that cannot be used leaves nothing behind.
  const std::unique_ptr<LevelEngine> engine =
      MakeEngine(p_, space_, group_.Hooks(&parents_done_, stop_));
  if (!PrepareDirectory()) return Result(RunStatus::kAlreadyComplete);
  std::uint64_t done_before = 0;
  for (const json& l : checkpoint_.levels) done_before += l["classes"].get<std::uint64_t>();
  observer_.Started({space_.rows, space_.cols, space_.max_entry, space_.max_sum, threads_,
                     group_.size(), p_.generate_only, p_.out, resumed_ ? resumed_->sum : -1, counts,
                     done_before, p_.device});

  if (!p_.generate_only && group_.root())
    writer_.emplace(run_.path(), space_, p_.outcomes, resume_sizes_);
  // Ranks share the CPU engine's shards; a single process may use any device's engine.
  const LevelBuilder builder(space_, !p_.generate_only, group_.Hooks(&parents_done_, stop_));
  const auto start = Clock::now();
  Level level;
  auto level_start = Clock::now();
  if (resumed_) {
    level = std::move(*resumed_);
  } else {
    level = group_.size() > 1 ? builder.First() : engine->First();
    for (int s = 0; s < kShardCount; ++s)
      if (!group_.owned().Contains(s)) level.shards[s] = {};
    FinishLevel(level, level_start);
  }
  while (level.sum < space_.max_sum) {
    if (StopRequested()) return Interrupted(level.sum);
    const int next = level.sum + 1;
    CheckMemory(next, counts, memory_limit);
    level_start = Clock::now();
    parents_done_ = 0;
    observer_.LevelStarted(next, &parents_done_);
    try {
      level = group_.size() > 1 ? group_.Next(builder, level, parents_done_) : engine->Next(level);
    } catch (const LevelInterrupted&) {
      return Interrupted(level.sum);
    }
    FinishLevel(level, level_start);
  }
  return Complete(start);
}

bool Session::StopRequested() const { return !group_.AllTrue(!(stop_ && stop_->load())); }

// Refuses level `next` if it would not fit next to what the process (the largest rank) holds.
void Session::CheckMemory(int next, const std::vector<std::uint64_t>& counts, double limit) const {
  const double need = LevelBytesEstimate(space_, counts, next, p_.outcomes, p_.generate_only,
                                         group_.size(), p_.device);
  const double in_use = group_.MaxAll(double(CurrentRssBytes()));
  if (need + in_use > limit)
    throw InputError("--memory-limit", "level " + std::to_string(next) + " needs about " +
                                           FormatGib(need) + PerRank() + " on top of " +
                                           FormatGib(in_use) + " in use, " + "more than " +
                                           FormatGib(limit) + "; levels up to " +
                                           std::to_string(next - 1) +
                                           " are saved: rerun with a larger limit and --resume");
}

// Creates the directory; clears it (force) or loads what a resumed run continues from. Every
// rank looks at the directory before rank 0 changes anything in it.
bool Session::PrepareDirectory() {
  std::error_code ec;
  std::filesystem::create_directories(run_.path() / "levels", ec);
  if (ec) throw InputError(p_.out, "cannot create the run directory: " + ec.message());
  parameters_ = ParametersJson(p_, space_);
  file_params_ = {space_.rows, space_.cols, space_.max_entry, space_.max_sum, !p_.generate_only};
  checkpoint_ = {parameters_, json::array(), {}, 0, NowIso8601()};
  const bool complete = run_.IsComplete(), has_run = run_.HasRun();
  group_.Barrier();
  if (p_.resume && complete) return false;
  if (!p_.resume && has_run) {
    if (!p_.force)
      throw InputError(p_.out,
                       "already holds a run; use --resume to continue it or --force to start over");
    if (group_.root()) {
      run_.Clear();
      std::filesystem::create_directories(run_.path() / "levels");
    }
    group_.Barrier();
  }
  if (p_.resume) Resume();
  if (resumed_ && group_.root()) {  // finished catalogues from an interrupted finish go back
    for (const auto& [name, size] : *resume_sizes_) {
      const auto final_path = run_.path() / name, partial = run_.path() / (name + ".partial");
      if (!std::filesystem::exists(partial) && std::filesystem::exists(final_path))
        std::filesystem::rename(final_path, partial);
    }
  }
  return true;
}

// The newest finished level whose files all verify (on every rank); a torn or corrupt file is
// redone. Each rank loads the shards it owns now, whatever number of ranks wrote them.
void Session::Resume() {
  std::string why;
  const std::optional<Checkpoint> c = run_.ReadCheckpoint(&why);
  if (!c) {
    observer_.Notice("nothing to resume in " + p_.out + " (" + why + "); starting");
    return;
  }
  if (c->parameters != parameters_)
    throw InputError("--resume", p_.out + " was started with other parameters: " +
                                     c->parameters.dump() + " (now " + parameters_.dump() + ")");
  for (auto r = c->resumable.rbegin(); r != c->resumable.rend() && !resumed_; ++r) {
    std::string reason;
    resumed_ = LoadOwnedShards(run_.path(), r->level_files, group_.owned(), file_params_, &reason);
    if (!group_.AllTrue(resumed_.has_value())) {
      resumed_.reset();
      const std::string files = r->level_files.size() == 1
                                    ? r->level_files[0]
                                    : "the files of level " + std::to_string(r->sum);
      observer_.Notice("not using " + files + ": " +
                       (reason.empty() ? "a file of another rank does not verify" : reason));
      continue;
    }
    resume_sizes_ = r->partial_sizes;
    checkpoint_ = *c;
    json kept = json::array();  // per-level reports up to the resumed level
    for (const json& l : c->levels)
      if (l["sum"].get<int>() <= r->sum) kept.push_back(l);
    checkpoint_.levels = kept;
    checkpoint_.resumable.assign(c->resumable.begin(), r.base());
  }
  if (!resumed_) observer_.Notice("no usable level file; starting over");
}

// Writes a built level's catalogue lines, level files and checkpoint; the level's time runs from
// `since` (before building) to the checkpoint. The checkpoint names the level only once every
// rank has written its file.
void Session::FinishLevel(const Level& level, Clock::time_point since) {
  const int rank = group_.rank();
  const LevelCounts c = CatalogueLevel(group_, level, space_, !p_.generate_only, p_.outcomes,
                                       writer_ ? &*writer_ : nullptr);
  KillPoint("catalogue", level.sum, rank);
  const PartialSizes sizes = writer_ ? writer_->Sync() : PartialSizes{};
  ResumePoint point{level.sum, {}, sizes};
  for (int q = 0; q < group_.size(); ++q)
    point.level_files.push_back(run_.LevelFileName(level.sum, q, group_.size()));
  WriteLevelFile(run_.path() / point.level_files[rank], level, file_params_);
  KillPoint("level-file", level.sum, rank);
  group_.Barrier();
  const LevelReport report = MakeLevelReport(c, Seconds(since));
  checkpoint_.levels.push_back(LevelReportJson(report));
  checkpoint_.resumable.push_back(point);
  std::optional<ResumePoint> dropped;
  if (checkpoint_.resumable.size() > 2) {
    dropped = checkpoint_.resumable.front();
    checkpoint_.resumable.erase(checkpoint_.resumable.begin());
  }
  checkpoint_.elapsed_seconds += report.seconds;
  if (group_.root()) run_.WriteCheckpoint(checkpoint_);
  KillPoint("checkpoint", level.sum, rank);
  if (dropped && group_.root()) run_.RemoveLevelFiles(*dropped);
  observer_.LevelFinished(report);
}

RunResult Session::Result(RunStatus status) const {
  RunResult r;
  r.status = status;
  r.rows = space_.rows, r.cols = space_.cols;
  r.max_entry = space_.max_entry, r.max_sum = space_.max_sum;
  r.threads = threads_;
  r.ranks = group_.size();
  std::uint64_t exchanged[] = {group_.exchanged_bytes()};
  group_.SumAll(exchanged);
  r.exchanged_bytes = exchanged[0];
  r.levels = Reports(checkpoint_.levels);
  r.totals = SumLevels(r.levels);
  r.wall_seconds = checkpoint_.elapsed_seconds;
  return r;
}

RunResult Session::Interrupted(int last_saved_level) {
  RunResult r = Result(RunStatus::kInterrupted);
  r.last_saved_level = last_saved_level;
  r.resume_hint = ResumeHint(p_.command_line);
  observer_.Interrupted(r.last_saved_level, r.resume_hint);
  r.peak_rss_bytes = PeakRssBytes();
  return r;
}

// Moves the catalogues to their final names and writes manifest.json and summary.json.
RunResult Session::Complete(Clock::time_point session_start) {
  RunResult r = Result(RunStatus::kCompleted);
  r.wall_seconds_this_session = Seconds(session_start);
  const json totals = RunTotalsJson(r.totals);
  json manifest = {
      {"format", "seki-run/1"},
      {"tool", {{"name", "seki"}, {"version", ToolVersion()}, {"commit", ToolCommit()}}},
      {"command", p_.command_line},
      {"parameters", parameters_},
      {"threads", threads_},
      {"device", DeviceName(p_.device)},
      {"host", HostJson()},
      {"start", checkpoint_.start},
      {"end", NowIso8601()},
      {"levels", checkpoint_.levels},
      {"totals", totals},
      {"files", json::object()}};
  r.summary = {{"parameters", parameters_},
               {"levels", checkpoint_.levels},
               {"totals", totals},
               {"wall_seconds", checkpoint_.elapsed_seconds},
               {"wall_seconds_this_session", r.wall_seconds_this_session},
               {"peak_rss_bytes", PeakRssBytes()}};
  std::vector<std::uint64_t> peaks(group_.size(), 0);  // each rank's peak RSS, on every rank
  peaks[group_.rank()] = PeakRssBytes();
  group_.SumAll(peaks);
  if (group_.size() > 1)
    manifest["distributed"] = {{"ranks", group_.size()},
                               {"exchanged_bytes", r.exchanged_bytes},
                               {"peak_rss_bytes", peaks}};
  if (group_.root()) {
    auto files = writer_ ? writer_->Commit() : std::map<std::string, std::filesystem::path>{};
    KillPoint("finish", space_.max_sum);
    run_.Finish(manifest, files, r.summary);
  }
  group_.Barrier();  // no rank reports success before the run's files are final
  r.peak_rss_bytes = PeakRssBytes();
  return r;
}

}  // namespace

EnumerationSpace CheckRunParameters(const RunParameters& p) {
  EnumerationSpace space;
  try {
    space = EnumerationSpace::Make(p.rows, p.cols, p.max_entry, p.max_sum);
  } catch (const std::invalid_argument& e) {
    throw InputError("enumerate", e.what());
  }
  if (p.threads < 0) throw InputError("--threads", "must be 0 (all cores) or positive");
  if (p.device != Device::kCpu) gpu::CheckThrustSpace(space, p.device);
  return space;
}

Run::Run(RunParameters parameters, RunObserver* observer, const std::atomic<bool>* stop,
         const RunGroup* group)
    : parameters_(std::move(parameters)), observer_(observer), stop_(stop), group_(group) {}

RunResult Run::Execute() {
  RunObserver silent;
  const RunGroup single;
  return Session(parameters_, observer_ ? *observer_ : silent, stop_, group_ ? *group_ : single,
                 parents_done_)
      .Execute();
}

}  // namespace seki
