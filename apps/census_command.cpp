// `seki census DIR...`: options, a library call per directory, Markdown, JSON and the list; and
// `seki census --below A`: the census of every seki B <= A in one down-set pass.
#include "apps/census_command.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "apps/checkpoint_options.hpp"
#include "apps/cli_error.hpp"
#include "apps/command_line.hpp"
#include "apps/command_solver.hpp"
#include "apps/matrix_input.hpp"
#include "apps/on_every_rank.hpp"
#include "engine/census/census.hpp"
#include "engine/census/census_below.hpp"
#include "engine/distributed/launch.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {

namespace {

struct CensusOptions {
  std::vector<std::string> sources;  // run directories or check reports
  std::string json_file, list_file;
  bool latex = false;                  // LaTeX tables on stdout instead of Markdown
  std::string below;                   // --below A: the census of the down-set of A
  std::vector<std::string> values_of;  // --values-of B...: their values from the same pass
  std::string values_file;             // --values-file FILE: more of them
  std::string format = "text";
  EngineOptions engine;
  CheckpointOptions checkpoint;
};

// What --below checkpoints: its down-set pass, with what the census has taken.
const CheckpointUse kBelowCheckpointUse{
    "", "10m",
    "the down-set pass in progress with the classes and counts taken so far, removed once it "
    "completes; under mpirun each rank's own checkpoint.rank-RRRR-of-PPPP.json",
    true, true};

// `--below A` on every rank of `group` (null: one process); rank 0 prints.
void RunBelow(const CensusOptions& o, const std::string& command_line, const Ranks* group) {
  const bool root = !group || group->root();
  if (!o.sources.empty()) throw InputError("--below", "takes no run directories or reports");
  if (o.latex && o.format == "json") throw InputError("--latex", "conflicts with --format json");
  const MatrixInput input = ReadStartingPositions({o.below}, "").front();
  std::vector<Matrix> points;
  if (!o.values_of.empty() || !o.values_file.empty())
    for (const MatrixInput& b : ReadStartingPositions(o.values_of, o.values_file))
      points.push_back(b.matrix);
  SolveEngineOptions engine_options = MakeSolveEngineOptions(o.engine);
  engine_options.kind = EngineKind::kDownset;
  engine_options.checkpoint_every = CheckpointSchedule(o.checkpoint, kBelowCheckpointUse);
  PrepareDownsetCheckpoint(o.checkpoint, group);
  engine_options.checkpoint = o.checkpoint.dir;
  engine_options.resume = o.checkpoint.resume;
  engine_options.scratch = o.checkpoint.scratch;
  engine_options.orbits =
      o.checkpoint.plain_pass ? DownsetOrbitChoice::kPlain : DownsetOrbitChoice::kAuto;
  engine_options.ranks = group;
  CensusTaker taker(input.matrix, std::move(points));
  engine_options.take = &taker;
  CommandSolver solver(std::move(engine_options), o.engine.quiet || !root);
  solver.Check(input.matrix, input.where);
  solver.Run(input.matrix, input.where, [&] { solver.engine().Solve(input.matrix); });
  if (group) taker.Gather(*group, solver.engine().downset()->split_ranks());
  if (!root) return;
  const CensusBelow census = taker.Result(command_line);
  if (!o.json_file.empty()) WriteOutputFile(o.json_file, CensusBelowJson(census).dump(2) + "\n");
  if (!o.list_file.empty())
    WriteOutputFile(o.list_file, CensusListText({census.census}, command_line));
  if (o.format == "json")
    std::cout << CensusBelowJson(census).dump(2) << std::endl;
  else
    std::cout << (o.latex ? CensusBelowLatex(census, command_line)
                          : CensusBelowMarkdown(census, command_line))
              << std::flush;
}

void RunCensus(const CensusOptions& o, const std::string& command_line) {
  if (o.below.empty() && (!o.values_of.empty() || !o.values_file.empty()))
    throw InputError(o.values_of.empty() ? "--values-file" : "--values-of", "needs --below A");
  if (!o.below.empty()) {
    const std::unique_ptr<Ranks> group = JoinLaunchedJob();
    if (!group) return RunBelow(o, command_line, nullptr);
    return OnEveryRank(*group, [&] { RunBelow(o, command_line, group.get()); });
  }
  if (o.sources.empty()) throw InputError("census", "give run directories, reports or --below A");
  if (o.format != "text") throw InputError("--format", "json is for --below; use --json FILE");
  std::vector<Census> censuses;
  for (const std::string& source : o.sources)
    for (Census& c : CensusesFrom(source)) censuses.push_back(std::move(c));
  if (!o.json_file.empty()) {
    nlohmann::ordered_json j = {{"command", command_line},
                                {"censuses", nlohmann::ordered_json::array()}};
    for (const Census& c : censuses) j["censuses"].push_back(CensusJson(c));
    WriteOutputFile(o.json_file, j.dump(2) + "\n");
  }
  if (!o.list_file.empty()) WriteOutputFile(o.list_file, CensusListText(censuses, command_line));
  std::cout << (o.latex ? CensusLatex(censuses, command_line)
                        : CensusMarkdown(censuses, command_line))
            << std::flush;
}

}  // namespace

void AddCensusCommand(CLI::App& app, int argc, char** argv) {
  auto options = std::make_shared<CensusOptions>();
  const std::string command_line = JoinCommandLine(argc, argv);
  CLI::App* sub = app.add_subcommand(
      "census",
      "Tables of the complete and semi-complete seki of finished runs (seki enumerate), for "
      "SEKI and D-SEKI, by height and by sum, with how many are prime, IDSMs, symmetric and "
      "planar; Markdown on stdout");
  sub->add_option("sources", options->sources,
                  "Run directories (written by seki enumerate) or JSON reports of seki check "
                  "(--json FILE)");
  sub->add_option("--json", options->json_file, "Also write the census as JSON to FILE")
      ->type_name("FILE");
  sub->add_option("--list", options->list_file,
                  "Also write the complete seki of height >= 4, one matrix per line, to FILE")
      ->type_name("FILE");
  sub->add_flag("--latex", options->latex,
                "Print LaTeX tables for a paper (booktabs) instead of Markdown");
  sub->add_option("--below", options->below,
                  "Instead of runs: every complete and semi-complete seki and d-seki B <= A "
                  "(entrywise, no zero line), each class once, and the seki matrices by height, "
                  "in one down-set pass of A")
      ->type_name("A");
  sub->add_option("--values-of", options->values_of,
                  "With --below A: also the values of these matrices B <= A (entry by entry, in "
                  "A's row and column order), from the same pass, as seki solve --format json "
                  "gives them")
      ->type_name("B");
  sub->add_option("--values-file", options->values_file,
                  "With --below A: more matrices for --values-of, one a line (- for stdin)")
      ->type_name("FILE");
  sub->add_option("-f,--format", options->format,
                  "With --below: text (Markdown, default) or json (one document on stdout)")
      ->check(CLI::IsMember({"text", "json"}));
  AddEngineOptions(sub, options->engine);
  AddCheckpointOptions(sub, options->checkpoint, kBelowCheckpointUse);
  sub->footer(
      std::string(
          "The same tables for a region check: seki check ... --census FILE, or seki census on its "
          "--json report.\n") +
      fmt::format("--below A takes --threads, --memory-limit, --checkpoint DIR, --resume, "
                  "--scratch DIR and --plain-pass as seki solve does (--engine is always "
                  "downset).\n"
                  "Exit status: {}; {} for a missing directory, a directory that is not a finished "
                  "run, catalogues that do not match the manifest, a bad matrix (one line on "
                  "stderr); {} when the pass does not fit the memory limit; {} on Ctrl-C.",
                  kExitDone, kExitBadInput, kExitMemoryLimit, kExitInterrupted));
  sub->callback([options, command_line] { RunCensus(*options, command_line); });
}

}  // namespace seki::cli
