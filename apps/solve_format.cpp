#include "apps/solve_format.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "engine/base/matrix_text.hpp"

namespace seki::cli {
namespace {

using Json = nlohmann::ordered_json;

std::string L(Result x) { return std::string(1, Letter(x)); }
std::string P(Player p) { return std::string(1, PlayerName(p)); }
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
  out += fmt::format("    {} first:", PlayerName(first));
  for (const PlayStep& step : line.steps) {
    if (step.pass)
      out += fmt::format(" {} pass", PlayerName(step.player));
    else
      out += fmt::format(" {}({},{})", PlayerName(step.player), step.row + 1, step.col + 1);
  }
  out += fmt::format(" -> {}\n", line.ending);
}

Json LineJson(const PlayLine& line) {
  Json steps = Json::array();
  for (const PlayStep& step : line.steps) {
    Json s = {{"player", P(step.player)}, {"pass", step.pass}};
    if (!step.pass) {
      s["row"] = step.row + 1;
      s["col"] = step.col + 1;
    }
    s["after"] = FormatMatrix(step.after);
    steps.push_back(std::move(s));
  }
  return {{"result", L(line.result)}, {"ending", line.ending}, {"steps", std::move(steps)}};
}

Json GameJson(const GameReport& game) {
  const Outcome& o = game.outcome;
  Json j = {{"R", L(o.R)},
            {"C", L(o.C)},
            {"r", L(o.r)},
            {"c", L(o.c)},
            {"class", std::string(ClassName(o.seki_class()))}};
  if (!game.moves.empty() || !game.lines.empty()) {
    Json moves = Json::array();
    for (const MoveRow& m : game.moves)
      moves.push_back(
          {{"row", m.row + 1}, {"col", m.col + 1}, {"R", L(m.for_r)}, {"C", L(m.for_c)}});
    Json lines = Json::object();
    for (std::size_t k = 0; k < game.lines.size(); ++k)
      lines[P(First(k))] = LineJson(game.lines[k]);
    j["moves"] = std::move(moves);
    j["lines"] = std::move(lines);
  }
  return j;
}

}  // namespace

std::string FormatText(const SolveReport& report) {
  const Matrix& a = report.matrix;
  std::string out = fmt::format("{}  {}x{}, sum {}, height {}\n", FormatMatrix(a), a.rows(),
                                a.cols(), a.sum(), a.height());
  for (Game g : kGames) {
    const GameReport& game = report[g];
    const Outcome& o = game.outcome;
    out += fmt::format("  {:<7} R={} C={} r={} c={}  {}\n", g == Game::kSeki ? "SEKI" : "D-SEKI",
                       Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c),
                       ClassLabel(g, o.seki_class()));
    if (!game.moves.empty()) AppendMoveGrid(report, game, out);
    for (std::size_t k = 0; k < game.lines.size(); ++k) AppendLine(game.lines[k], First(k), out);
  }
  return out;
}

std::string FormatJson(const SolveReport& report) {
  const Matrix& a = report.matrix;
  Json j = {{"matrix", FormatMatrix(a)},
            {"rows", a.rows()},
            {"cols", a.cols()},
            {"sum", a.sum()},
            {"height", a.height()}};
  for (Game g : kGames) j[std::string(GameName(g))] = GameJson(report[g]);
  return j.dump();
}

}  // namespace seki::cli
