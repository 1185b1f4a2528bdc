// The reports of `seki check`: the header, each shape's text, the summary line and the JSON file.
#include "apps/check_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/base/matrix_text.hpp"
#include "engine/run/tool_version.hpp"

namespace seki::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string Shape(int rows, int cols) { return fmt::format("{}x{}", rows, cols); }

std::string Region(const ShapeCheck& s) {
  return fmt::format("{}, entries <= {}, sum <= {}", Shape(s.rows, s.cols), s.max_entry, s.max_sum);
}

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
      {"tool", {{"name", "seki"}, {"version", ToolVersion()}, {"commit", ToolCommit()}}},
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

}  // namespace seki::cli
