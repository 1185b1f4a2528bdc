#include "apps/solve_format.hpp"

#include <fmt/format.h>

#include "engine/base/matrix_text.hpp"
#include "engine/solve/solve_json.hpp"

namespace seki::cli {
namespace {

std::string L(Result x) { return std::string(1, Letter(x)); }
Player First(std::size_t line_index) { return line_index == 0 ? Player::kR : Player::kC; }

// The active moves laid out as the matrix: "R/C" values at each positive entry, "." at zeros.
void AppendMoveGrid(const SolveReport& report, const GameReport& game, std::string& out) {
  const Matrix& a = report.matrix;
  out += "    active moves, result for R/C when that player lowers the entry:\n      ";
  for (int j = 0; j < a.cols(); ++j) out += fmt::format("{:>4}", j + 1);
  out += '\n';
  std::size_t k = 0;
  for (int i = 0; i < a.rows(); ++i) {
    out += fmt::format("    {:>2}", i + 1);
    for (int j = 0; j < a.cols(); ++j) {
      const bool here = k < game.moves.size() && game.moves[k].row == i && game.moves[k].col == j;
      out +=
          fmt::format("{:>4}", here ? L(game.moves[k].for_r) + "/" + L(game.moves[k].for_c) : ".");
      if (here) ++k;
    }
    out += '\n';
  }
}

void AppendLine(const PlayLine& line, Player first, std::string& out) {
  out += fmt::format("    {} first:{}\n", PlayerName(first), PlayLineText(line));
}

}  // namespace

std::string GameValuesLine(Game g, const Outcome& o) {
  return fmt::format("  {:<7} R={} C={} r={} c={}  {}\n", g == Game::kSeki ? "SEKI" : "D-SEKI",
                     Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c),
                     ClassLabel(g, o.seki_class()));
}

std::string FormatText(const SolveReport& report) {
  const Matrix& a = report.matrix;
  std::string out = fmt::format("{}  {}x{}, sum {}, height {}\n", FormatMatrix(a), a.rows(),
                                a.cols(), a.sum(), a.height());
  for (Game g : kGames) {
    const GameReport& game = report[g];
    out += GameValuesLine(g, game.outcome);
    if (!game.moves.empty()) AppendMoveGrid(report, game, out);
    for (std::size_t k = 0; k < game.lines.size(); ++k) AppendLine(game.lines[k], First(k), out);
  }
  return out;
}

std::string FormatJson(const SolveReport& report) { return SolveReportJson(report).dump(); }

}  // namespace seki::cli
