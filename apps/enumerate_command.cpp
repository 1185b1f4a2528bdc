// `seki enumerate`: level-by-level enumeration into a run directory, with checkpoints, resume,
// a memory budget, progress and provenance.
#include "apps/enumerate_command.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "apps/cli_error.hpp"
#include "apps/progress.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/run/run_directory.hpp"
#include "storage/level_file.hpp"

namespace seki::cli {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

std::atomic<bool> g_stop{false};

extern "C" void OnSigint(int) {
  g_stop.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C kills at once
}

// Fault injection for the kill-and-resume tests: with SEKI_KILL_AT=<point>:<level> in the
// environment the process kills itself with SIGKILL at that point, as an outside kill would.
void KillPoint(const char* point, int level) {
  static const char* target = std::getenv("SEKI_KILL_AT");
  if (target && std::string(target) == std::string(point) + ":" + std::to_string(level))
    std::raise(SIGKILL);
}

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

std::string Gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
  return text;
}

json MembersJson(const LevelCounts& c) {
  json j = json::object();
  for (Game g : kGames)
    for (CatalogueKind k : kCatalogueKinds) {
      const std::string name = CatalogueFileName(g, k);
      j[name.substr(0, name.size() - 4)] = c.members[static_cast<int>(g)][static_cast<int>(k)];
    }
  return j;
}

json LevelJson(const LevelCounts& c, double seconds) {
  return {{"sum", c.sum},           {"classes", c.classes},
          {"starting", c.starting}, {"members", MembersJson(c)},
          {"seconds", seconds},     {"peak_rss_bytes", PeakRssBytes()}};
}

json ParametersJson(const EnumerateOptions& o, const EnumerationSpace& space) {
  return {{"rows", space.rows},
          {"cols", space.cols},
          {"max_entry", o.max_entry < 0 ? json(nullptr) : json(o.max_entry)},
          {"max_sum", o.max_sum < 0 ? json(nullptr) : json(o.max_sum)},
          {"effective_max_entry", space.max_entry},
          {"effective_max_sum", space.max_sum},
          {"outcomes", o.outcomes},
          {"generate_only", o.generate_only}};
}

// Sums the per-level reports into totals.
json TotalsJson(const json& levels) {
  json totals = {{"classes", 0}, {"starting", 0}, {"members", json::object()}};
  for (const json& l : levels) {
    totals["classes"] = totals["classes"].get<std::uint64_t>() + l["classes"].get<std::uint64_t>();
    totals["starting"] =
        totals["starting"].get<std::uint64_t>() + l["starting"].get<std::uint64_t>();
    for (const auto& [name, n] : l["members"].items())
      totals["members"][name] =
          totals["members"].value(name, std::uint64_t{0}) + n.get<std::uint64_t>();
  }
  return totals;
}

// Bytes needed to build level `sum` from level sum-1 and write it (an upper estimate): what the
// level engine needs (LevelBuilder::PeakBytes; generating only: the level below, one record per
// class and the new level), a sorted copy of the new level for writing (16 bytes a class), and
// text for outcomes.
double LevelBytesEstimate(const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                          int sum, bool outcomes, bool generate_only) {
  const double below = double(counts[sum - 1]), here = double(counts[sum]);
  const double build = generate_only ? 9 * below + 17 * here
                                     : LevelBuilder::PeakBytes(space, counts[sum - 1], counts[sum]);
  return build + 16 * here + (outcomes ? 48 * here : 0);
}

std::string ResumeHint(const std::string& command_line) {
  return command_line.find("--resume") == std::string::npos ? command_line + " --resume"
                                                            : command_line;
}

}  // namespace

std::uint64_t ParseByteSize(const std::string& text, const std::string& option) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    throw CliError(option, "'" + text + "' is not a size such as 8G, 512M or 1073741824");
  }
  const std::string suffix = text.substr(used);
  double scale = 1;
  if (suffix == "K" || suffix == "k")
    scale = 1024.0;
  else if (suffix == "M" || suffix == "m")
    scale = 1024.0 * 1024;
  else if (suffix == "G" || suffix == "g")
    scale = 1024.0 * 1024 * 1024;
  else if (suffix == "T" || suffix == "t")
    scale = 1024.0 * 1024 * 1024 * 1024;
  else if (!suffix.empty())
    throw CliError(option, "'" + text + "' has an unknown unit (use K, M, G or T)");
  if (!(value > 0)) throw CliError(option, "'" + text + "' must be positive");
  return static_cast<std::uint64_t>(value * scale);
}

int RunEnumerate(const EnumerateOptions& o, const std::string& command_line) {
  EnumerationSpace space;
  try {
    space = EnumerationSpace::Make(o.rows, o.cols, o.max_entry, o.max_sum);
  } catch (const std::invalid_argument& e) {
    throw CliError("enumerate", e.what());
  }
  if (o.threads < 0) throw CliError("--threads", "must be 0 (all cores) or positive");
  const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const double memory_limit = o.memory_limit.empty()
                                  ? 0.8 * double(PhysicalMemoryBytes())
                                  : double(ParseByteSize(o.memory_limit, "--memory-limit"));

  // The exact number of classes per level (Burnside): progress, ETA and the memory estimate.
  const std::vector<std::uint64_t> counts =
      ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum);
  for (int s = 1; s <= space.max_sum; ++s) {
    const double need = LevelBytesEstimate(space, counts, s, o.outcomes, o.generate_only);
    if (need > memory_limit)
      throw CliError("--memory-limit", "level " + std::to_string(s) + " of " +
                                           std::to_string(space.max_sum) + " needs about " +
                                           Gib(need) + ", more than the limit of " +
                                           Gib(memory_limit));
  }

  const RunDirectory run(o.out);
  std::error_code ec;
  std::filesystem::create_directories(run.path() / "levels", ec);
  if (ec) throw CliError(o.out, "cannot create the run directory: " + ec.message());

  const json parameters = ParametersJson(o, space);
  const LevelFileParams file_params{space.rows, space.cols, space.max_entry, space.max_sum,
                                    !o.generate_only};
  Checkpoint checkpoint{parameters, json::array(), {}, 0, NowIso8601()};
  std::optional<Level> resumed;
  std::optional<PartialSizes> resume_sizes;
  if (o.resume && run.IsComplete()) {
    std::cerr << "seki enumerate: " << o.out << " already holds a complete run; nothing to do\n";
    return 0;
  }
  if (!o.resume && run.HasRun()) {
    if (!o.force)
      throw CliError(o.out,
                     "already holds a run; use --resume to continue it or --force to "
                     "start over");
    run.Clear();
    std::filesystem::create_directories(run.path() / "levels");
  }
  if (o.resume) {
    std::string why;
    if (auto c = run.ReadCheckpoint(&why)) {
      if (c->parameters != parameters)
        throw CliError("--resume", o.out + " was started with other parameters: " +
                                       c->parameters.dump() + " (now " + parameters.dump() + ")");
      // The newest finished level whose file verifies; a torn or corrupt file is redone.
      for (auto r = c->resumable.rbegin(); r != c->resumable.rend() && !resumed; ++r) {
        std::string reason;
        resumed = ReadLevelFile(run.path() / r->level_file, file_params, &reason);
        if (!resumed) {
          std::cerr << "seki enumerate: not using " << r->level_file << ": " << reason << '\n';
          continue;
        }
        resume_sizes = r->partial_sizes;
        checkpoint = *c;
        json kept = json::array();  // per-level reports up to the resumed level
        for (const json& l : c->levels)
          if (l["sum"].get<int>() <= r->sum) kept.push_back(l);
        checkpoint.levels = kept;
        checkpoint.resumable.assign(c->resumable.begin(), r.base());
      }
      if (!resumed) std::cerr << "seki enumerate: no usable level file; starting over\n";
    } else {
      std::cerr << "seki enumerate: nothing to resume in " << o.out << " (" << why
                << "); starting\n";
    }
  }
  if (resumed) {  // finished catalogues from an interrupted finish go back to partial files
    for (const auto& [name, size] : *resume_sizes) {
      const auto final_path = run.path() / name, partial = run.path() / (name + ".partial");
      if (!std::filesystem::exists(partial) && std::filesystem::exists(final_path))
        std::filesystem::rename(final_path, partial);
    }
  }

  const bool live = !o.quiet && isatty(STDERR_FILENO);
  std::uint64_t done_before = 0;
  for (const json& l : checkpoint.levels) done_before += l["classes"].get<std::uint64_t>();
  Progress progress(live, counts, done_before);
  progress.Say("seki enumerate: " + std::to_string(space.rows) + "x" + std::to_string(space.cols) +
               ", entries <= " + std::to_string(space.max_entry) + ", sum <= " +
               std::to_string(space.max_sum) + ", " + std::to_string(threads) + " threads, " +
               (o.generate_only ? "generation only" : "both games") + " -> " + o.out +
               (resumed ? " (resuming after level " + std::to_string(resumed->sum) + ")" : ""));

  std::optional<CatalogueWriter> writer;
  if (!o.generate_only) writer.emplace(run.path(), space, o.outcomes, resume_sizes);
  std::atomic<std::uint64_t> parents_done{0};
  const LevelBuilder builder(space, !o.generate_only, BuildHooks{&parents_done, &g_stop});
  std::signal(SIGINT, OnSigint);

  const auto start = Clock::now();
  // Writes a built level's catalogue lines and checkpoint; the level's time runs from `since`
  // (before building) to the checkpoint.
  auto finish_level = [&](const Level& level, Clock::time_point since) {
    const LevelCounts c = writer ? writer->AddLevel(level) : CountClasses(level, space.codec);
    KillPoint("catalogue", level.sum);
    const PartialSizes sizes = writer ? writer->Sync() : PartialSizes{};
    const std::string file = run.LevelFileName(level.sum);
    WriteLevelFile(run.path() / file, level, file_params);
    KillPoint("level-file", level.sum);
    const double seconds = Seconds(since);
    checkpoint.levels.push_back(LevelJson(c, seconds));
    checkpoint.resumable.push_back({level.sum, file, sizes});
    if (checkpoint.resumable.size() > 2) checkpoint.resumable.erase(checkpoint.resumable.begin());
    checkpoint.elapsed_seconds += seconds;
    run.WriteCheckpoint(checkpoint);
    KillPoint("checkpoint", level.sum);
    if (level.sum >= 2) run.RemoveLevelFile(level.sum - 2);
    progress.FinishLevel(
        level.sum, "level " + std::to_string(level.sum) + "/" + std::to_string(space.max_sum) +
                       ": " + std::to_string(c.classes) + " classes, " +
                       std::to_string(c.starting) + " without zero lines, " +
                       std::to_string(c.members[0][1]) + " complete seki, " +
                       std::to_string(c.members[1][1]) + " complete d-seki (" +
                       std::to_string(seconds) + " s, peak " + Gib(double(PeakRssBytes())) + ")");
  };

  auto interrupted = [&](int last) {
    progress.Say("seki enumerate: interrupted; levels up to " + std::to_string(last) +
                 " are saved in " + o.out + "; continue with: " + ResumeHint(command_line));
    return 130;
  };

  Level level;
  auto level_start = Clock::now();
  if (resumed) {
    level = std::move(*resumed);
  } else {
    level = builder.First();
    finish_level(level, level_start);
  }
  while (level.sum < space.max_sum) {
    if (g_stop.load()) return interrupted(level.sum);
    const int next = level.sum + 1;
    const double need = LevelBytesEstimate(space, counts, next, o.outcomes, o.generate_only);
    if (need + double(CurrentRssBytes()) > memory_limit)
      throw CliError("--memory-limit",
                     "level " + std::to_string(next) + " needs about " + Gib(need) + " on top of " +
                         Gib(double(CurrentRssBytes())) + " in use, more than " +
                         Gib(memory_limit) + "; levels up to " + std::to_string(level.sum) +
                         " are saved: rerun with a larger limit and --resume");
    level_start = Clock::now();
    parents_done = 0;
    progress.StartLevel(next, &parents_done);
    try {
      level = builder.Next(level);
    } catch (const LevelInterrupted&) {
      return interrupted(level.sum);
    }
    finish_level(level, level_start);
  }
  std::signal(SIGINT, SIG_DFL);

  const double wall = Seconds(start);
  const json totals = TotalsJson(checkpoint.levels);
  json manifest = {
      {"format", "seki-run/1"},
      {"tool", {{"name", "seki"}, {"version", SEKI_VERSION}, {"commit", SEKI_GIT_COMMIT}}},
      {"command", command_line},
      {"parameters", parameters},
      {"threads", threads},
      {"host", HostJson()},
      {"start", checkpoint.start},
      {"end", NowIso8601()},
      {"levels", checkpoint.levels},
      {"totals", totals},
      {"files", json::object()}};
  const json summary = {{"parameters", parameters},
                        {"levels", checkpoint.levels},
                        {"totals", totals},
                        {"wall_seconds", checkpoint.elapsed_seconds},
                        {"wall_seconds_this_session", wall},
                        {"peak_rss_bytes", PeakRssBytes()}};
  auto files = writer ? writer->Commit() : std::map<std::string, std::filesystem::path>{};
  KillPoint("finish", space.max_sum);
  run.Finish(manifest, files, summary);

  // One machine-readable line at the end, as nauty's generators do.
  const json& m = totals["members"];
  std::cout << "enumerated " << space.rows << "x" << space.cols << " entries<=" << space.max_entry
            << " sum<=" << space.max_sum << " classes=" << totals["classes"]
            << " starting=" << totals["starting"] << " seki=" << m.value("seki/seki", 0)
            << " complete=" << m.value("seki/complete", 0)
            << " semi-complete=" << m.value("seki/semi-complete", 0)
            << " dseki=" << m.value("dseki/seki", 0)
            << " complete-dseki=" << m.value("dseki/complete", 0)
            << " semi-complete-dseki=" << m.value("dseki/semi-complete", 0)
            << " wall=" << checkpoint.elapsed_seconds << "s peak_rss=" << PeakRssBytes() << '\n';
  return 0;
}

void AddEnumerateCommand(CLI::App& app, int argc, char** argv) {
  auto options = std::make_shared<EnumerateOptions>();
  std::string command_line;
  for (int k = 0; k < argc; ++k) command_line += (k ? " " : "") + std::string(argv[k]);
  CLI::App* cmd = app.add_subcommand(
      "enumerate",
      "Walk every class of rows x cols matrices (up to row/column permutation) level by level in "
      "increasing sum, solve SEKI and D-SEKI, and write catalogues into --out DIR");
  cmd->add_option("--rows", options->rows, "Number of rows (1..8)")->required();
  cmd->add_option("--cols", options->cols, "Number of columns (1..8)")->required();
  cmd->add_option("--max-entry", options->max_entry, "Largest entry (H)");
  cmd->add_option("--max-sum", options->max_sum, "Largest total sum (S)");
  cmd->add_option("--threads", options->threads, "Worker threads (default: all cores)");
  cmd->add_option("--out", options->out, "Run directory")->required();
  cmd->add_option("--memory-limit", options->memory_limit,
                  "Refuse levels that would need more, e.g. 8G (default: 80% of physical memory)");
  cmd->add_flag("--outcomes", options->outcomes, "Also write outcomes.txt (every class)");
  cmd->add_flag("--generate-only", options->generate_only,
                "Generate and count the classes without solving (orderly generation); no "
                "catalogues");
  cmd->add_flag("--resume", options->resume,
                "Continue an interrupted run in --out from its last verified level");
  cmd->add_flag("--force", options->force, "Start over even if --out holds a run");
  cmd->add_flag("--quiet", options->quiet, "No live progress line; one log line per level");
  cmd->footer(
      "Files: DIR/seki/{seki,complete,semi-complete}.txt, DIR/dseki/(same), DIR/outcomes.txt "
      "(--outcomes), DIR/summary.json, DIR/manifest.json. Lines are sorted by (sum, canonical "
      "key), identical for any --threads. Exit status: 0 done, 2 bad input or a run that will not "
      "fit in --memory-limit, 130 interrupted (Ctrl-C; continue with --resume).");
  cmd->callback([options, command_line] {
    const int status = RunEnumerate(*options, command_line);
    if (status != 0) throw ExitStatus(status);
  });
}

}  // namespace seki::cli
