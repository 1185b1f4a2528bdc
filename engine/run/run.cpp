// A run from start to end: the checks, the memory estimate, the directory, the level walk (take:
// catalogue lines and counts; persist: catalogue text, level file, checkpoint), the final files.
#include "engine/run/run.hpp"

#include <tbb/global_control.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/parted_level_engine.hpp"
#include "engine/run/host.hpp"
#include "engine/run/level_driver.hpp"
#include "engine/run/level_engines.hpp"
#include "engine/run/level_group_io.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/run/part_files.hpp"
#include "engine/run/run_directory.hpp"
#include "engine/run/tool_version.hpp"
#include "storage/kill_point.hpp"
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

std::string ResumeHint(const std::string& command_line) {
  return command_line.find("--resume") == std::string::npos ? command_line + " --resume"
                                                            : command_line;
}

std::vector<LevelReport> Reports(const json& levels) {
  std::vector<LevelReport> reports;
  for (const json& l : levels) reports.push_back(LevelReportFromJson(l));
  return reports;
}

// One execution of a Run: the state the steps share, and the run's walk over the levels.
class Session : public LevelWalk {
 public:
  Session(const RunParameters& p, RunObserver& observer, const std::atomic<bool>* stop,
          const Ranks& group, std::atomic<std::uint64_t>& parents_done)
      : p_(p),
        observer_(observer),
        stop_(stop),
        group_(group),
        parents_done_(parents_done),
        run_(p.out) {}

  RunResult Execute();

  // The walk (engine/run/level_driver.hpp).
  void BeforeBuild(int sum, const HeldLevel& below) override;
  void BuildStarted(int sum) override;
  void Take(const HeldLevel& level, double build_seconds) override;
  void Persist(const HeldLevel& level) override;
  void Stopped(const HeldLevel& last) override;

 private:
  std::unique_ptr<LevelEngine> MakeEngine();
  void SaveCheckpoint(const HeldLevel& level);
  std::string PerRank() const { return group_.size() > 1 ? " per rank" : ""; }
  RunResult Result(RunStatus status) const;
  RunResult Interrupted(int last_saved_level);
  RunResult Complete(Clock::time_point session_start);

  const RunParameters& p_;
  RunObserver& observer_;
  const std::atomic<bool>* stop_;
  const Ranks& group_;
  std::atomic<std::uint64_t>& parents_done_;
  const RunDirectory run_;
  EnumerationSpace space_;
  int threads_ = 0;
  double memory_limit_ = 0;
  std::vector<std::uint64_t> counts_;  // [s]: the classes of level s (Burnside)
  LevelParts plan_;  // [s]: the parts of level s (0: whole) and its memory estimate
  std::optional<PartFiles> part_files_;
  json parameters_;
  LevelFileParams file_params_;
  RunCheckpoint checkpoint_;
  std::optional<CatalogueWriter> writer_;
  double session_before_ = 0;  // elapsed_seconds of earlier sessions
  Clock::time_point session_start_;
  CatalogueLists lists_ = CatalogueLists::kAll;
  // The schedule; its saved step is the level of the newest checkpoint.
  CheckpointClock clock_{p_.checkpoint, [this](double v) { return group_.MaxAll(v); }};
};

RunResult Session::Execute() {
  const CheckedRun checked = CheckRunParameters(p_, group_);
  space_ = checked.space;
  threads_ = checked.threads;
  memory_limit_ = checked.memory_limit_bytes;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads_);

  // The exact number of classes per level (Burnside): progress, ETA and the memory estimate,
  // which refuses a run with a level that cannot fit before anything starts.
  counts_ = ClassCountsBySum(space_.rows, space_.cols, space_.max_entry, space_.max_sum);
  const std::vector<std::uint64_t>& counts = counts_;
  std::uint64_t total = 0;
  for (std::uint64_t c : counts) total += c;
  lists_ = p_.generate_only ? CatalogueLists::kAll  // checked: not complete
                            : ResolveLists(p_.lists, total);
  std::vector<double> whole(counts.size(), 0);
  for (int s = 1; s <= space_.max_sum; ++s)
    whole[s] = LevelBytesEstimate(space_, counts, s, p_.outcomes, p_.generate_only, group_.size(),
                                  p_.device, lists_);
  const bool may_part = p_.device == Device::kCpu && !p_.generate_only && !space_.WideRecords();
  if (p_.parts > 0 && !may_part)
    throw InputError("--parts",
                     "levels are built in parts by the CPU engine, solving, with keys of at most "
                     "56 bits");
  // The same plan on every rank: from the largest rank's resident memory.
  plan_ = PlanLevelParts(space_, counts, whole, p_.outcomes, memory_limit_, p_.parts, may_part,
                         group_.MaxAll(double(CurrentRssBytes())), PartKeeping::kReadAgain,
                         group_.size(), lists_);
  for (int s = 1; s <= space_.max_sum; ++s)
    if (plan_.bytes[s] > memory_limit_)
      throw MemoryLimitError(
          "--memory-limit",
          "level " + std::to_string(s) + " of " + std::to_string(space_.max_sum) + " needs about " +
              FormatGib(plan_.bytes[s]) + PerRank() +
              (plan_.parts[s] > 0 ? " in " + std::to_string(plan_.parts[s]) + " parts" : "") +
              ", more than the limit of " + FormatGib(memory_limit_));

  file_params_ = {space_.rows, space_.cols, space_.max_entry, space_.max_sum, !p_.generate_only};
  // The engine before the directory, so that a device that cannot be used leaves nothing behind.
  const std::unique_ptr<LevelEngine> engine = MakeEngine();
  parameters_ = ParametersJson(p_, space_);
  if (lists_ == CatalogueLists::kComplete) parameters_["lists"] = CatalogueListsName(lists_);
  RunStartPoint start =
      PrepareRunDirectory(run_, {parameters_, file_params_, p_.resume, p_.force}, group_,
                          [&](const std::string& text) { observer_.Notice(text); });
  if (start.already_complete) return Result(RunStatus::kAlreadyComplete);
  checkpoint_ = std::move(start.checkpoint);
  clock_.Saved(start.level ? start.level->sum() : -1);
  std::uint64_t done_before = 0;
  for (const json& l : checkpoint_.levels) done_before += l["classes"].get<std::uint64_t>();
  if (lists_ == CatalogueLists::kComplete)
    observer_.Notice(
        "listing only complete and semi-complete seki (--lists complete" +
        std::string(p_.lists == ListsOption::kAuto
                        ? ", the default past " + std::to_string(kListAllUpToClasses) + " classes"
                        : "") +
        "); the other seki are counted by sum and height in seki-counts.txt");
  observer_.Started({space_.rows, space_.cols, space_.max_entry, space_.max_sum, threads_,
                     group_.size(), p_.generate_only, p_.out, start.level ? start.level->sum() : -1,
                     counts, done_before, p_.device});

  if (!p_.generate_only && group_.root())
    writer_.emplace(run_.path(), space_, p_.outcomes, start.partial_sizes, lists_);
  session_before_ = checkpoint_.elapsed_seconds;
  session_start_ = Clock::now();
  clock_.Saved(clock_.saved_step());
  const WalkEnd end = LevelDriver(*engine, group_, stop_, threads_)
                          .Drive(*this, space_.max_sum, std::move(start.level));
  if (end.interrupted) return Interrupted(clock_.saved_step());  // the checkpoint's level
  return Complete(session_start_);
}

// The level engine of the run: in parts where the plan has any (the parts kept in the run
// directory), else the one MakeLevelEngine chooses.
std::unique_ptr<LevelEngine> Session::MakeEngine() {
  const BuildHooks hooks{&parents_done_, stop_};
  int most = 0, first = 0;
  for (int s = space_.max_sum; s >= 1; --s)
    if (plan_.parts[s] > 0) most = std::max(most, plan_.parts[s]), first = s;
  if (most == 0) return MakeLevelEngine(space_, p_.device, !p_.generate_only, group_, hooks);
  observer_.Notice("levels " + std::to_string(first) + " to " + std::to_string(space_.max_sum) +
                   " are built in parts (at most " + std::to_string(most) + ")" +
                   (p_.parts > 0 ? "" : " to fit the memory limit of " + FormatGib(memory_limit_)));
  part_files_.emplace(
      run_.path(), space_, file_params_,
      [this](const std::string& text) { observer_.Notice(text); }, true, group_.rank(),
      group_.size());
  // Where few classes have lines, a level's take reads it one part at a time and holds only those;
  // with every seki listed (about 30 % of the classes on 4x4 <= 4, 16 bytes each) it is loaded.
  return MakePartedLevelEngine(
      space_, group_, hooks, [this](int s) { return plan_.parts[s]; }, *part_files_,
      RunPartKeeping(PartKeeping::kReadAgain, group_.size(), p_.outcomes, lists_) ==
          PartKeeping::kOnDisk);
}

// Refuses level `sum` if its estimate would not fit next to what the process (the largest rank)
// holds besides the level below, which the estimate already counts; a level in parts first takes
// more parts (up to kMaxLevelParts).
void Session::BeforeBuild(int sum, const HeldLevel& below) {
  ReturnFreedMemory();  // what was freed since (a level file read on resume) is not in use
  const double rss = double(CurrentRssBytes()), held = double(below.bytes());
  const double in_use = group_.MaxAll(rss > held ? rss - held : 0.0);
  // A level in parts that does not fit beside what is held now (the plan knew only the resident
  // memory at the start) takes more parts, the same on every rank; --parts is kept as it is.
  const int planned = plan_.parts[sum];
  if (p_.parts == 0 &&
      FitLevelParts(plan_, sum, in_use, memory_limit_, space_, counts_, !below.in_parts(),
                    p_.outcomes, PartKeeping::kReadAgain, group_.size(), lists_) != planned &&
      plan_.bytes[sum] + in_use <= memory_limit_)
    observer_.Notice("level " + std::to_string(sum) + " is built in " +
                     std::to_string(plan_.parts[sum]) + " parts, not " + std::to_string(planned) +
                     ", to fit beside the " + FormatGib(in_use) + " in use");
  const double need = plan_.bytes[sum];
  if (need + in_use > memory_limit_)
    throw MemoryLimitError("--memory-limit",
                           "level " + std::to_string(sum) + " needs about " + FormatGib(need) +
                               PerRank() + " on top of " + FormatGib(in_use) + " in use, " +
                               "more than " + FormatGib(memory_limit_) + "; levels up to " +
                               std::to_string(sum - 1) +
                               " are saved: rerun with a larger limit and --resume");
}

void Session::BuildStarted(int sum) {
  parents_done_ = 0;
  observer_.LevelStarted(sum, &parents_done_);
}

// The level's catalogue lines, appended to the partial files as they are rendered (in batches of
// bounded size), and its counts (collective under ranks); the level is reported, and its report is
// in the next checkpoint.
void Session::Take(const HeldLevel& level, double build_seconds) {
  const auto start = Clock::now();
  const LevelCounts counts = CatalogueLevel(group_, level, space_, !p_.generate_only, p_.outcomes,
                                            lists_, writer_ ? &*writer_ : nullptr);
  const LevelReport report = MakeLevelReport(counts, build_seconds + Seconds(start));
  checkpoint_.levels.push_back(LevelReportJson(report));
  checkpoint_.elapsed_seconds = session_before_ + Seconds(session_start_);
  observer_.LevelFinished(report);
}

// A level whose lines Take appended: a checkpoint when the policy says so (see SaveCheckpoint), and
// after every level built in parts (its files are written already); between checkpoints nothing
// is synced, and a resumed run cuts the catalogues back to the last one.
void Session::Persist(const HeldLevel& level) {
  KillPoint("catalogue", level.sum(), group_.rank());
  const bool due = clock_.Due(level.sum(), space_.max_sum);
  if (due || level.in_parts()) SaveCheckpoint(level);
}

// Stopped by the flag: the last level is saved even if the policy would not have saved it.
void Session::Stopped(const HeldLevel& last) {
  if (last.sum() > clock_.saved_step()) SaveCheckpoint(last);
}

// The catalogue text up to this level synced, then the level kept in the run's level store
// (engine/run/level_store.hpp: at most two levels, the oldest dropped before the new files are
// written, the checkpoint naming them once every rank has written its file). A level built in
// parts is kept in its part files (engine/run/part_files.hpp), written already.
void Session::SaveCheckpoint(const HeldLevel& level) {
  const int sum = level.sum();
  const PartialSizes sizes = writer_ ? writer_->Sync() : PartialSizes{};
  std::vector<std::string> written;
  if (level.in_parts())
    written = PartFiles::Names(sum, std::max(1, plan_.parts[sum]), group_.size());
  run_.Levels(file_params_, group_)
      .Save(checkpoint_.resumable, level, {{"partial_sizes", sizes}}, std::move(written),
            [&] { run_.WriteCheckpoint(checkpoint_); });
  clock_.Saved(sum);
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

CheckedRun CheckRunParameters(const RunParameters& p, const Ranks& group) {
  CheckedRun checked;
  try {
    checked.space = EnumerationSpace::Make(p.rows, p.cols, p.max_entry, p.max_sum);
  } catch (const std::invalid_argument& e) {
    throw InputError("enumerate", e.what());
  }
  checked.threads = ThreadsOption(p.threads);
  if (p.parts < 0 || p.parts > kMaxLevelParts)
    throw InputError("--parts", "must be 1.." + std::to_string(kMaxLevelParts));
  CheckLevelEngine(checked.space, p.device, !p.generate_only, group);
  checked.memory_limit_bytes = MemoryLimitBytes(p.memory_limit_bytes);
  return checked;
}

Run::Run(RunParameters parameters, RunObserver* observer, const std::atomic<bool>* stop,
         const Ranks* group)
    : parameters_(std::move(parameters)), observer_(observer), stop_(stop), group_(group) {}

RunResult Run::Execute() {
  RunObserver silent;
  const Ranks single;
  return Session(parameters_, observer_ ? *observer_ : silent, stop_, group_ ? *group_ : single,
                 parents_done_)
      .Execute();
}

}  // namespace seki
