// `seki enumerate`: level-by-level enumeration into a run directory.
#include "apps/enumerate_command.hpp"

#include <sys/resource.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "apps/cli_error.hpp"
#include "engine/catalogue.hpp"
#include "engine/level_builder.hpp"

namespace seki::cli {

namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

std::uint64_t PeakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

nlohmann::json CountsJson(const LevelCounts& c) {
  nlohmann::json j = {{"sum", c.sum}, {"classes", c.classes}, {"starting", c.starting}};
  for (Game g : kGames)
    for (CatalogueKind k : kCatalogueKinds) {
      const std::string name = CatalogueFileName(g, k);
      j["members"][name.substr(0, name.size() - 4)] =
          c.members[static_cast<int>(g)][static_cast<int>(k)];
    }
  return j;
}

}  // namespace

void RunEnumerate(const EnumerateOptions& o, const std::string& command_line) {
  EnumerationSpace space;
  try {
    space = EnumerationSpace::Make(o.rows, o.cols, o.max_entry, o.max_sum);
  } catch (const std::invalid_argument& e) {
    throw CliError("enumerate", e.what());
  }
  if (o.threads < 0) throw CliError("--threads", "must be 0 (all cores) or positive");
  const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);

  const std::filesystem::path dir(o.out);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw CliError(o.out, "cannot create the run directory: " + ec.message());

  const auto start = Clock::now();
  auto log = [&](const std::string& line) {
    if (!o.quiet) std::cerr << line << '\n';
  };
  log("seki enumerate: " + std::to_string(space.rows) + "x" + std::to_string(space.cols) +
      ", entries <= " + std::to_string(space.max_entry) + ", sum <= " +
      std::to_string(space.max_sum) + ", " + std::to_string(threads) + " threads -> " + o.out);

  std::optional<CatalogueWriter> writer;
  if (!o.generate_only) writer.emplace(dir, space, o.outcomes);
  nlohmann::json levels = nlohmann::json::array();
  LevelCounts total;
  std::uint64_t peak_level_classes = 0, peak_level_bytes = 0;
  auto previous = start;
  ForEachLevel(
      space,
      [&](const Level& level) {
        const LevelCounts c = writer ? writer->AddLevel(level) : CountClasses(level, space.codec);
        total.classes += c.classes;
        total.starting += c.starting;
        for (int g = 0; g < 2; ++g)
          for (int k = 0; k < 3; ++k) total.members[g][k] += c.members[g][k];
        if (c.classes > peak_level_classes) {
          peak_level_classes = c.classes;
          peak_level_bytes = level.bytes();
        }
        nlohmann::json j = CountsJson(c);
        j["seconds"] = Seconds(previous);  // building, solving and writing this level
        previous = Clock::now();
        levels.push_back(j);
        log("level " + std::to_string(level.sum) + "/" + std::to_string(space.max_sum) + ": " +
            std::to_string(c.classes) + " classes, " + std::to_string(c.starting) +
            " without zero lines, " + std::to_string(c.members[0][1]) + " complete seki (" +
            std::to_string(Seconds(start)) + " s)");
      },
      !o.generate_only);
  if (writer) writer->Commit();

  const double wall = Seconds(start);
  nlohmann::json summary = {
      {"command", command_line},
      {"parameters",
       {{"rows", space.rows},
        {"cols", space.cols},
        {"max_entry", o.max_entry < 0 ? nlohmann::json(nullptr) : nlohmann::json(o.max_entry)},
        {"max_sum", o.max_sum < 0 ? nlohmann::json(nullptr) : nlohmann::json(o.max_sum)},
        {"effective_max_entry", space.max_entry},
        {"effective_max_sum", space.max_sum},
        {"threads", threads},
        {"outcomes", o.outcomes},
        {"generate_only", o.generate_only}}},
      {"levels", levels},
      {"totals", CountsJson(total)},
      {"wall_seconds", wall},
      {"peak_rss_bytes", PeakRssBytes()},
      {"peak_level_classes", peak_level_classes},
      {"peak_level_bytes", peak_level_bytes}};
  summary["totals"].erase("sum");
  std::ofstream(dir / "summary.json") << summary.dump(2) << '\n';

  // One machine-readable line at the end, as nauty's generators do.
  std::cout << "enumerated " << space.rows << "x" << space.cols << " classes=" << total.classes
            << " starting=" << total.starting << " seki=" << total.members[0][0]
            << " complete=" << total.members[0][1] << " semi-complete=" << total.members[0][2]
            << " dseki=" << total.members[1][0] << " complete-dseki=" << total.members[1][1]
            << " semi-complete-dseki=" << total.members[1][2] << " wall=" << wall
            << "s peak_rss=" << PeakRssBytes() << '\n';
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
  cmd->add_flag("--outcomes", options->outcomes, "Also write outcomes.txt (every class)");
  cmd->add_flag("--generate-only", options->generate_only,
                "Generate and count the classes without solving; writes summary.json only");
  cmd->add_flag("--quiet", options->quiet, "No per-level log lines on stderr");
  cmd->callback([options, command_line] { RunEnumerate(*options, command_line); });
}

}  // namespace seki::cli
