#include "engine/check/check_json.hpp"

#include "engine/base/matrix_text.hpp"
#include "engine/run/tool_version.hpp"
#include "engine/solve/solve_json.hpp"

namespace seki {
namespace {

using Json = nlohmann::ordered_json;

std::string GameTitle(Game g) { return g == Game::kSeki ? "SEKI" : "D-SEKI"; }

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
      {"seki", OutcomeJson(f.values.seki, ClassLabel(Game::kSeki, f.values.seki.seki_class()))},
      {"dseki", OutcomeJson(f.values.dseki, ClassLabel(Game::kDSeki, f.values.dseki.seki_class()))},
      {"lines",
       {{"game", GameTitle(f.game)},
        {"R", PlayLineJson(f.lines[0], true)},
        {"C", PlayLineJson(f.lines[1], true)}}}};
}

Json ShapeJson(const ShapeReport& s) {
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
  j["census"] = CensusJson(s.census);
  return j;
}

}  // namespace

nlohmann::ordered_json CheckReportJson(const CheckReport& r) {
  Json shapes = Json::array();
  for (const ShapeReport& s : r.shapes) shapes.push_back(ShapeJson(s));
  std::uint64_t classes = 0, examined = 0;
  for (const ShapeReport& s : r.shapes) classes += s.classes, examined += s.examined;
  const auto bound = [](int b) { return b < 0 ? Json(nullptr) : Json(b); };
  Json report = {
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
  if (r.ranks > 1) report["ranks"] = r.ranks;  // mpirun; one process's report stays as it was
  return report;
}

}  // namespace seki
