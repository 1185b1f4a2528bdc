#include "apps/show_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "apps/cli_error.hpp"
#include "apps/interrupt.hpp"
#include "apps/matrix_input.hpp"
#include "apps/show_format.hpp"
#include "apps/solve_command.hpp"
#include "engine/base/entry_text.hpp"
#include "engine/base/matrix.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/research/family_sweep.hpp"
#include "engine/research/matrix_report.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/structure/go_picture.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {
namespace {

std::string MatrixSyntax() { return MatrixSyntaxHelp() + " Rows and columns are numbered from 1."; }

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

void RunShow(const ShowOptions& options) {
  const std::vector<MatrixInput> inputs =
      ReadStartingPositions(options.matrices, options.input_file);
  CommandSolver solver(MakeSolveEngineOptions(options.engine), options.engine.quiet);
  for (const MatrixInput& input : inputs)  // refuse what cannot be solved before printing anything
    solver.Check(input.matrix, input.where);
  if (!options.svg_file.empty()) {
    if (inputs.size() != 1)
      throw InputError("--svg", "draws one matrix, got " + std::to_string(inputs.size()));
    WriteOutputFile(options.svg_file, GoPictureSvg(inputs.front().matrix));
  }
  const bool json = options.format == "json";
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const MatrixReport report = solver.Solve(
        inputs[k].matrix, inputs[k].where,
        [&](SolveEngine& e) { return DescribeMatrix(inputs[k].matrix, &e, inputs[k].where); });
    if (json)
      std::cout << ShowJson(report) << '\n';
    else
      std::cout << (k > 0 ? "\n" : "") << ShowText(report);
    std::cout.flush();
  }
}

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

const CheckpointUse kSweepCheckpoint{"member", "1",
                                     "the rows solved so far; the member in progress keeps its "
                                     "down-set passes' checkpoint in DIR/member"};

// A sweep over the family's parameter: a table row (or JSON line) per member, the rows so far
// rewritten durably in --output after each member and kept in the --checkpoint directory
// (SweepCheckpoint), from which --resume takes them.
void RunSweep(const FamilyOptions& options) {
  MakeFamilyMember(options.family, options.family == "cubic" ? 0 : std::max(options.n, 2),
                   options.family == "cubic" ? 1 : 3);  // an unknown family's name first
  if (options.from < 1 || options.to < options.from)
    throw InputError("--from", "give a range --from P --to Q with 1 <= P <= Q");
  std::vector<FamilyMember> members;
  for (int p = options.from; p <= options.to; ++p)
    members.push_back(MakeFamilyMember(options.family, options.n, p));
  const CheckpointPolicy every = CheckpointSchedule(options.checkpoint, kSweepCheckpoint);
  if (!options.output.empty()) CheckOutputFile(options.output);
  SweepCheckpoint saved(options.checkpoint.dir,
                        {{"family", members.front().family},
                         {"size", options.n},
                         {"from", options.from},
                         {"to", options.to}},
                        options.checkpoint.resume, every,
                        [](const std::string& text) { std::cerr << "seki: " << text << '\n'; });
  SolveEngineOptions engine = MakeSolveEngineOptions(options.engine);
  engine.checkpoint = saved.MemberDir();
  engine.resume = true;  // the member's own pass, if one was saved
  if (every.every_minutes > 0) engine.checkpoint_every = {0, every.every_minutes};
  CommandSolver solver(std::move(engine), options.engine.quiet);
  const bool json = options.format == "json";
  if (!json) std::cout << SweepTableHeader() << std::flush;
  std::string lines;
  for (std::size_t k = 0; k < members.size(); ++k) {
    const FamilyMember& member = members[k];
    SweepRow row;
    if (const SweepRow* done = saved.Find(member.matrix)) {
      row = *done;
    } else {
      solver.Check(member.matrix, member.name);
      try {
        row = solver.Solve(member.matrix, member.name,
                           [&](SolveEngine& e) { return SolveMember(e, member); });
      } catch (...) {
        saved.Save();  // the rows so far, whatever stopped the sweep
        throw;
      }
      saved.Add(row, static_cast<int>(k + 1), static_cast<int>(members.size()));
    }
    lines += SweepRowJson(row) + "\n";
    if (!options.output.empty()) WriteOutputFile(options.output, lines);
    std::cout << (json ? SweepRowJson(row) + "\n" : SweepRowText(row)) << std::flush;
  }
}

void RunFamily(const FamilyOptions& options) {
  const bool paper = options.family == "A" || options.family == "B" || options.family == "C" ||
                     options.family == "a" || options.family == "b" || options.family == "c";
  if (!paper || options.from != 0 || options.to != 0) return RunSweep(options);
  if (options.n == 0) throw InputError("family", "--n is required (or a sweep: --from P --to Q)");
  FamilyReport family = Family(options.family, options.n);
  const bool json = options.format == "json";
  if (!json) {
    std::cout << FamilyHeadline(family) << '\n';
    std::cout.flush();  // the larger members take a while to solve
  }
  if (options.solve) {
    CommandSolver solver(MakeSolveEngineOptions(options.engine), options.engine.quiet);
    const Matrix& m = family.member.matrix;
    family.member.value =
        solver.Solve(m, family.name, [&](SolveEngine& e) { return e.Values(m, family.name); });
  }
  if (json)
    std::cout << FamilyJson(family) << '\n';
  else
    std::cout << FamilyValuesText(family);
}

void AddShowCommand(CLI::App& app) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* sub = app.add_subcommand(
      "show",
      "Matrix facts: shape, sum, height, canonical form, transpose, IDSM, prime blocks, symmetry, "
      "planarity, and both games' values and classes");
  AddMatrixInputOptions(sub, options->matrices, options->input_file, options->format);
  sub->add_option("--svg", options->svg_file,
                  "Also write the matrix's GO picture (stones for rows and columns, A(i,j) shared "
                  "liberties between them; a planar drawing when the graph is planar) to FILE")
      ->type_name("FILE");
  AddEngineOptions(sub, options->engine);
  sub->footer(MatrixSyntax() +
              "\nJSON: one object per matrix per line with keys matrix, rows, cols, sum, height, "
              "canonical, transpose, idsm, line_sum, row_sums, col_sums, prime, blocks, "
              "symmetric, planar, seki, dseki.");
  sub->callback([options] { RunShow(*options); });
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
  sub->footer(MatrixSyntax() +
              "\nAn extension adds a new first row and column with E(0,0) = 3, puts k in the new "
              "row at column J and in the new column at row I, and lowers A(I,J) by k (k = 1 for "
              "E1, 2 for E2); it is undefined where A(I,J) < k.");
  sub->callback([options] { RunExtend(*options); });
}

void AddFamilyCommand(CLI::App& app) {
  auto options = std::make_shared<FamilyOptions>();
  CLI::App* sub = app.add_subcommand(
      "family",
      "A member of the paper's infinite families: A^n (E1 from 22/22), B^n (E2 from 32/23) or "
      "the 2-cycle C_N, with its classes; or a sweep over a parameterised family, one row a "
      "member");
  sub->add_option("family", options->family, std::string(FamilyNames()))->required();
  sub->add_option("-n,--n", options->n,
                  fmt::format("n of A, B (2..{0}) and C (3..{0}); the size k of cycle, "
                              "alternating, opposite",
                              kMaxDim));
  sub->add_option("--from", options->from,
                  "A sweep: the first value of the parameter (n of A, B, C; the entry t of the "
                  "cycle families; i of cubic)");
  sub->add_option("--to", options->to, "A sweep: the last value of the parameter");
  sub->add_option("--output", options->output,
                  "A sweep: also write the rows to FILE as JSON lines (rewritten after each "
                  "member)")
      ->type_name("FILE");
  AddCheckpointOptions(sub, options->checkpoint, kSweepCheckpoint);
  AddEngineOptions(sub, options->engine);
  sub->add_flag("!--no-solve", options->solve, "Print the matrix only, without solving");
  sub->add_option("-f,--format", options->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  sub->footer(
      std::string(
          "A^n, B^n (n >= 3): each the extension of the previous one at (1,1). Solving takes "
          "seconds up to n = 6 (B^6: about 10 s) and grows about 20-fold per step.\n"
          "Sweeps (--from P --to Q): cycle = the k x k 2-cycle pattern (--n k) with every entry t; "
          "alternating = entries t and t+1 alternating around the cycle (3400/0340/0034/4003); "
          "opposite = every entry t but two opposite ones t+1 (0303/3030/0340/3004); cubic = "
          "(1+i)(J4 - I4), the cubic seki of GO; A, B, C over n. Rows: | member | matrix | "
          "SEKI R C r c | class | D-SEKI R C r c | class | engine | seconds |; JSON: one object a "
          "line. ") +
      fmt::format("Exit status as seki solve ({}: does not fit --memory-limit, {}: Ctrl-C).",
                  kExitMemoryLimit, kExitInterrupted));
  sub->callback([options] { RunFamily(*options); });
}

}  // namespace seki::cli
