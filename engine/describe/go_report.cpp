#include "engine/describe/go_report.hpp"

#include <fmt/format.h>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/go/board_svg.hpp"
#include "engine/go/diagram.hpp"
#include "engine/run/tool_version.hpp"
#include "engine/solve/solve_json.hpp"
#include "storage/atomic_file.hpp"

namespace seki {
namespace {

using Json = nlohmann::ordered_json;
using go::Point;

Json PointList(const std::vector<Point>& points) {
  Json out = Json::array();
  for (Point p : points) out.push_back(go::PointName(p));
  return out;
}

// Lines of play, Black first and White first: {"B": {moves, ending, result}, "W": ...}.
Json LinesJson(const std::vector<go::GoLine>& lines) {
  Json out = Json::object();
  for (std::size_t k = 0; k < lines.size(); ++k) {
    Json moves = Json::array();
    for (const go::GoStep& s : lines[k].steps)
      moves.push_back(std::string(s.colour == go::Stone::kBlack ? "B " : "W ") +
                      (s.pass ? "pass" : go::PointName(s.at)));
    out[k == 0 ? "B" : "W"] = {{"moves", moves},
                               {"ending", lines[k].ending},
                               {"result", std::string(1, Letter(lines[k].result))}};
  }
  return out;
}

// The exact search's answer where the model is not exact (go::FightVerdict).
Json FightJson(const go::FightVerdict& f) {
  Json assumed = Json::array();
  for (const go::Chain& c : f.assumed) assumed.push_back(go::ChainName(c));
  Json j = {{"reason", f.reason},
            {"decided", f.decided},
            {"verdict", f.verdict},
            {"assumed_alive", assumed},
            {"go_lines", LinesJson(f.lines)}};
  j["black_first"] = f.decided ? Json(std::string(1, Letter(f.black))) : Json(nullptr);
  j["white_first"] = f.decided ? Json(std::string(1, Letter(f.white))) : Json(nullptr);
  return j;
}

Json GroupJson(const go::Chain& chain, const char* line, int number) {
  return {{"name", go::ChainName(chain)},
          {line, number},
          {"stones", PointList(chain.stones)},
          {"liberties", PointList(chain.liberties)}};
}

}  // namespace

Json GoReportJson(const go::GoAnalysis& a) {
  const go::GoModel& m = a.model;
  Json j = RaceReportJson(a.report);
  for (Game g : kGames) {
    Json& game = j[std::string(GameName(g))];
    const RaceGameReport& report = a.report[g];
    for (std::size_t k = 0; k < report.moves.size(); ++k)
      game["moves"][k]["points"] = PointList(m.MovePoints(report.moves[k].move));
    for (std::size_t k = 0; k < report.lines.size(); ++k) {
      const go::GoLine line = go::LineOnBoard(m, report.lines[k]);
      Json& steps = game["lines"][k == 0 ? "R" : "C"]["steps"];
      for (std::size_t s = 0; s < line.steps.size(); ++s)
        if (!line.steps[s].pass) steps[s]["point"] = go::PointName(line.steps[s].at);
    }
  }
  j["board"] = {{"width", m.board.width()},
                {"height", m.board.height()},
                {"diagram", go::DiagramText(m.board)}};
  Json white = Json::array(), black = Json::array();
  for (int i = 0; i < int(m.white.size()); ++i)
    white.push_back(GroupJson(m.white[i], "row", i + 1));
  for (int k = 0; k < int(m.black.size()); ++k)
    black.push_back(GroupJson(m.black[k], "col", k + 1));
  j["groups"] = {{"white", white}, {"black", black}};
  Json entries = Json::array();
  for (int i = 0; i < m.matrix.rows(); ++i)
    for (int k = 0; k < m.matrix.cols(); ++k)
      if (m.matrix(i, k) > 0)
        entries.push_back(
            {{"row", i + 1}, {"col", k + 1}, {"liberties", PointList(m.EntryLiberties(i, k))}});
  j["entries"] = entries;
  Json places = Json::array();  // outside liberties and eyes: [{"place": "p1", "group", points}]
  for (const RaceMove move : RaceMoves(m.race))
    if (move.kind != RaceMoveKind::kEntry)
      places.push_back({{"place", go::PlaceLabel(move)},
                        {"group", move.row >= 0 ? m.RowName(move.row) : m.ColName(move.col)},
                        {"points", PointList(m.MovePoints(move))}});
  if (!m.race.plain()) j["outside_and_eyes"] = places;
  j["verdict"] = a.verdict;
  j["dseki_verdict"] = a.dseki;
  j["parting"] = a.parting.empty() ? Json(nullptr) : Json(a.parting);
  Json assumed = Json::array();
  for (const go::Chain& w : a.assumed_walls) assumed.push_back(go::ChainName(w));
  j["walls"] = {{"assumed_alive", assumed},
                {"note", a.walls.empty() ? Json(nullptr) : Json(a.walls)}};
  j["go_lines"] = LinesJson(a.lines);
  j["exact_search"] = a.fight ? FightJson(*a.fight) : Json(nullptr);
  return j;
}

std::string GoBoardSvg(const go::GoModel& m) {
  return go::BoardSvg(m.board, go::EntryLabels(m),
                      "GO position of the matrix " + FormatMatrix(m.matrix));
}

std::filesystem::path WriteGoPage(const go::GoAnalysis& a, const std::filesystem::path& dir,
                                  const std::string& command, const std::string& source) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError(dir.string(), "cannot create: " + ec.message());
  WriteOutputFile((dir / "board.svg").string(), GoBoardSvg(a.model));
  const std::string matrix = FormatMatrix(a.model.matrix), commit = ToolCommit();
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>seki go: "
      "{0}</title>\n<style>\nbody{{font-family:sans-serif;margin:1.5em;color:#222}}\n"
      "figure.board img{{max-width:640px}}\npre{{background:#f6f6f6;padding:.6em}}\n</style>\n"
      "</head>\n<body>\n<h1>GO position {0}</h1>\n<p>Made by <code>{1}</code> (seki {2}, commit "
      "{3}).</p>\n<figure class=\"board\" id=\"board\" data-matrix=\"{4}\">\n<img "
      "src=\"board.svg\" "
      "alt=\"the board of {0}; each shared liberty labelled with its entry\">\n<figcaption>Matrix "
      "<code>{4}</code> (rows: white groups, columns: black groups); a label i,j marks a liberty "
      "of entry A(i,j).</figcaption>\n</figure>\n<h2>Verdict</h2>\n<p id=\"verdict\">{5}</p>\n",
      go::XmlEscape(source), go::XmlEscape(command), ToolVersion(),
      commit.empty() ? "unknown" : commit, go::XmlEscape(matrix), go::XmlEscape(a.verdict));
  if (!a.parting.empty()) page += "<p id=\"parting\">" + go::XmlEscape(a.parting) + "</p>\n";
  if (!a.walls.empty()) page += "<p id=\"walls\">" + go::XmlEscape(a.walls) + "</p>\n";
  page += "<h2>Analysis</h2>\n<pre id=\"analysis\">" + go::XmlEscape(go::GoAnalysisText(a)) +
          "</pre>\n</body>\n</html>\n";
  WriteOutputFile((dir / "index.html").string(), page);
  return dir / "index.html";
}

}  // namespace seki
