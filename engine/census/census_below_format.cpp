// The census below a matrix as Markdown and LaTeX: the census's own tables, then the seki
// matrices by height and every class found.
#include <fmt/format.h>

#include "engine/base/matrix_text.hpp"
#include "engine/census/census_below.hpp"

namespace seki {

namespace {

std::string KindText(SekiClass k) {
  return k == SekiClass::kComplete       ? "complete"
         : k == SekiClass::kSemiComplete ? "semi-complete"
                                         : "";
}

// Every height of either game's seki matrices, with both counts.
std::map<int, std::array<std::uint64_t, 2>> Heights(const CensusBelow& c) {
  std::map<int, std::array<std::uint64_t, 2>> rows;
  for (int g = 0; g < 2; ++g)
    for (const auto& [h, n] : c.seki_matrices[g]) rows[h][g] = n;
  return rows;
}

}  // namespace

std::string CensusBelowMarkdown(const CensusBelow& c, const std::string& command) {
  std::string out = CensusMarkdown({c.census}, command);
  out += fmt::format(
      "## Seki below {}, as matrices\n\n{} matrices B <= {}, {} with no zero line; the seki "
      "(resp. d-seki) among them by height (matrices, not classes):\n\n"
      "| height | seki | d-seki |\n|---|---|---|\n",
      c.census.below, c.matrices, c.census.below, c.census.starting);
  std::array<std::uint64_t, 2> all{};
  for (const auto& [h, n] : Heights(c)) {
    out += fmt::format("| {} | {} | {} |\n", h, n[0], n[1]);
    all[0] += n[0], all[1] += n[1];
  }
  out += fmt::format("| all | {} | {} |\n\n", all[0], all[1]);
  out += fmt::format(
      "## Every class found ({}; the census held {} bytes)\n\n"
      "Each complete or semi-complete seki or d-seki B <= {} once, by its canonical form, by "
      "height and sum.\n\n| matrix | height | sum | SEKI | D-SEKI |\n|---|---|---|---|---|\n",
      c.classes.size(), c.bytes, c.census.below);
  for (const BelowClass& b : c.classes)
    out += fmt::format("| {} | {} | {} | {} | {} |\n", FormatMatrix(b.matrix), b.matrix.height(),
                       b.matrix.sum(), KindText(b.kind[0]), KindText(b.kind[1]));
  if (c.values.empty()) return out;
  out += fmt::format(
      "\n## The values asked for ({})\n\n| matrix | SEKI R C r c | class | D-SEKI R C r c | "
      "class |\n|---|---|---|---|---|\n",
      c.values.size());
  const auto game = [](const Outcome& o) {
    return fmt::format("{} {} {} {} | {}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c),
                       ClassName(o.seki_class()));
  };
  for (const auto& [b, v] : c.values)
    out += fmt::format("| {} | {} | {} |\n", FormatMatrix(b), game(v.seki), game(v.dseki));
  return out;
}

std::string CensusBelowLatex(const CensusBelow& c, const std::string& command) {
  std::string out = CensusLatex({c.census}, command);
  out += fmt::format(
      "\\begin{{table}}[htbp]\n\\centering\n\\caption{{Seki and d-seki matrices $B \\le {}$ "
      "with no zero line, by height (matrices, not classes).}}\n"
      "\\label{{tab:census-below-matrices}}\n\\begin{{tabular}}{{@{{}}rrr@{{}}}}\n\\toprule\n"
      "height & seki & d-seki \\\\\n\\midrule\n",
      c.census.below);
  for (const auto& [h, n] : Heights(c)) out += fmt::format("{} & {} & {} \\\\\n", h, n[0], n[1]);
  out += "\\bottomrule\n\\end{tabular}\n\\end{table}\n\n";
  out += fmt::format(
      "\\begin{{longtable}}{{@{{}}lrrll@{{}}}}\n\\caption{{Every complete and semi-complete seki "
      "and d-seki $B \\le {}$, one class each.}}\\label{{tab:census-below-classes}}\\\\\n"
      "\\toprule\nmatrix & height & sum & SEKI & D-SEKI \\\\\n\\midrule\n\\endhead\n",
      c.census.below);
  for (const BelowClass& b : c.classes)
    out += fmt::format("\\texttt{{{}}} & {} & {} & {} & {} \\\\\n", FormatMatrix(b.matrix),
                       b.matrix.height(), b.matrix.sum(), KindText(b.kind[0]), KindText(b.kind[1]));
  return out + "\\bottomrule\n\\end{longtable}\n";
}

}  // namespace seki
