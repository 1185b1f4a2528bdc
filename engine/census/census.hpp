// Census: the complete and semi-complete seki of one shape, for SEKI and D-SEKI, counted by height
// and by sum, each count with how many are prime, IDSMs, symmetric (A ~ A^T) and planar, and the
// complete seki of height >= 4 listed. Made from a finished run directory (its catalogue files,
// `seki census DIR`) or in the scan of a region check (`seki check --census`); rendered as
// Markdown for docs and as JSON (which a check checkpoint also reads back).
// Concurrency: a Census is a plain value; the functions are reentrant.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"

namespace seki {

// Complete seki of this height or more are listed one by one (none of height >= 4 was known).
inline constexpr int kCensusListedHeight = 4;

// The two classes a census counts, in table order.
enum class CensusKind { kComplete = 0, kSemiComplete = 1 };
inline constexpr CensusKind kCensusKinds[] = {CensusKind::kComplete, CensusKind::kSemiComplete};
std::string_view CensusKindName(CensusKind k);  // "complete", "semi-complete"

// The facts counted for every member.
struct CensusFlags {
  bool prime = false, idsm = false, symmetric = false, planar = false;
  static CensusFlags Of(const Matrix& a);  // computed (structure layer)
};

// How many matrices, and how many of them have each flag.
struct CensusCell {
  std::uint64_t total = 0, prime = 0, idsm = 0, symmetric = 0, planar = 0;
  void Add(const CensusFlags& f);
  void Merge(const CensusCell& c);
  friend bool operator==(const CensusCell&, const CensusCell&) = default;
};

// One class of one game: counts by height, by sum, and in all.
struct CensusTable {
  std::map<int, CensusCell> by_height, by_sum;
  CensusCell total;
  void Add(int height, int sum, const CensusFlags& f);
  void Merge(const CensusTable& t);
  friend bool operator==(const CensusTable&, const CensusTable&) = default;
};

struct Census {
  int rows = 0, cols = 0, max_entry = 0, max_sum = 0;  // the region (effective bounds)
  std::uint64_t classes = 0;   // every class of the region, zero lines included
  std::uint64_t starting = 0;  // classes with no zero line
  std::string source;  // the command that made the classes (enumerate's; a check's report has it)
  // A census below a matrix (engine/census/census_below.hpp): that matrix, and then `classes`
  // counts the classes found and `starting` the matrices B <= it with no zero line; else empty.
  std::string below;
  std::array<std::array<CensusTable, 2>, 2> tables{};  // [game][CensusKind]
  // Catalogue lines (SEKI values) of the complete seki of height >= kCensusListedHeight, in
  // (sum, canonical key) order.
  std::vector<std::string> listed;

  CensusTable& Table(Game g, CensusKind k) {
    return tables[static_cast<int>(g)][static_cast<int>(k)];
  }
  const CensusTable& Table(Game g, CensusKind k) const {
    return tables[static_cast<int>(g)][static_cast<int>(k)];
  }
  // Counts `a` (no zero line) in every table its values put it in; the flags are computed only
  // for a member. Returns whether it is a complete seki of height >= kCensusListedHeight (the
  // caller lists it in its own order).
  bool AddClass(const Matrix& a, const Solution& v);
  void MergeCounts(const Census& c);        // tables only
  int LargestCompleteHeight(Game g) const;  // 0: none
  friend bool operator==(const Census&, const Census&) = default;
};

// The census of a finished run directory (`seki enumerate --out DIR`), from its four catalogues of
// complete and semi-complete seki; the flags are those the lines carry (planar is computed for a
// line written before the field existed). Throws InputError naming the problem: a missing
// directory, not a run directory, an unfinished run, a generation-only run, files that do not
// match the manifest, a bad line, or line counts other than the manifest's.
Census CensusFromRun(const std::filesystem::path& dir);

// The censuses of every shape of a `seki check --json` report (each shape's "census"). Throws
// InputError for a file that cannot be read or is not such a report.
std::vector<Census> CensusesFromCheckReport(const std::filesystem::path& file);

// The censuses of a source: a check report (a file, CensusesFromCheckReport) or a run directory
// (anything else, CensusFromRun); throws as those do.
std::vector<Census> CensusesFrom(const std::filesystem::path& source);

// JSON: {"shape", "rows", "cols", "max_entry", "max_sum", "classes", "starting", "source" (when
// known), "below" (when set),
// "seki"/"dseki": {"complete"/"semi-complete": {"total", "by_height", "by_sum"}}, "listed"}.
nlohmann::ordered_json CensusJson(const Census& c);
// The inverse of CensusJson; throws std::runtime_error for a document it did not write.
Census CensusFromJson(const nlohmann::json& j);

// One row of a census table: a height (or a sum) with its complete and semi-complete counts.
struct CensusRow {
  int value = 0;
  CensusCell complete, semi_complete;
};
// The rows of game g by height (or by sum), in increasing order, every value either class has.
std::vector<CensusRow> CensusRows(const Census& c, Game g, bool by_height);

// A command line as shown in the renderings: the program by its name, without its directory.
std::string ShownCommand(const std::string& command);

// Markdown for docs: a title, `command` (how it was made), a summary table of every census, then
// per shape per game a table by height and one by sum.
std::string CensusMarkdown(const std::vector<Census>& censuses, const std::string& command);
// LaTeX for papers (booktabs, engine/census/census_latex.cpp): a summary table, then per shape
// per game a table by height and one by sum, each a `table` float with a caption and a label
// (tab:census-<shape>-<game>-<height|sum>); `command` in a comment line.
std::string CensusLatex(const std::vector<Census>& censuses, const std::string& command);
// The listed complete seki of every census, one matrix per line, under '#' comment lines naming
// `command` (a file `seki show --input` and `seki census --structure` read back).
std::string CensusListText(const std::vector<Census>& censuses, const std::string& command);

}  // namespace seki
