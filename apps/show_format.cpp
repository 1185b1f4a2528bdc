#include "apps/show_format.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "engine/base/matrix_text.hpp"

namespace seki::cli {
namespace {

using Json = nlohmann::ordered_json;

std::string Sums(const std::vector<int>& sums) {
  std::string out;
  for (std::size_t k = 0; k < sums.size(); ++k) out += (k ? "," : "") + std::to_string(sums[k]);
  return out;
}

std::string GameLine(Game g, const Outcome& o) {
  return fmt::format("R={} C={} r={} c={}  {}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c),
                     ClassLabel(g, o.seki_class()));
}

Json GameJson(const Outcome& o) {
  return {{"R", std::string(1, Letter(o.R))},
          {"C", std::string(1, Letter(o.C))},
          {"r", std::string(1, Letter(o.r))},
          {"c", std::string(1, Letter(o.c))},
          {"class", std::string(ClassName(o.seki_class()))}};
}

void AddGames(Json& j, const Solution& v) {
  for (Game g : kGames) j[std::string(GameName(g))] = GameJson(v[g]);
}

std::string GamesText(const Solution& v, const std::string& indent) {
  return fmt::format("{}{:<10} {}\n{}{:<10} {}\n", indent, "SEKI", GameLine(Game::kSeki, v.seki),
                     indent, "D-SEKI", GameLine(Game::kDSeki, v.dseki));
}

Json LineSum(const MatrixReport& r) { return r.line_sum ? Json(*r.line_sum) : Json(nullptr); }

}  // namespace

std::string ShowText(const MatrixReport& r) {
  std::string out = FormatMatrix(r.matrix) + '\n';
  auto field = [&](const std::string& name, const std::string& value) {
    out += fmt::format("  {:<10} {}\n", name, value);
  };
  field("shape", fmt::format("{}x{}, sum {}, height {}", r.rows, r.cols, r.sum, r.height));
  field("canonical", FormatMatrix(r.canonical) + "  (up to row/column permutation)");
  field("transpose", FormatMatrix(r.transpose));
  field("IDSM", r.idsm ? fmt::format("yes, line sum {}", *r.line_sum)
                       : fmt::format("no (row sums {}; column sums {})", Sums(r.row_sums),
                                     Sums(r.col_sums)));
  if (r.prime) {
    field("prime", "yes");
  } else {
    std::string list;
    for (std::size_t k = 0; k < r.blocks.size(); ++k)
      list += (k ? " + " : "") + FormatMatrix(r.blocks[k]);
    field("prime", fmt::format("no, direct sum of {} prime blocks: {}", r.blocks.size(), list));
  }
  field("symmetric", r.symmetric ? "yes (isomorphic to its transpose)" : "no");
  field("planar", r.planar ? "yes (graph of positive entries is planar)"
                           : "no (graph of positive entries is not planar)");
  out += GamesText(*r.value, "  ");
  return out;
}

std::string ShowJson(const MatrixReport& r) {
  Json blocks = Json::array();
  for (const Matrix& b : r.blocks) blocks.push_back(FormatMatrix(b));
  Json j = {{"matrix", FormatMatrix(r.matrix)},
            {"rows", r.rows},
            {"cols", r.cols},
            {"sum", r.sum},
            {"height", r.height},
            {"canonical", FormatMatrix(r.canonical)},
            {"transpose", FormatMatrix(r.transpose)},
            {"idsm", r.idsm},
            {"line_sum", LineSum(r)},
            {"row_sums", r.row_sums},
            {"col_sums", r.col_sums},
            {"prime", r.prime},
            {"blocks", blocks},
            {"symmetric", r.symmetric},
            {"planar", r.planar}};
  AddGames(j, *r.value);
  return j.dump();
}

std::string ExtendText(const Matrix& a, Extension kind, const std::vector<ExtensionReport>& list) {
  const int k = static_cast<int>(kind);
  std::string out = fmt::format(
      "{}  {}x{}; {} extensions (new first row and column: E(0,0) = 3, E(0,j) = E(i,0) = {}, "
      "A(i,j) lowered by {})\n",
      FormatMatrix(a), a.rows(), a.cols(), ExtensionName(kind), k, k);
  for (const ExtensionReport& r : list) {
    if (!r.extension) {
      out += fmt::format("  at ({},{}): {}\n", r.row, r.col, r.undefined);
      continue;
    }
    const MatrixReport& e = *r.extension;
    out += fmt::format("  at ({},{}): {}  {}x{}, sum {}{}\n", r.row, r.col, FormatMatrix(e.matrix),
                       e.rows, e.cols, e.sum,
                       e.line_sum ? fmt::format(", IDSM line sum {}", *e.line_sum) : "");
    if (e.value) out += GamesText(*e.value, "    ");
  }
  return out;
}

std::string ExtendJson(const Matrix& a, Extension kind, const std::vector<ExtensionReport>& list) {
  Json extensions = Json::array();
  for (const ExtensionReport& r : list) {
    Json j = {{"at", {r.row, r.col}}, {"defined", r.extension.has_value()}};
    if (r.extension) {
      j["matrix"] = FormatMatrix(r.extension->matrix);
      j["idsm"] = r.extension->idsm;
      j["prime"] = r.extension->prime;
      if (r.extension->value) AddGames(j, *r.extension->value);
    } else {
      j["reason"] = r.undefined;
    }
    extensions.push_back(std::move(j));
  }
  const Json out = {{"matrix", FormatMatrix(a)},
                    {"kind", std::string(ExtensionName(kind))},
                    {"extensions", extensions}};
  return out.dump();
}

std::string FamilyHeadline(const FamilyReport& f) {
  const MatrixReport& m = f.member;
  return fmt::format("{} = {}  {}x{}, sum {}, height {}, {}, {}", f.name, FormatMatrix(m.matrix),
                     m.rows, m.cols, m.sum, m.height,
                     m.line_sum ? fmt::format("IDSM line sum {}", *m.line_sum) : "not an IDSM",
                     m.prime ? "prime" : "not prime");
}

std::string FamilyValuesText(const FamilyReport& f) {
  return f.member.value ? GamesText(*f.member.value, "  ") : "";
}

std::string FamilyJson(const FamilyReport& f) {
  const MatrixReport& m = f.member;
  Json j = {{"family", std::string(1, f.family)},
            {"n", f.n},
            {"name", f.name},
            {"matrix", FormatMatrix(m.matrix)},
            {"rows", m.rows},
            {"cols", m.cols},
            {"sum", m.sum},
            {"height", m.height},
            {"idsm", m.idsm},
            {"line_sum", LineSum(m)},
            {"prime", m.prime},
            {"symmetric", m.symmetric},
            {"planar", m.planar}};
  if (m.value) AddGames(j, *m.value);
  return j.dump();
}

}  // namespace seki::cli
