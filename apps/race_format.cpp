#include "apps/race_format.hpp"

#include <fmt/format.h>

#include "apps/solve_format.hpp"
#include "engine/base/race_text.hpp"

namespace seki::cli {
namespace {

std::string Value(const std::optional<Result>& x) { return x ? std::string(1, Letter(*x)) : "-"; }

// The moves laid out as the matrix: "R/C" at each place with a move ('-' for a player who may not
// make it, '.' where there is none); the rows' outside liberties and eyes in two more columns,
// the columns' in two more rows.
void AppendMoveGrid(const Race& r, const RaceGameReport& game, std::string& out) {
  const auto cell = [&](RaceMoveKind kind, int i, int j) -> std::string {
    for (const RaceMoveRow& m : game.moves)
      if (m.move.kind == kind && m.move.row == i && m.move.col == j)
        return Value(m.for_r) + "/" + Value(m.for_c);
    return ".";
  };
  out += "    moves, result for R/C when that player makes it (-: may not):\n      ";
  for (int j = 0; j < r.cols(); ++j) out += fmt::format("{:>5}", j + 1);
  out += fmt::format("{:>5}{:>5}\n", "out", "eye");
  for (int i = 0; i < r.rows(); ++i) {
    out += fmt::format("    {:>2}", i + 1);
    for (int j = 0; j < r.cols(); ++j)
      out += fmt::format("{:>5}", cell(RaceMoveKind::kEntry, i, j));
    out += fmt::format("{:>5}{:>5}\n", cell(RaceMoveKind::kRowOutside, i, -1),
                       cell(RaceMoveKind::kRowEye, i, -1));
  }
  for (const auto& [name, kind] :
       {std::pair{"out", RaceMoveKind::kColOutside}, std::pair{"eye", RaceMoveKind::kColEye}}) {
    out += fmt::format("   {:>3}", name);
    for (int j = 0; j < r.cols(); ++j) out += fmt::format("{:>5}", cell(kind, -1, j));
    out += '\n';
  }
}

std::string LineText(const RaceLine& line) {
  std::string out;
  for (const RaceStep& step : line.steps)
    out += step.pass ? fmt::format(" {} pass", PlayerName(step.player))
                     : fmt::format(" {}{}", PlayerName(step.player), RaceMoveName(step.move));
  return out + " -> " + line.ending;
}

}  // namespace

std::string FormatRaceText(const RaceReport& report) {
  const Race& r = report.race;
  if (r.plain()) return FormatText(PlainReportOf(report));
  std::string out = fmt::format("{}  {}x{}, liberties: rows", FormatRace(r), r.rows(), r.cols());
  for (int i = 0; i < r.rows(); ++i) out += fmt::format(" {}", r.row_liberties(i));
  out += ", columns";
  for (int j = 0; j < r.cols(); ++j) out += fmt::format(" {}", r.col_liberties(j));
  out += '\n';
  for (Game g : kGames) {
    const RaceGameReport& game = report[g];
    out += GameValuesLine(g, game.outcome);
    if (!game.moves.empty()) AppendMoveGrid(r, game, out);
    for (std::size_t k = 0; k < game.lines.size(); ++k)
      out += fmt::format("    {} first:{}\n", k == 0 ? 'R' : 'C', LineText(game.lines[k]));
  }
  return out;
}

}  // namespace seki::cli
