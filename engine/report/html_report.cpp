// `seki report SOURCE --html DIR`: the page, its GO pictures, its census tables.
#include "engine/report/html_report.hpp"

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/census/census.hpp"
#include "engine/describe/go_report.hpp"
#include "engine/go/board_svg.hpp"
#include "engine/go/go_realise.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/readback/run_manifest.hpp"
#include "engine/run/tool_version.hpp"
#include "engine/solve/play.hpp"
#include "engine/solve/solve_json.hpp"
#include "engine/solve/solve_report.hpp"
#include "engine/structure/go_picture.hpp"
#include "storage/atomic_file.hpp"

namespace seki {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kStyle = R"(body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.2em}
th,td{border:1px solid #bbb;padding:2px 8px;text-align:right}
th{background:#eee}
table.summary th,table.summary td{text-align:left}
code{font-family:monospace}
.matrices{display:flex;flex-wrap:wrap;gap:12px}
figure.matrix{border:1px solid #ccc;margin:0;padding:6px;width:340px}
figure.matrix img{display:block;margin:0 auto;max-width:320px;max-height:260px}
figcaption{font-size:13px}
figure.plot img{max-width:100%})";

std::string Escape(std::string_view text) { return go::XmlEscape(text); }

// The GO picture's file name, relative to the page: go/033-331-312.svg.
std::string PictureName(const Matrix& a) {
  std::string text = FormatMatrix(a);
  for (char& ch : text)
    if (ch == '/') ch = '-';
  return "go/" + text + ".svg";
}

// The board position realising a matrix, relative to the page: go/board-033-331-312.svg.
std::string BoardName(const Matrix& a) { return "go/board-" + PictureName(a).substr(3); }

// A board position realising a, as SVG (docs/go/realise.md); "" when it has none of the realiser's
// shape.
std::string BoardPicture(const Matrix& a) {
  try {
    return GoBoardSvg(go::Realise(a, FormatMatrix(a)).model);
  } catch (const InputError&) {
    return "";
  }
}

// A list of matrices on the page: a heading, the game whose optimal lines are shown, the matrices.
struct Section {
  std::string id, title;
  Game game = Game::kSeki;
  std::vector<Matrix> matrices;
};

// What the page shows of its source.
struct Contents {
  std::string title;
  std::vector<std::pair<std::string, std::string>> summary;  // label, HTML
  std::vector<Census> censuses;
  std::vector<Section> sections;
};

std::string Code(std::string_view text) { return "<code>" + Escape(text) + "</code>"; }

std::string RegionTitle(const Census& c) {
  return fmt::format("{}&times;{}, entries &le; {}, sum &le; {}", c.rows, c.cols, c.max_entry,
                     c.max_sum);
}

Contents FromRun(const fs::path& dir) {
  Contents out;
  out.censuses = {CensusFromRun(dir)};  // checks that the run is finished and its files whole
  const RunManifest m = ReadRunManifest(dir);
  const Census& c = out.censuses.front();
  out.title = fmt::format("Run {}: {}", Escape(dir.filename().string()), RegionTitle(c));
  out.summary = {
      {"run directory", Code(dir.string())},
      {"command", Code(m.command)},
      {"made by", Escape(fmt::format("{} {} (commit {})", m.tool_name, m.tool_version,
                                     m.tool_commit.empty() ? "unknown" : m.tool_commit))},
      {"started", Escape(m.start)},
      {"finished", Escape(m.end)},
      {"classes", std::to_string(m.totals.classes)},
      {"with no zero line", std::to_string(m.totals.starting)}};
  for (const CatalogueFile& f : CatalogueFiles())
    out.summary.push_back(
        {Escape(f.counts_name), std::to_string(m.totals.members.at(f.counts_name))});
  for (const CatalogueFile& f : CatalogueFiles()) {
    if (f.kind == 0) continue;  // the seki of either game: only the complete and semi-complete
    std::string id = f.counts_name;
    id[id.find('/')] = '-';
    Section s{id,
              fmt::format("{} {} ({})", f.kind == 1 ? "Complete" : "Semi-complete",
                          f.game == Game::kSeki ? "seki" : "d-seki", f.path),
              f.game,
              {}};
    std::ifstream in(dir / f.path);
    std::string line, why;
    while (std::getline(in, line)) {
      const auto r = ParseCatalogueLine(line, &why);
      if (!r) throw InputError((dir / f.path).string(), why);
      s.matrices.push_back(r->matrix);
    }
    out.sections.push_back(std::move(s));
  }
  return out;
}

Contents FromCheckReport(const fs::path& file) {
  Contents out;
  out.censuses = CensusesFromCheckReport(file);  // checks that it is a check report
  std::ifstream in(file);
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  const std::string conjecture = j.value("conjecture", "");
  out.title = "Check of conjecture " + Escape(conjecture);
  out.summary = {{"report", Code(file.string())},
                 {"command", Code(j.value("command", ""))},
                 {"conjecture", Escape(conjecture + ": " + j.value("statement", ""))},
                 {"reported", Escape(j.value("reported", ""))},
                 {"result", Escape(j.value("result", ""))}};
  if (j.contains("totals") && j["totals"].is_object())
    for (const auto& [key, value] : j["totals"].items())
      out.summary.push_back({Escape(key), Escape(value.dump())});
  for (std::size_t k = 0; k < out.censuses.size(); ++k) {
    const Census& c = out.censuses[k];
    const std::string shape = fmt::format("{}x{}", c.rows, c.cols);
    Section listed{
        "listed-" + shape,
        fmt::format("Complete seki of height &ge; {}, {}", kCensusListedHeight, RegionTitle(c)),
        Game::kSeki,
        {}};
    for (const std::string& line : c.listed)
      listed.matrices.push_back(ParseMatrix(line.substr(0, line.find(' '))));
    out.sections.push_back(std::move(listed));
    const auto& shapes = j["shapes"];
    if (k < shapes.size() && shapes[k].contains("findings")) {
      Section findings{"findings-" + shape, "Findings, " + RegionTitle(c), Game::kSeki, {}};
      for (const auto& f : shapes[k]["findings"]) {
        findings.matrices.push_back(ParseMatrix(f.value("matrix", "")));
        if (f.contains("lines") && f["lines"].value("game", "") == "D-SEKI")
          findings.game = Game::kDSeki;
      }
      out.sections.push_back(std::move(findings));
    }
  }
  return out;
}

std::string CensusCells(const CensusCell& c) {
  return fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>", c.total, c.prime,
                     c.idsm, c.symmetric, c.planar);
}

std::string CensusTableHtml(const Census& c, Game g, bool by_height) {
  const char* axis = by_height ? "height" : "sum";
  std::string out = fmt::format(
      "<table class=\"census\" id=\"census-{}x{}-{}-{}\">\n<caption>{} by {}</caption>\n"
      "<tr><th></th><th colspan=\"5\">complete</th><th colspan=\"5\">semi-complete</th></tr>\n"
      "<tr><th>{}</th><th>all</th><th>prime</th><th>IDSM</th><th>symmetric</th><th>planar</th>"
      "<th>all</th><th>prime</th><th>IDSM</th><th>symmetric</th><th>planar</th></tr>\n",
      c.rows, c.cols, GameName(g), axis, g == Game::kSeki ? "SEKI" : "D-SEKI", axis, axis);
  for (const CensusRow& row : CensusRows(c, g, by_height))
    out += fmt::format("<tr><th>{}</th>{}{}</tr>\n", row.value, CensusCells(row.complete),
                       CensusCells(row.semi_complete));
  out += fmt::format("<tr><th>all</th>{}{}</tr>\n</table>\n",
                     CensusCells(c.Table(g, CensusKind::kComplete).total),
                     CensusCells(c.Table(g, CensusKind::kSemiComplete).total));
  return out;
}

std::string GameValues(const GameReport& game, Game g) {
  const Outcome& o = game.outcome;
  return fmt::format("{}: R={} C={} r={} c={}, {}", g == Game::kSeki ? "SEKI" : "D-SEKI",
                     Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c),
                     Escape(ClassLabel(g, o.seki_class())));
}

// One matrix of a section: its picture, values of both games, the section game's optimal lines.
std::string MatrixFigure(SolveEngine& engine, const Section& s, std::size_t k,
                         const std::map<std::string, bool>& boards) {
  const Matrix& a = s.matrices[k];
  const std::string where = FormatMatrix(a);
  const SolveReport report = engine.Guarded(where, [&] {
    engine.Check(a, where);
    return engine.Report(a, false);
  });
  std::string out = fmt::format(
      "<figure class=\"matrix\" id=\"{}-{}\" data-matrix=\"{}\">\n<img src=\"{}\" alt=\"{} as a "
      "GO position\">\n<figcaption>{} {}&times;{}, sum {}, height {}<br>\n{}<br>\n{}",
      s.id, k + 1, Escape(FormatMatrix(a)), Escape(PictureName(a)), Escape(FormatMatrix(a)),
      Code(FormatMatrix(a)), a.rows(), a.cols(), a.sum(), a.height(),
      GameValues(report[Game::kSeki], Game::kSeki), GameValues(report[Game::kDSeki], Game::kDSeki));
  if (boards.at(BoardName(a)))
    out = fmt::format("{}<br>\n<img class=\"board\" src=\"{}\" alt=\"{} on a GO board\">", out,
                      Escape(BoardName(a)), Escape(FormatMatrix(a)));
  for (Player first : {Player::kR, Player::kC}) {
    const PlayLine line = engine.Guarded(where, [&] { return engine.Line(a, s.game, first); });
    out += fmt::format("<br>\n{} first ({}):{}", PlayerName(first),
                       s.game == Game::kSeki ? "SEKI" : "D-SEKI", Escape(PlayLineText(line)));
  }
  return out + "</figcaption>\n</figure>\n";
}

std::string Page(const Contents& c, const HtmlReportRequest& request,
                 const std::vector<std::string>& plots, SolveEngine& engine,
                 const std::map<std::string, bool>& boards) {
  const std::string commit = ToolCommit();
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>seki report: "
      "{}</title>\n<style>\n{}\n</style>\n</head>\n<body>\n<h1>{}</h1>\n<p>Made by {} (seki {}, "
      "commit {}).</p>\n",
      c.title, kStyle, c.title, Code(ShownCommand(request.command)), ToolVersion(),
      commit.empty() ? "unknown" : commit);
  out += "<nav><a href=\"#summary\">Summary</a> &middot; <a href=\"#census\">Census</a>";
  for (const Section& s : c.sections)
    out += fmt::format(" &middot; <a href=\"#{}\">{}</a>", s.id, s.title);
  if (!plots.empty()) out += " &middot; <a href=\"#plots\">Plots</a>";
  out += "</nav>\n<section id=\"summary\">\n<h2>Summary</h2>\n<table class=\"summary\">\n";
  for (const auto& [label, html] : c.summary)
    out += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", label, html);
  out += "</table>\n</section>\n<section id=\"census\">\n<h2>Census</h2>\n";
  out +=
      "<p>Classes up to row/column permutation with no zero line, by height (largest entry) and by "
      "sum; prime: not a direct sum; IDSM: square with all line sums equal; symmetric: isomorphic "
      "to its transpose; planar: a GO position without crossings.</p>\n";
  for (const Census& census : c.censuses) {
    out += fmt::format("<h3>{}</h3>\n", RegionTitle(census));
    for (Game g : kGames)
      for (bool by_height : {true, false}) out += CensusTableHtml(census, g, by_height);
  }
  out += "</section>\n";
  for (const Section& s : c.sections) {
    out += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n<p>{} matrices.</p>\n", s.id, s.title,
                       s.matrices.size());
    out += "<div class=\"matrices\">\n";
    for (std::size_t k = 0; k < s.matrices.size(); ++k) out += MatrixFigure(engine, s, k, boards);
    out += "</div>\n</section>\n";
  }
  if (!plots.empty()) {
    out += "<section id=\"plots\">\n<h2>Plots</h2>\n";
    for (const std::string& plot : plots)
      out +=
          fmt::format("<figure class=\"plot\"><img src=\"{}\" alt=\"plots of the run\"></figure>\n",
                      Escape(plot));
    out += "</section>\n";
  }
  return out + "</body>\n</html>\n";
}

}  // namespace

HtmlReportResult WriteHtmlReport(const HtmlReportRequest& request) {
  std::error_code ec;
  const bool run = !fs::is_regular_file(request.source, ec);
  const Contents contents = run ? FromRun(request.source) : FromCheckReport(request.source);
  fs::create_directories(request.dir / "go", ec);
  if (ec) throw InputError(request.dir.string(), "cannot create: " + ec.message());
  std::vector<std::string> plots;
  if (run && request.draw_plots) plots = request.draw_plots(request.source, request.dir);
  for (const std::string& plot : plots)
    if (plot.empty() || plot.find('/') != std::string::npos || plot == "." || plot == ".." ||
        !fs::is_regular_file(request.dir / plot, ec))
      throw InputError(plot, "a plot must be a file drawn inside the page's directory");
  HtmlReportResult result;
  result.page = request.dir / "index.html";
  std::map<std::string, bool> written, boards;  // boards: whether the matrix has one
  for (const Section& s : contents.sections)
    for (const Matrix& a : s.matrices) {
      ++result.matrices;
      const std::string name = PictureName(a);
      if (!written.emplace(name, true).second) continue;
      WriteOutputFile((request.dir / name).string(), GoPictureSvg(a));
      const std::string board = BoardPicture(a);
      boards[BoardName(a)] = !board.empty();
      if (!board.empty()) WriteOutputFile((request.dir / BoardName(a)).string(), board);
    }
  result.pictures = written.size();
  SolveEngine engine(request.engine);
  WriteOutputFile(result.page.string(), Page(contents, request, plots, engine, boards));
  return result;
}

}  // namespace seki
