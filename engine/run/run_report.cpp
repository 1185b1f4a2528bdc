// Level reports and totals, and their JSON form.
#include "engine/run/run_report.hpp"

#include <string>

#include "engine/run/host.hpp"

namespace seki {

namespace {

using nlohmann::json;

// "seki/complete": a catalogue's file name without ".txt".
std::string MemberName(Game g, CatalogueKind k) {
  const std::string name = CatalogueFileName(g, k);
  return name.substr(0, name.size() - 4);
}

json MembersJson(const MemberCounts& members) {
  json j = json::object();
  for (Game g : kGames)
    for (CatalogueKind k : kCatalogueKinds)
      j[MemberName(g, k)] = members[static_cast<int>(g)][static_cast<int>(k)];
  return j;
}

}  // namespace

LevelReport MakeLevelReport(const LevelCounts& counts, double seconds) {
  return {counts.sum, counts.classes, counts.starting, counts.members, seconds, PeakRssBytes()};
}

json LevelReportJson(const LevelReport& r) {
  return {{"sum", r.sum},           {"classes", r.classes},
          {"starting", r.starting}, {"members", MembersJson(r.members)},
          {"seconds", r.seconds},   {"peak_rss_bytes", r.peak_rss_bytes}};
}

LevelReport LevelReportFromJson(const json& j) {
  LevelReport r;
  r.sum = j.at("sum").get<int>();
  r.classes = j.at("classes").get<std::uint64_t>();
  r.starting = j.at("starting").get<std::uint64_t>();
  for (Game g : kGames)
    for (CatalogueKind k : kCatalogueKinds)
      r.members[static_cast<int>(g)][static_cast<int>(k)] =
          j.at("members").value(MemberName(g, k), std::uint64_t{0});
  r.seconds = j.at("seconds").get<double>();
  r.peak_rss_bytes = j.at("peak_rss_bytes").get<std::uint64_t>();
  return r;
}

RunTotals SumLevels(const std::vector<LevelReport>& levels) {
  RunTotals t;
  for (const LevelReport& l : levels) {
    t.classes += l.classes;
    t.starting += l.starting;
    for (std::size_t g = 0; g < t.members.size(); ++g)
      for (std::size_t k = 0; k < t.members[g].size(); ++k) t.members[g][k] += l.members[g][k];
  }
  return t;
}

json RunTotalsJson(const RunTotals& t) {
  return {{"classes", t.classes}, {"starting", t.starting}, {"members", MembersJson(t.members)}};
}

}  // namespace seki
