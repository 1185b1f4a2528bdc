#include "apps/family_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "apps/cli_error.hpp"
#include "apps/show_format.hpp"
#include "engine/describe/family_sweep.hpp"
#include "engine/describe/matrix_report.hpp"

namespace seki::cli {
namespace {

const CheckpointUse kSweepCheckpoint{"member", "1",
                                     "the rows solved so far; the member in progress keeps its "
                                     "down-set passes' checkpoint in DIR/member"};

// A sweep over the family's parameter through the library's loop (FamilySweep): a table row (or
// JSON line) per member, each solved through CommandSolver as `seki solve` solves.
void RunSweep(const FamilyOptions& options) {
  FamilySweep sweep({.family = options.family,
                     .size = options.n,
                     .from = options.from,
                     .to = options.to,
                     .output = options.output,
                     .checkpoint = options.checkpoint.dir,
                     .resume = options.checkpoint.resume,
                     .every = CheckpointSchedule(options.checkpoint, kSweepCheckpoint)},
                    [](const std::string& text) { std::cerr << "seki: " << text << '\n'; });
  CommandSolver solver(sweep.MemberEngine(MakeSolveEngineOptions(options.engine)),
                       options.engine.quiet);
  const bool json = options.format == "json";
  if (!json) std::cout << SweepTableHeader() << std::flush;
  sweep.Run(
      [&](const FamilyMember& member) {
        solver.Check(member.matrix, member.name);
        return solver.Solve(member.matrix, member.name,
                            [&](SolveEngine& e) { return SolveMember(e, member); });
      },
      [&](const SweepRow& row) {
        std::cout << (json ? SweepRowJson(row) + "\n" : SweepRowText(row)) << std::flush;
      });
}

}  // namespace

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
