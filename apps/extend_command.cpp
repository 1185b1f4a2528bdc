#include "apps/extend_command.hpp"

#include <cctype>
#include <iostream>
#include <memory>
#include <optional>

#include "apps/matrix_input.hpp"
#include "apps/show_format.hpp"
#include "engine/base/entry_text.hpp"
#include "engine/describe/matrix_report.hpp"

namespace seki::cli {
namespace {

Extension ParseKind(const std::string& text) {
  std::string k;
  for (char ch : text) k += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (k == "E1" || k == "1") return Extension::kE1;
  if (k == "E2" || k == "2") return Extension::kE2;
  throw InputError("--kind", "'" + text + "' is not E1 or E2");
}

// "I,J" -> (I, J), numbered from 1 as given; the range is checked by Extensions.
std::pair<int, int> ParseAt(const std::string& text) {
  const auto at = ParseRowColumn(text);
  if (!at) throw InputError("--at", "'" + text + "' is not I,J (row and column numbered from 1)");
  return *at;
}

}  // namespace

void RunExtend(const ExtendOptions& options) {
  const std::vector<MatrixInput> inputs = ReadStartingPositions({options.matrix}, "");
  if (inputs.size() != 1)
    throw InputError(options.matrix,
                     "extend takes one matrix, got " + std::to_string(inputs.size()));
  const MatrixInput& input = inputs.front();
  const Extension kind = ParseKind(options.kind);
  if (options.all == !options.at.empty())
    throw InputError("extend", "give exactly one of --at I,J and --all");
  CheckExtendable(input.matrix, input.where);
  std::optional<std::pair<int, int>> at;
  if (!options.all) at = ParseAt(options.at);
  CommandSolver solver(MakeSolveEngineOptions(options.engine), options.engine.quiet);
  const std::vector<ExtensionReport> list = solver.Solve(
      input.matrix, input.where,
      [&](SolveEngine& e) { return Extensions(input.matrix, kind, at, &e, input.where); });
  if (options.format == "json")
    std::cout << ExtendJson(input.matrix, kind, list) << '\n';
  else
    std::cout << ExtendText(input.matrix, kind, list);
}

void AddExtendCommand(CLI::App& app) {
  auto options = std::make_shared<ExtendOptions>();
  CLI::App* sub = app.add_subcommand(
      "extend",
      "The paper's E1 / E2 extension of a matrix at one positive entry (--at I,J) or at each "
      "(--all), with the classes of both games");
  sub->add_option("matrix", options->matrix, "The matrix, e.g. 033/331/312")->required();
  sub->add_option("--at", options->at, "Entry I,J (row, column, numbered from 1)")
      ->type_name("I,J");
  sub->add_flag("--all", options->all, "Every positive entry");
  sub->add_option("--kind", options->kind,
                  "E1: the (3,1,1,-1)-extension; E2: the (3,2,2,-2)-extension")
      ->default_str("E1");
  sub->add_option("-f,--format", options->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  AddEngineOptions(sub, options->engine);
  sub->footer(MatrixSyntaxHelp() + " Rows and columns are numbered from 1." +
              "\nAn extension adds a new first row and column with E(0,0) = 3, puts k in the new "
              "row at column J and in the new column at row I, and lowers A(I,J) by k (k = 1 for "
              "E1, 2 for E2); it is undefined where A(I,J) < k.");
  sub->callback([options] { RunExtend(*options); });
}

}  // namespace seki::cli
