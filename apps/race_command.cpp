#include "apps/race_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "apps/cli_error.hpp"
#include "apps/race_format.hpp"
#include "engine/base/race_text.hpp"
#include "engine/base/starting_position.hpp"
#include "engine/describe/race_table.hpp"
#include "engine/solve/solve_json.hpp"

namespace seki::cli {
namespace {

constexpr const char* kFooter =
    R"(A race (spec section 7, docs/rules.md): the matrix of shared liberties (rows: white groups,
columns: black groups; R is Black, who wants a white group captured) and, beside it, each group's
outside liberties (--outside ROWS:COLS, e.g. 2,0:1 for rows 2 and 0 and the one column 1) and
one-point eye (--eyes ROWS:COLS, each 0 or 1); a side left empty is all zero (--eyes :1). A move
lowers an entry or an outside liberty (either player), or fills an eye: a player's own at any
time, the opponent's only as its group's last liberty. A group without liberty is captured;
SEKI gives a double capture to the mover, D-SEKI calls it a draw.
Output as `seki solve`'s, with the moves at the entries, the rows' outside liberties and eyes
(columns out, eye) and the columns' (rows out, eye); '-': that player may not make the move.
A race without outside liberty or eye prints exactly what `seki solve` prints. JSON: the fields
of `seki solve --format json` with "race", "outside" and "eyes" ({"rows": [...], "cols":
[...]}); each move {"move", "kind", "row", "col", "R", "C"}, each step {"player", "pass", "move",
"after"}.
--table N prints the two-group table of docs/go.md (one white and one black group, up to N
outside and shared liberties, no eye, an eye for one or for each) as Markdown.
)";

}  // namespace

void RunRace(const RaceOptions& options) {
  if (options.table >= 0) {
    if (!options.matrix.empty()) throw InputError("--table", "takes no matrix");
    std::cout << TwoGroupTableMarkdown(options.table);
    return;
  }
  if (options.matrix.empty()) throw InputError("race", "give a matrix (or --table N)");
  const Race race =
      MakeRace(ParseMatrixAt(options.matrix, options.matrix), options.outside, options.eyes, "");
  const std::string where = FormatRace(race);
  if (const std::string problem = RaceStartProblem(race); !problem.empty())
    throw InputError(where, problem);
  SolveEngineOptions engine_options = MakeSolveEngineOptions(options.engine);
  engine_options.moves = options.moves;
  CommandSolver solver(engine_options, options.engine.quiet);
  SolveOrStop(where, solver.memory_bytes(), [&] { solver.engine().Check(race, where); });
  const RaceReport report = solver.Solve(
      race.a, where, [&](SolveEngine& engine) { return engine.Report(race, options.moves); });
  if (options.format == "json")
    std::cout << RaceReportJson(report).dump() << '\n';
  else
    std::cout << FormatRaceText(report);
}

void AddRaceCommand(CLI::App& app) {
  auto options = std::make_shared<RaceOptions>();
  CLI::App* sub = app.add_subcommand(
      "race", "Solve a liberty race: a matrix with outside liberties and one-point eyes");
  sub->add_option("matrix", options->matrix, "The matrix of shared liberties (033/331/312)");
  sub->add_option("--outside", options->outside,
                  "Outside liberties: one number per row, a colon, one per column (2,0:1)");
  sub->add_option("--eyes", options->eyes,
                  "One-point eyes: 0 or 1 per row, a colon, per column (1,0:0)");
  sub->add_option("-f,--format", options->format, "text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_flag("-m,--moves", options->moves,
                "Also show each move's result and a line of optimal play per first player");
  sub->add_option("--table", options->table,
                  "Instead of a race: the two-group table up to N liberties of each kind")
      ->check(CLI::Range(0, 8));
  AddEngineOptions(sub, options->engine);
  sub->footer(kFooter + fmt::format("Exit status: {} on success; {} on bad input (one line "
                                    "\"seki: <where>: <problem>\"); {} when the race does not "
                                    "fit --memory-limit; {} when stopped by Ctrl-C.",
                                    kExitDone, kExitBadInput, kExitMemoryLimit, kExitInterrupted));
  sub->callback([options] { RunRace(*options); });
}

}  // namespace seki::cli
