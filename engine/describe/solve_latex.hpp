// The values of single-matrix solves as one LaTeX table for papers (booktabs): `seki solve
// --format latex` and `seki.solve_latex` in Python. A row per matrix, printed as soon as it is
// solved, between a head and a foot.
// Concurrency: pure functions.
#pragma once

#include <string>

#include "engine/solve/solve_report.hpp"

namespace seki {

// \begin{tabular} and the column heads: matrix, shape, sum, height, then per game R, C, r, c and
// the class.
std::string SolveLatexHead();
// One row: \texttt{033/331/312} & $3 \times 3$ & 19 & 3 & D & D & L & L & complete & ... \\.
std::string SolveLatexRow(const SolveReport& report);
// \bottomrule and \end{tabular}.
std::string SolveLatexFoot();

}  // namespace seki
