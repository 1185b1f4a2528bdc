#include "engine/solve/solve_json.hpp"

#include <fmt/format.h>

#include "engine/base/matrix_text.hpp"
#include "engine/base/race_text.hpp"

namespace seki {
namespace {

using Json = nlohmann::ordered_json;

std::string L(Result x) { return std::string(1, Letter(x)); }
std::string P(Player p) { return std::string(1, PlayerName(p)); }

Json StepsJson(const PlayLine& line) {
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
  return steps;
}

Json GameJson(const GameReport& game) {
  Json j = OutcomeJson(game.outcome, ClassName(game.outcome.seki_class()));
  if (!game.moves.empty() || !game.lines.empty()) {
    Json moves = Json::array();
    for (const MoveRow& m : game.moves)
      moves.push_back(
          {{"row", m.row + 1}, {"col", m.col + 1}, {"R", L(m.for_r)}, {"C", L(m.for_c)}});
    Json lines = Json::object();
    for (std::size_t k = 0; k < game.lines.size(); ++k)
      lines[P(k == 0 ? Player::kR : Player::kC)] = PlayLineJson(game.lines[k]);
    j["moves"] = std::move(moves);
    j["lines"] = std::move(lines);
  }
  return j;
}

}  // namespace

nlohmann::ordered_json OutcomeJson(const Outcome& o, std::string_view class_name) {
  return {{"R", L(o.R)}, {"C", L(o.C)}, {"r", L(o.r)}, {"c", L(o.c)}, {"class", class_name}};
}

std::string PlayLineText(const PlayLine& line) {
  std::string out;
  for (const PlayStep& step : line.steps) {
    if (step.pass)
      out += fmt::format(" {} pass", PlayerName(step.player));
    else
      out += fmt::format(" {}({},{})", PlayerName(step.player), step.row + 1, step.col + 1);
  }
  return out + " -> " + line.ending;
}

nlohmann::ordered_json PlayLineJson(const PlayLine& line, bool with_text) {
  Json j = {{"result", L(line.result)}, {"ending", line.ending}};
  if (with_text) j["text"] = PlayLineText(line).substr(1);
  j["steps"] = StepsJson(line);
  return j;
}

nlohmann::ordered_json SolveReportJson(const SolveReport& report) {
  const Matrix& a = report.matrix;
  Json j = {{"matrix", FormatMatrix(a)},
            {"rows", a.rows()},
            {"cols", a.cols()},
            {"sum", a.sum()},
            {"height", a.height()}};
  for (Game g : kGames) j[std::string(GameName(g))] = GameJson(report[g]);
  return j;
}

namespace {

const char* KindName(RaceMoveKind kind) {
  constexpr const char* kNames[] = {"entry", "row outside", "col outside", "row eye", "col eye"};
  return kNames[static_cast<int>(kind)];
}

Json RaceMoveJson(const RaceMoveRow& m) {
  Json j = {{"move", RaceMoveName(m.move)}, {"kind", KindName(m.move.kind)}};
  if (m.move.row >= 0) j["row"] = m.move.row + 1;
  if (m.move.col >= 0) j["col"] = m.move.col + 1;
  j["R"] = m.for_r ? Json(L(*m.for_r)) : Json(nullptr);
  j["C"] = m.for_c ? Json(L(*m.for_c)) : Json(nullptr);
  return j;
}

Json RaceLineJson(const RaceLine& line) {
  Json steps = Json::array();
  for (const RaceStep& step : line.steps) {
    Json s = {{"player", P(step.player)}, {"pass", step.pass}};
    if (!step.pass) s["move"] = RaceMoveName(step.move);
    s["after"] = FormatRace(step.after);
    steps.push_back(std::move(s));
  }
  return {{"result", L(line.result)}, {"ending", line.ending}, {"steps", steps}};
}

Json Sides(const Race& r, const std::array<std::uint8_t, kMaxDim>& rows,
           const std::array<std::uint8_t, kMaxDim>& cols) {
  Json out = {{"rows", Json::array()}, {"cols", Json::array()}};
  for (int i = 0; i < r.rows(); ++i) out["rows"].push_back(rows[i]);
  for (int j = 0; j < r.cols(); ++j) out["cols"].push_back(cols[j]);
  return out;
}

}  // namespace

nlohmann::ordered_json RaceReportJson(const RaceReport& report) {
  const Race& r = report.race;
  if (r.plain()) return SolveReportJson(PlainReportOf(report));
  Json j = {{"race", FormatRace(r)},
            {"matrix", FormatMatrix(r.a)},
            {"rows", r.rows()},
            {"cols", r.cols()},
            {"sum", r.a.sum()},
            {"height", r.a.height()},
            {"outside", Sides(r, r.row_outside, r.col_outside)},
            {"eyes", Sides(r, r.row_eye, r.col_eye)}};
  for (Game g : kGames) {
    const RaceGameReport& game = report[g];
    Json& out = j[std::string(GameName(g))];
    out = OutcomeJson(game.outcome, ClassName(game.outcome.seki_class()));
    if (game.moves.empty() && game.lines.empty()) continue;
    out["moves"] = Json::array();
    for (const RaceMoveRow& m : game.moves) out["moves"].push_back(RaceMoveJson(m));
    out["lines"] = Json::object();
    for (std::size_t k = 0; k < game.lines.size(); ++k)
      out["lines"][P(k == 0 ? Player::kR : Player::kC)] = RaceLineJson(game.lines[k]);
  }
  return j;
}

}  // namespace seki
