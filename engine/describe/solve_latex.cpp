// `seki solve --format latex`: a booktabs table, one row per matrix.
#include "engine/describe/solve_latex.hpp"

#include <fmt/format.h>

#include "engine/base/matrix_text.hpp"

namespace seki {

namespace {

std::string GameCells(const GameReport& game) {
  const Outcome& o = game.outcome;
  const SekiClass k = o.seki_class();
  return fmt::format("{} & {} & {} & {} & {}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c),
                     k == SekiClass::kNone ? "--" : std::string(ClassName(k)));
}

}  // namespace

std::string SolveLatexHead() {
  return "% Values of SEKI and D-SEKI (\\usepackage{booktabs}). R, C: result for the player to\n"
         "% move when R resp. C begins; r, c: best result of an active move (L: must pass).\n"
         "\\begin{tabular}{@{}lrrr ccccl ccccl@{}}\n\\toprule\n"
         " & & & & \\multicolumn{5}{c}{SEKI} & \\multicolumn{5}{c}{D-SEKI} \\\\\n"
         "\\cmidrule(lr){5-9} \\cmidrule(l){10-14}\n"
         "matrix & shape & sum & height & $R$ & $C$ & $r$ & $c$ & class & $R$ & $C$ & $r$ & $c$ & "
         "class \\\\\n\\midrule\n";
}

std::string SolveLatexRow(const SolveReport& report) {
  const Matrix& a = report.matrix;
  return fmt::format("\\texttt{{{}}} & ${} \\times {}$ & {} & {} & {} & {} \\\\\n", FormatMatrix(a),
                     a.rows(), a.cols(), a.sum(), a.height(), GameCells(report[Game::kSeki]),
                     GameCells(report[Game::kDSeki]));
}

std::string SolveLatexFoot() { return "\\bottomrule\n\\end{tabular}\n"; }

}  // namespace seki
