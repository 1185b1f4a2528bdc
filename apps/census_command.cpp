// `seki census DIR...`: options, a library call per directory, Markdown, JSON and the list.
#include "apps/census_command.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli_error.hpp"
#include "apps/command_line.hpp"
#include "engine/research/census.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {

namespace {

struct CensusOptions {
  std::vector<std::string> sources;  // run directories or check reports
  std::string json_file, list_file;
  bool latex = false;  // LaTeX tables on stdout instead of Markdown
};

void RunCensus(const CensusOptions& o, const std::string& command_line) {
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
                  "(--json FILE)")
      ->required();
  sub->add_option("--json", options->json_file, "Also write the census as JSON to FILE")
      ->type_name("FILE");
  sub->add_option("--list", options->list_file,
                  "Also write the complete seki of height >= 4, one matrix per line, to FILE")
      ->type_name("FILE");
  sub->add_flag("--latex", options->latex,
                "Print LaTeX tables for a paper (booktabs) instead of Markdown");
  sub->footer(
      std::string(
          "The same tables for a region check: seki check ... --census FILE, or seki census on its "
          "--json report.\n") +
      fmt::format("Exit status: {}; {} for a missing directory, a directory that is not a finished "
                  "run, catalogues that do not match the manifest (one line on stderr).",
                  kExitDone, kExitBadInput));
  sub->callback([options, command_line] { RunCensus(*options, command_line); });
}

}  // namespace seki::cli
