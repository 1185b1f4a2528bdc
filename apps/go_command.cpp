#include "apps/go_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli_error.hpp"
#include "apps/command_line.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/describe/go_report.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_input.hpp"
#include "engine/go/go_verdict.hpp"
#include "engine/run/memory_budget.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {
namespace {

constexpr const char* kFooter =
    R"(A position: an SGF file (GM[1]; SZ, the setup stones AB/AW/AE and the moves of the main line,
played with the capture rule) or a text diagram (top row first: X black, O white, . empty).
Points are GO coordinates: columns A..Z without I, row 1 at the bottom (C3).
Groups: by default the largest set of chains each of whose liberties is shared with exactly one
group of the other colour, an outside liberty (next to no group of the other colour but to a wall
of that colour) or its one-point eye, each touching a group of the other colour; --region C3:H9
the chains with a stone in the rectangle, --region C3,E5 the chains through those points. What
stays outside the model is refused naming the point and the group: eyes of two or more points,
ko, groups (or a group and a wall) of one colour that could join, a point whose filling gives a
group a new liberty, an outside liberty whose stone could be captured, a chain with two eyes.
The race: rows are the white groups, columns the black groups, each with its outside liberties
and eye (seki race); R is Black (who wants a white group captured), C is White. SEKI is GO's
capture rule; D-SEKI calls a move that takes the last liberty of a group of each colour a draw.
The walls (the other chains next to the groups) are tested by Benson's algorithm; those that do
not live unconditionally are named as assumed alive (text, JSON, SGF, page).
JSON: the fields of `seki solve --format json --moves` (`seki race`'s for a race; each move with
"points", each line's steps with "point") and board, groups, entries, outside_and_eyes (a race),
verdict, dseki_verdict, parting, walls, go_lines.
)";

}  // namespace

void RunGo(const GoOptions& options, const std::string& command) {
  const EngineKind kind = ParseEngineKind(options.engine, "--engine");
  const std::size_t memory_bytes =
      static_cast<std::size_t>(MemoryLimitBytes(ParseMemoryLimit(options.memory_limit)));
  std::string where;
  const go::GoModel model = go::LoadModel(
      {.file = options.file, .text = "", .realise = options.realise, .region = options.region},
      &where);
  SolveEngine engine(SolveEngineOptions{.kind = kind, .memory_bytes = memory_bytes, .moves = true});
  const go::GoAnalysis analysis = go::AnalyseGo(model, engine, where);
  if (!options.sgf.empty())
    WriteOutputFile(options.sgf, go::WriteSgf(go::AnalysisRecord(analysis, where)));
  if (!options.svg.empty()) WriteOutputFile(options.svg, GoBoardSvg(model));
  if (!options.html.empty()) WriteGoPage(analysis, options.html, command, where);
  if (options.format == "json")
    std::cout << GoReportJson(analysis).dump() << '\n';
  else
    std::cout << (options.realise.empty() ? "" : go::DiagramText(model.board))
              << go::GoAnalysisText(analysis);
  std::cout.flush();
}

void AddGoCommand(CLI::App& app, int argc, char** argv) {
  auto options = std::make_shared<GoOptions>();
  const std::string command = JoinCommandLine(argc, argv);
  CLI::App* sub = app.add_subcommand(
      "go", "Read a GO position (SGF or a diagram), decide its seki exactly, answer in GO terms");
  sub->add_option("file", options->file, "SGF file or text diagram; - reads standard input");
  sub->add_option("--realise", options->realise,
                  "Instead of a file: a board position realising this matrix (planar)");
  sub->add_option("--region", options->region,
                  "The groups: C3:H9 (chains with a stone in the rectangle) or C3,E5 (chains "
                  "through the points); default: every chain that is a group of a race");
  sub->add_option("--format", options->format, "text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_option("--sgf", options->sgf,
                  "Write the position with the optimal lines as variations, the verdict as a "
                  "comment and each shared liberty labelled with its entry");
  sub->add_option("--svg", options->svg, "Write the board as SVG");
  sub->add_option("--html", options->html, "Write a page (DIR/index.html, DIR/board.svg)");
  sub->add_option("--engine", options->engine, "auto (default), search, downset or exhaustive")
      ->check(CLI::IsMember({"auto", "search", "downset", "exhaustive"}));
  sub->add_option("--memory-limit", options->memory_limit,
                  "Memory of the solve, e.g. 8G (default: " + DefaultMemoryPercent() +
                      " of physical memory); exit " + std::to_string(kExitMemoryLimit) +
                      " when it does not fit");
  sub->footer(kFooter + fmt::format("Exit status: {} on success; {} on bad input (one line \"seki: "
                                    "<where>: <problem>\", nothing written);\n{} when the solve "
                                    "does not fit --memory-limit.",
                                    kExitDone, kExitBadInput, kExitMemoryLimit));
  sub->callback([options, command] { RunGo(*options, command); });
}

}  // namespace seki::cli
