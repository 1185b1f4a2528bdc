// LevelReport and RunTotals: the counts and time of each finished level of a run and their sums, as
// a Run reports them to its observer and records them in checkpoint.json, summary.json and
// manifest.json ("levels", "totals"; members named "seki/complete", ...).
// Concurrency: values; the functions are pure (MakeLevelReport reads the peak RSS).
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "engine/level/catalogue.hpp"

namespace seki {

using MemberCounts = std::array<std::array<std::uint64_t, 3>, 2>;  // [Game][CatalogueKind]

struct LevelReport {
  int sum = 0;
  std::uint64_t classes = 0;   // all classes of the level, zero lines included
  std::uint64_t starting = 0;  // classes with no zero row or column
  MemberCounts members{};      // catalogue members (all zero when generating only)
  double seconds = 0;          // building, writing and checkpointing the level
  std::uint64_t peak_rss_bytes = 0;

  std::uint64_t Members(Game g, CatalogueKind k) const {
    return members[static_cast<int>(g)][static_cast<int>(k)];
  }
};

struct RunTotals {
  std::uint64_t classes = 0, starting = 0;
  MemberCounts members{};

  std::uint64_t Members(Game g, CatalogueKind k) const {
    return members[static_cast<int>(g)][static_cast<int>(k)];
  }
};

// A level's report now: its counts, the seconds it took and the process's peak RSS so far.
LevelReport MakeLevelReport(const LevelCounts& counts, double seconds);

// {"sum", "classes", "starting", "members": {"seki/seki": n, ...}, "seconds", "peak_rss_bytes"}
// and back (throws nlohmann::json::exception for a malformed object).
nlohmann::json LevelReportJson(const LevelReport& r);
LevelReport LevelReportFromJson(const nlohmann::json& j);

RunTotals SumLevels(const std::vector<LevelReport>& levels);
nlohmann::json RunTotalsJson(const RunTotals& t);  // {"classes", "starting", "members"}

}  // namespace seki
