// The census of complete and semi-complete seki: counting, reading a run back, JSON.
#include "engine/census/census.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/readback/run_manifest.hpp"
#include "engine/readback/run_text_file.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"

namespace seki {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::optional<CensusKind> KindOf(const Outcome& o) {
  switch (o.seki_class()) {
    case SekiClass::kComplete:
      return CensusKind::kComplete;
    case SekiClass::kSemiComplete:
      return CensusKind::kSemiComplete;
    default:
      return std::nullopt;
  }
}

Json CellJson(const CensusCell& c) {
  return {{"total", c.total},
          {"prime", c.prime},
          {"idsm", c.idsm},
          {"symmetric", c.symmetric},
          {"planar", c.planar}};
}

CensusCell CellFromJson(const nlohmann::json& j) {
  return {j.at("total").get<std::uint64_t>(), j.at("prime").get<std::uint64_t>(),
          j.at("idsm").get<std::uint64_t>(), j.at("symmetric").get<std::uint64_t>(),
          j.at("planar").get<std::uint64_t>()};
}

Json ByJson(const std::map<int, CensusCell>& by, const char* axis) {
  Json rows = Json::array();
  for (const auto& [value, cell] : by) {
    Json row = {{axis, value}};
    row.update(CellJson(cell));
    rows.push_back(row);
  }
  return rows;
}

std::map<int, CensusCell> ByFromJson(const nlohmann::json& rows, const char* axis) {
  std::map<int, CensusCell> by;
  for (const auto& row : rows) by[row.at(axis).get<int>()] = CellFromJson(row);
  return by;
}

// The run's catalogue of one game and kind (manifest.hpp's CatalogueFiles: kind 1 complete, 2
// semi-complete).
const CatalogueFile& Catalogue(Game g, CensusKind k) {
  const int kind = k == CensusKind::kComplete ? 1 : 2;
  for (const CatalogueFile& f : CatalogueFiles())
    if (f.game == g && f.kind == kind) return f;
  throw std::logic_error("no catalogue file");
}

void ReadCatalogue(const fs::path& dir, const RunManifest& m, Game g, CensusKind k, Census& c) {
  CensusTable& table = c.Table(g, k);
  ForEachRunLine(dir, Catalogue(g, k).path, [&](const std::string& where, const std::string& text) {
    std::string why;
    const std::optional<CatalogueRecord> r = ParseCatalogueLine(text, &why);
    if (!r) throw InputError(where, why);
    const Matrix& a = r->matrix;
    if (a.rows() != m.rows || a.cols() != m.cols || a.has_zero_line() || KindOf(r->outcome) != k)
      throw InputError(where, FormatMatrix(a) + " does not belong in this catalogue");
    const CensusFlags f{r->prime, r->idsm, r->symmetric, r->planar ? *r->planar : IsPlanar(a)};
    table.Add(r->height, r->sum, f);
    if (g == Game::kSeki && k == CensusKind::kComplete && r->height >= kCensusListedHeight)
      c.listed.push_back(text);
  });
}

}  // namespace

std::string_view CensusKindName(CensusKind k) {
  return k == CensusKind::kComplete ? "complete" : "semi-complete";
}

CensusFlags CensusFlags::Of(const Matrix& a) {
  return {IsPrime(a), IsIdsm(a), IsSymmetric(a), IsPlanar(a)};
}

void CensusCell::Add(const CensusFlags& f) {
  ++total;
  prime += f.prime;
  idsm += f.idsm;
  symmetric += f.symmetric;
  planar += f.planar;
}

void CensusCell::Merge(const CensusCell& c) {
  total += c.total;
  prime += c.prime;
  idsm += c.idsm;
  symmetric += c.symmetric;
  planar += c.planar;
}

void CensusTable::Add(int height, int sum, const CensusFlags& f) {
  by_height[height].Add(f);
  by_sum[sum].Add(f);
  total.Add(f);
}

void CensusTable::Merge(const CensusTable& t) {
  for (const auto& [h, cell] : t.by_height) by_height[h].Merge(cell);
  for (const auto& [s, cell] : t.by_sum) by_sum[s].Merge(cell);
  total.Merge(t.total);
}

bool Census::AddClass(const Matrix& a, const Solution& v) {
  const std::optional<CensusKind> seki = KindOf(v.seki), dseki = KindOf(v.dseki);
  if (!seki && !dseki) return false;
  const CensusFlags f = CensusFlags::Of(a);
  if (seki) Table(Game::kSeki, *seki).Add(a.height(), a.sum(), f);
  if (dseki) Table(Game::kDSeki, *dseki).Add(a.height(), a.sum(), f);
  return seki == CensusKind::kComplete && a.height() >= kCensusListedHeight;
}

void Census::MergeCounts(const Census& c) {
  for (Game g : kGames)
    for (CensusKind k : kCensusKinds) Table(g, k).Merge(c.Table(g, k));
}

std::vector<CensusRow> CensusRows(const Census& c, Game g, bool by_height) {
  const CensusTable& complete = c.Table(g, CensusKind::kComplete);
  const CensusTable& semi = c.Table(g, CensusKind::kSemiComplete);
  const auto& a = by_height ? complete.by_height : complete.by_sum;
  const auto& b = by_height ? semi.by_height : semi.by_sum;
  std::map<int, CensusRow> rows;
  for (const auto& [v, cell] : a) rows[v].complete = cell;
  for (const auto& [v, cell] : b) rows[v].semi_complete = cell;
  std::vector<CensusRow> out;
  for (auto& [v, row] : rows) {
    row.value = v;
    out.push_back(row);
  }
  return out;
}

int Census::LargestCompleteHeight(Game g) const {
  const auto& by = Table(g, CensusKind::kComplete).by_height;
  return by.empty() ? 0 : by.rbegin()->first;
}

Census CensusFromRun(const fs::path& dir) {
  const RunManifest m = ReadRunManifest(dir);
  CheckFinishedRun(dir, m, "count");
  Census c;
  c.rows = m.rows, c.cols = m.cols;
  c.max_entry = m.effective_max_entry, c.max_sum = m.effective_max_sum;
  c.classes = m.totals.classes;
  c.starting = m.totals.starting;
  c.source = m.command;
  for (Game g : kGames)
    for (CensusKind k : kCensusKinds) {
      ReadCatalogue(dir, m, g, k, c);
      const CatalogueFile& file = Catalogue(g, k);
      const std::uint64_t lines = c.Table(g, k).total.total;
      const std::uint64_t expected = m.totals.members.at(file.counts_name);
      if (lines != expected)
        throw InputError(
            (dir / file.path).string(),
            std::to_string(lines) + " lines, the manifest counts " + std::to_string(expected));
    }
  return c;
}

std::vector<Census> CensusesFromCheckReport(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw InputError(file.string(), "cannot read");
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("conjecture") || !j.contains("shapes") ||
      !j["shapes"].is_array())
    throw InputError(file.string(), "not a seki check --json report");
  std::vector<Census> out;
  for (const auto& shape : j["shapes"]) {
    if (!shape.is_object() || !shape.contains("census"))
      throw InputError(file.string(), "a shape has no census (made before seki check had one)");
    try {
      out.push_back(CensusFromJson(shape["census"]));
      out.back().source =
          j.contains("command") && j["command"].is_string() ? j["command"].get<std::string>() : "";
    } catch (const std::runtime_error& e) {
      throw InputError(file.string(), e.what());
    }
  }
  return out;
}

std::vector<Census> CensusesFrom(const fs::path& source) {
  std::error_code ec;
  if (fs::is_regular_file(source, ec)) return CensusesFromCheckReport(source);
  return {CensusFromRun(source)};
}

nlohmann::ordered_json CensusJson(const Census& c) {
  Json j = {{"shape", std::to_string(c.rows) + "x" + std::to_string(c.cols)},
            {"rows", c.rows},
            {"cols", c.cols},
            {"max_entry", c.max_entry},
            {"max_sum", c.max_sum},
            {"classes", c.classes},
            {"starting", c.starting}};
  if (!c.source.empty()) j["source"] = c.source;  // a check's census: the report has the command
  if (!c.below.empty()) j["below"] = c.below;
  for (Game g : kGames) {
    Json game = Json::object();
    for (CensusKind k : kCensusKinds) {
      const CensusTable& t = c.Table(g, k);
      game[std::string(CensusKindName(k))] = {{"total", CellJson(t.total)},
                                              {"by_height", ByJson(t.by_height, "height")},
                                              {"by_sum", ByJson(t.by_sum, "sum")}};
    }
    j[std::string(GameName(g))] = game;
  }
  j["listed_min_height"] = kCensusListedHeight;
  j["listed"] = c.listed;
  return j;
}

Census CensusFromJson(const nlohmann::json& j) {
  try {
    Census c;
    c.rows = j.at("rows").get<int>();
    c.cols = j.at("cols").get<int>();
    c.max_entry = j.at("max_entry").get<int>();
    c.max_sum = j.at("max_sum").get<int>();
    c.classes = j.at("classes").get<std::uint64_t>();
    c.starting = j.at("starting").get<std::uint64_t>();
    c.source = j.value("source", "");
    c.below = j.value("below", "");
    for (Game g : kGames)
      for (CensusKind k : kCensusKinds) {
        const auto& t = j.at(std::string(GameName(g))).at(std::string(CensusKindName(k)));
        CensusTable& table = c.Table(g, k);
        table.total = CellFromJson(t.at("total"));
        table.by_height = ByFromJson(t.at("by_height"), "height");
        table.by_sum = ByFromJson(t.at("by_sum"), "sum");
      }
    c.listed = j.at("listed").get<std::vector<std::string>>();
    return c;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("not a census: ") + e.what());
  }
}

}  // namespace seki
