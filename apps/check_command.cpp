// `seki check CONJECTURE`: search regions for counterexamples to conjectures 6.1, 6.2, 6.3, 6.9.
#include "apps/check_command.hpp"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "apps/cli_error.hpp"
#include "apps/enumerate_command.hpp"
#include "apps/progress.hpp"
#include "apps/solve_format.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/run/run_directory.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {

namespace {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

std::string Shape(int rows, int cols) { return fmt::format("{}x{}", rows, cols); }

std::string Region(const ShapeCheck& s) {
  return fmt::format("{}, entries <= {}, sum <= {}", Shape(s.rows, s.cols), s.max_entry, s.max_sum);
}

std::string Gib(double bytes) { return fmt::format("{:.2f} GiB", bytes / (1024.0 * 1024 * 1024)); }

std::string Values(const Outcome& o) {
  return fmt::format("R={} C={} r={} c={}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c));
}

std::string LineText(const PlayLine& line) {
  std::string out;
  for (const PlayStep& step : line.steps) {
    if (step.pass)
      out += fmt::format(" {} pass", PlayerName(step.player));
    else
      out += fmt::format(" {}({},{})", PlayerName(step.player), step.row + 1, step.col + 1);
  }
  return out + " -> " + line.ending;
}

std::string GameTitle(Game g) { return g == Game::kSeki ? "SEKI" : "D-SEKI"; }

Json OutcomeJson(const Outcome& o, Game g) {
  const auto L = [](Result x) { return std::string(1, Letter(x)); };
  return {{"R", L(o.R)},
          {"C", L(o.C)},
          {"r", L(o.r)},
          {"c", L(o.c)},
          {"class", ClassLabel(g, o.seki_class())}};
}

Json LineJson(const PlayLine& line) {
  Json steps = Json::array();
  for (const PlayStep& step : line.steps) {
    Json s = {{"player", std::string(1, PlayerName(step.player))}, {"pass", step.pass}};
    if (!step.pass) {
      s["row"] = step.row + 1;
      s["col"] = step.col + 1;
    }
    s["after"] = FormatMatrix(step.after);
    steps.push_back(std::move(s));
  }
  return {{"result", std::string(1, Letter(line.result))},
          {"ending", line.ending},
          {"text", LineText(line).substr(1)},
          {"steps", std::move(steps)}};
}

Json FindingJson(const Finding& f) {
  const Matrix& a = f.matrix;
  return {
      {"matrix", FormatMatrix(a)},
      {"rows", a.rows()},
      {"cols", a.cols()},
      {"sum", a.sum()},
      {"height", a.height()},
      {"kind", f.kind},
      {"reason", f.reason},
      {"seki", OutcomeJson(f.values.seki, Game::kSeki)},
      {"dseki", OutcomeJson(f.values.dseki, Game::kDSeki)},
      {"lines",
       {{"game", GameTitle(f.game)}, {"R", LineJson(f.lines[0])}, {"C", LineJson(f.lines[1])}}}};
}

Json ShapeJson(const ShapeCheck& s) {
  Json counts = Json::object();
  for (const auto& [name, n] : s.counts) counts[name] = n;
  Json classes = Json::object();
  for (Game g : kGames) {
    const std::string name(GameName(g));
    classes[name] = {{"seki", s.SekiCount(g)},
                     {"complete", s.Count(g, SekiClass::kComplete)},
                     {"semi-complete", s.Count(g, SekiClass::kSemiComplete)}};
  }
  Json findings = Json::array();
  for (const Finding& f : s.findings) findings.push_back(FindingJson(f));
  Json j = {{"rows", s.rows},           {"cols", s.cols},
            {"max_entry", s.max_entry}, {"max_sum", s.max_sum},
            {"classes", s.classes},     {"burnside_classes", s.expected_classes},
            {"examined", s.examined},   {"seconds", s.seconds},
            {"class_counts", classes},  {"counts", counts}};
  if (s.conjecture == Conjecture::k62) {
    Json heights = Json::object();
    for (std::size_t h = 1; h < s.complete_seki_by_height.size(); ++h)
      if (s.complete_seki_by_height[h] > 0)
        heights[std::to_string(h)] = s.complete_seki_by_height[h];
    j["complete_seki_by_height"] = heights;
    j["largest_complete_seki_height"] = s.largest_complete_seki_height;
  }
  j["findings"] = findings;
  return j;
}

}  // namespace

std::size_t CheckReport::FindingCount() const {
  std::size_t n = 0;
  for (const ShapeCheck& s : shapes)
    for (const Finding& f : s.findings) n += f.kind != "listed";
  return n;
}

std::size_t CheckReport::ListedCount() const {
  std::size_t n = 0;
  for (const ShapeCheck& s : shapes)
    for (const Finding& f : s.findings) n += f.kind == "listed";
  return n;
}

std::string CheckReport::Result() const {
  bool counterexample = false, any = false;
  for (const ShapeCheck& s : shapes)
    for (const Finding& f : s.findings) {
      any |= f.kind != "listed";
      counterexample |= f.kind == "counterexample";
    }
  if (counterexample) return "counterexample";
  return any ? "new-height" : "no-counterexample";
}

std::pair<int, int> ParseShape(const std::string& text) {
  const auto bad = [&] {
    return CliError("--shapes",
                    "'" + text + "' is not a shape such as 3x4 (rows x columns, each 1..8)");
  };
  const std::size_t x = text.find('x');
  if (x == std::string::npos || x == 0 || x + 1 >= text.size()) throw bad();
  const std::string m = text.substr(0, x), n = text.substr(x + 1);
  for (const std::string& part : {m, n})
    if (part.size() != 1 || part[0] < '1' || part[0] > '8') throw bad();
  return {m[0] - '0', n[0] - '0'};
}

std::vector<std::pair<int, int>> CheckShapes(Conjecture c, const CheckOptions& o) {
  std::vector<std::pair<int, int>> shapes;
  for (const std::string& text : o.shapes) {
    const auto shape = ParseShape(text);
    if (c == Conjecture::k63 && shape.first == shape.second)
      throw CliError("--shapes", text + ": conjecture 6.3 is about m x n matrices with m != n");
    if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end()) shapes.push_back(shape);
  }
  if (o.max_rows >= 0 || o.max_cols >= 0) {
    const int rows = o.max_rows >= 0 ? o.max_rows : o.max_cols;
    const int cols = o.max_cols >= 0 ? o.max_cols : o.max_rows;
    if (rows < 1 || rows > kMaxDim)
      throw CliError("--max-rows", std::to_string(rows) + " is not in 1..8");
    if (cols < 1 || cols > kMaxDim)
      throw CliError("--max-cols", std::to_string(cols) + " is not in 1..8");
    const auto grid = GridShapes(c, rows, cols);
    if (grid.empty())
      throw CliError("--max-rows/--max-cols",
                     fmt::format("no shape of {}x{} or smaller is about conjecture {}", rows, cols,
                                 ConjectureName(c)));
    for (const auto& shape : grid)
      if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end()) shapes.push_back(shape);
  }
  if (shapes.empty())
    throw CliError("check", "no region: give --shapes (e.g. 3x4,4x4) and/or --max-rows/--max-cols");
  return shapes;
}

std::string FormatCheckHeader(const CheckReport& r) {
  std::string out = fmt::format("seki check {}: {}\n", ConjectureName(r.conjecture),
                                ConjectureStatement(r.conjecture));
  out += fmt::format("  reported: {}\n", FindingMeaning(r.conjecture));
  out +=
      "  region: every class of each shape (matrices up to row/column permutation) within the "
      "bounds, built by the level engine; a class with a zero line is not a starting position "
      "and is not examined\n";
  return out;
}

std::string FormatShapeText(const ShapeCheck& s) {
  std::string out = fmt::format("\n{}\n", Region(s));
  out += fmt::format(
      "  classes examined: {} with no zero line, of {} classes in all ({}); {:.2f} s\n", s.examined,
      s.classes,
      s.classes == s.expected_classes ? "= Burnside's count"
                                      : "Burnside: " + std::to_string(s.expected_classes),
      s.seconds);
  out += fmt::format(
      "  SEKI: {} seki ({} complete, {} semi-complete); D-SEKI: {} d-seki ({} complete, {} "
      "semi-complete)\n",
      s.SekiCount(Game::kSeki), s.Count(Game::kSeki, SekiClass::kComplete),
      s.Count(Game::kSeki, SekiClass::kSemiComplete), s.SekiCount(Game::kDSeki),
      s.Count(Game::kDSeki, SekiClass::kComplete), s.Count(Game::kDSeki, SekiClass::kSemiComplete));
  if (!s.counts.empty()) {
    std::string counts;
    for (const auto& [name, n] : s.counts)
      counts += fmt::format("{}{}: {}", counts.empty() ? "" : "; ", name, n);
    out += "  " + counts + "\n";
  }
  if (s.conjecture == Conjecture::k62) {
    std::string heights;
    for (std::size_t h = 1; h < s.complete_seki_by_height.size(); ++h)
      if (s.complete_seki_by_height[h] > 0)
        heights += fmt::format("{}height {}: {}", heights.empty() ? "" : ", ", h,
                               s.complete_seki_by_height[h]);
    if (s.largest_complete_seki_height == 0)
      out += "  no complete seki in the region; largest height: none\n";
    else
      out += fmt::format("  complete seki by height: {}; largest height: {}\n", heights,
                         s.largest_complete_seki_height);
  }
  const bool none = std::all_of(s.findings.begin(), s.findings.end(),
                                [](const Finding& f) { return f.kind == "listed"; });
  if (none)
    out += s.conjecture == Conjecture::k62
               ? "  no complete seki of height >= 4: no counterexample\n"
               : "  no counterexample\n";
  for (std::size_t k = 0; k < s.findings.size(); ++k) {
    const Finding& f = s.findings[k];
    const Matrix& a = f.matrix;
    out += fmt::format("  {} {} of {}: {}  {}x{}, sum {}, height {}\n",
                       f.kind == "counterexample" ? "COUNTEREXAMPLE"
                       : f.kind == "new"          ? "NEW"
                                                  : "LISTED",
                       k + 1, s.findings.size(), FormatMatrix(a), a.rows(), a.cols(), a.sum(),
                       a.height());
    out += "    why: " + f.reason + "\n";
    for (Game g : kGames)
      out += fmt::format("    {:<7}{}  {}\n", GameTitle(g), Values(f.values[g]),
                         ClassLabel(g, f.values[g].seki_class()));
    out += fmt::format("    {}, R first:{}\n", GameTitle(f.game), LineText(f.lines[0]));
    out += fmt::format("    {}, C first:{}\n", GameTitle(f.game), LineText(f.lines[1]));
  }
  return out;
}

std::string FormatCheckSummary(const CheckReport& r) {
  std::string shapes, heights;
  std::uint64_t classes = 0, examined = 0, dseki = 0, seki = 0;
  for (const ShapeCheck& s : r.shapes) {
    shapes += (shapes.empty() ? "" : ",") + Shape(s.rows, s.cols);
    heights += fmt::format("{}{}:{}", heights.empty() ? "" : ",", Shape(s.rows, s.cols),
                           s.largest_complete_seki_height);
    classes += s.classes;
    examined += s.examined;
    seki += s.SekiCount(Game::kSeki);
    dseki += s.SekiCount(Game::kDSeki);
  }
  const auto bound = [](int b) { return b < 0 ? std::string("none") : std::to_string(b); };
  std::string extra;
  if (r.conjecture == Conjecture::k62) {
    extra = " largest_height=" + heights;
    if (r.min_height != 4)
      extra += fmt::format(" min_height={} listed={}", r.min_height, r.ListedCount());
  }
  if (r.conjecture == Conjecture::k63) extra = fmt::format(" seki={} dseki={}", seki, dseki);
  return fmt::format(
      "check conjecture={} shapes={} max_entry={} max_sum={} classes={} examined={}{} "
      "findings={} result={} seconds={:.2f}\n",
      ConjectureName(r.conjecture), shapes, bound(r.max_entry), bound(r.max_sum), classes, examined,
      extra, r.FindingCount(), r.Result(), r.seconds);
}

std::string FormatCheckJson(const CheckReport& r) {
  Json shapes = Json::array();
  for (const ShapeCheck& s : r.shapes) shapes.push_back(ShapeJson(s));
  std::uint64_t classes = 0, examined = 0;
  for (const ShapeCheck& s : r.shapes) classes += s.classes, examined += s.examined;
  const auto bound = [](int b) { return b < 0 ? Json(nullptr) : Json(b); };
  const Json j = {
      {"tool", {{"name", "seki"}, {"version", SEKI_VERSION}, {"commit", SEKI_GIT_COMMIT}}},
      {"command", r.command},
      {"conjecture", std::string(ConjectureName(r.conjecture))},
      {"statement", std::string(ConjectureStatement(r.conjecture))},
      {"reported", std::string(FindingMeaning(r.conjecture))},
      {"region",
       {{"max_entry", bound(r.max_entry)},
        {"max_sum", bound(r.max_sum)},
        {"min_height", r.conjecture == Conjecture::k62 ? Json(r.min_height) : Json(nullptr)}}},
      {"threads", r.threads},
      {"shapes", shapes},
      {"totals",
       {{"classes", classes},
        {"examined", examined},
        {"findings", r.FindingCount()},
        {"listed", r.ListedCount()}}},
      {"result", r.Result()},
      {"seconds", r.seconds}};
  return j.dump(2) + "\n";
}

int RunCheck(const CheckOptions& o, const std::string& command_line) {
  const std::optional<Conjecture> conjecture = ParseConjecture(o.conjecture);
  if (!conjecture)
    throw CliError("check", "unknown conjecture '" + o.conjecture + "'; one of 6.1, 6.2, 6.3, 6.9");
  const Conjecture c = *conjecture;
  if (o.threads < 0) throw CliError("--threads", "must be 0 (all cores) or positive");
  if (c != Conjecture::k61 && o.max_entry < 0 && o.max_sum < 0)
    throw CliError("check", "no bound: give --max-entry, --max-sum or both");
  if (o.min_height >= 0 && c != Conjecture::k62)
    throw CliError("--min-height", "only for conjecture 6.2");
  const double memory_limit = o.memory_limit.empty()
                                  ? 0.8 * double(PhysicalMemoryBytes())
                                  : double(ParseByteSize(o.memory_limit, "--memory-limit"));

  // Every shape is checked (bounds, key width, memory) before any search starts.
  std::vector<EnumerationSpace> spaces;
  for (const auto& [rows, cols] : CheckShapes(c, o)) {
    EnumerationSpace space;
    try {
      space = CheckSpace(c, rows, cols, o.max_entry, o.max_sum);
    } catch (const std::invalid_argument& e) {
      throw CliError("check " + std::string(ConjectureName(c)), e.what());
    }
    const auto counts = ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum);
    for (int s = 1; s <= space.max_sum; ++s)
      if (const double need = LevelBuilder::PeakBytes(space, counts[s - 1], counts[s]);
          need > memory_limit)
        throw CliError("--memory-limit",
                       fmt::format("shape {}, entries <= {}, sum <= {}: level {} needs about {}, "
                                   "more than the limit of {}",
                                   Shape(rows, cols), space.max_entry, space.max_sum, s, Gib(need),
                                   Gib(memory_limit)));
    spaces.push_back(space);
  }
  if (!o.json_file.empty()) {  // fail before the search, not after it
    std::ofstream probe(o.json_file, std::ios::app);
    if (!probe) throw CliError(o.json_file, std::string("cannot write: ") + std::strerror(errno));
  }

  const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  CheckReport report;
  report.conjecture = c;
  report.max_entry = c == Conjecture::k61 && o.max_entry < 0 ? 2 : o.max_entry;
  report.min_height = o.min_height >= 0 ? o.min_height : 4;
  report.max_sum = o.max_sum;
  report.threads = threads;
  report.command = command_line;

  const auto start = Clock::now();
  std::cout << FormatCheckHeader(report) << std::flush;
  const bool live = !o.quiet && isatty(STDERR_FILENO);
  for (const EnumerationSpace& space : spaces) {
    const std::string name =
        fmt::format("seki check {} {}x{}", ConjectureName(c), space.rows, space.cols);
    if (!o.quiet && !live)
      std::cerr << fmt::format("{}: entries <= {}, sum <= {}, {} levels\n", name, space.max_entry,
                               space.max_sum, space.max_sum + 1);
    std::atomic<std::uint64_t> parents_done{0};
    std::optional<Progress> progress;
    CheckConfig config;
    config.min_height_62 = report.min_height;
    if (live) {
      progress.emplace(true,
                       ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum), 0);
      config.build.parents_done = &parents_done;
      config.on_level = [&](int sum, std::uint64_t classes, double seconds) {
        progress->FinishLevel(sum, fmt::format("{}: level {}/{}: {} classes ({:.2f} s)", name, sum,
                                               space.max_sum, classes, seconds));
        parents_done = 0;
        progress->StartLevel(sum + 1, &parents_done);
      };
    }
    report.shapes.push_back(CheckShape(c, space, config));
    progress.reset();
    std::cout << FormatShapeText(report.shapes.back()) << std::flush;
  }
  report.seconds = std::chrono::duration<double>(Clock::now() - start).count();

  std::cout << '\n' << FormatCheckSummary(report) << std::flush;
  if (!o.json_file.empty()) WriteOutputFile(o.json_file, FormatCheckJson(report));
  return report.FindingCount() == 0 ? 0 : 1;
}

void AddCheckCommand(CLI::App& app, int argc, char** argv) {
  auto options = std::make_shared<CheckOptions>();
  std::string command_line;
  for (int k = 0; k < argc; ++k) command_line += (k ? " " : "") + std::string(argv[k]);
  CLI::App* sub = app.add_subcommand(
      "check",
      "Search every class of a region for counterexamples to an open conjecture of the paper "
      "(6.1, 6.2, 6.3, 6.9) and report the exact region and number of classes examined");
  sub->add_option("conjecture", options->conjecture,
                  "6.1: every prime (0,1,2) complete seki is an IDSM (entries <= 2); "
                  "6.2: heights of complete seki (reports the largest, and every one of height "
                  ">= 4); 6.3: every seki is square; 6.9: every complete d-seki is a direct sum "
                  "of (0,1)-IDSMs with s >= 2 and 2-cycles C_k, k >= 3")
      ->required();
  sub->add_option("--shapes", options->shapes, "Shapes, e.g. 4x4,3x4 (rows x columns, 1..8)")
      ->delimiter(',')
      ->type_name("MxN,...");
  sub->add_option("--max-rows", options->max_rows,
                  "Every shape m x n with m <= R, n <= C that the conjecture is about (6.1, 6.2: "
                  "n x n; 6.3: m != n; 6.9: all), each shape or its transpose once (as m < n)")
      ->type_name("R")
      ->check(CLI::Range(1, kMaxDim));
  sub->add_option("--max-cols", options->max_cols, "See --max-rows (default: the same as R)")
      ->type_name("C")
      ->check(CLI::Range(1, kMaxDim));
  sub->add_option("--max-entry", options->max_entry, "Largest entry (6.1: 1 or 2, default 2)")
      ->type_name("H")
      ->check(CLI::Range(1, kMaxEntry));
  sub->add_option("--max-sum", options->max_sum, "Largest total sum")
      ->type_name("S")
      ->check(CLI::Range(1, kMaxDim * kMaxDim * kMaxEntry));
  sub->add_option("--min-height", options->min_height,
                  "6.2 only: also list every complete seki of height >= K, K = 1..4 (default 4); "
                  "those of height <= 3 are listed, not findings")
      ->type_name("K")
      ->check(CLI::Range(1, 4));
  sub->add_option("--json", options->json_file,
                  "Also write the report (region, counts, findings with lines, times, command, "
                  "version) as JSON to FILE")
      ->type_name("FILE");
  sub->add_option("--memory-limit", options->memory_limit,
                  "Refuse a shape whose levels would need more, e.g. 8G (default: 80% of "
                  "physical memory)");
  sub->add_option("--threads", options->threads, "Worker threads (default: all cores)");
  sub->add_flag("--quiet", options->quiet, "No progress on stderr");
  sub->footer(
      "A region is a list of shapes with --max-entry H and/or --max-sum S (at least one, except "
      "6.1 where entries <= 2 is the default); every class of each shape within the bounds is "
      "built by the level engine and each class with no zero line is examined. Output: per "
      "shape the region, the classes examined, the time and 'no counterexample' or every "
      "finding with its values in both games and a line of optimal play for R first and for C "
      "first; then one summary line 'check conjecture=... result=...'.\n"
      "Exit status: 0 nothing found; 1 a finding (a counterexample; for 6.2 a complete seki of "
      "height >= 4, a counterexample to H_3 = 3 on 3x3 and a new record elsewhere); 2 bad "
      "input (unknown conjecture, bad shape, missing bound, a key wider than 56 bits, not "
      "enough memory).");
  sub->callback([options, command_line] {
    const int status = RunCheck(*options, command_line);
    if (status != 0) throw ExitStatus(status);
  });
}

}  // namespace seki::cli
