// `seki origin`: options, Origin per matrix, text and JSON.
#include "apps/origin_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/command_solver.hpp"
#include "apps/matrix_input.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/describe/origin.hpp"

namespace seki::cli {

namespace {

struct OriginOptions {
  std::vector<std::string> matrices;
  std::string input_file, format = "text";
  EngineOptions engine;
};

std::string Classes(const Solution& v) {
  return ClassLabel(Game::kSeki, v.seki.seki_class()) + ", " +
         ClassLabel(Game::kDSeki, v.dseki.seki_class());
}

// What the data say in one line.
std::string Verdict(const OriginReport& o) {
  std::vector<std::string> parts;
  if (o.IsDirectSum()) parts.push_back(fmt::format("a direct sum of {} blocks", o.blocks.size()));
  for (const Reduction& r : o.reductions)
    if (r.FromComplete(Game::kSeki))
      parts.push_back(fmt::format("{} of the complete seki {}", r.Name(), FormatMatrix(r.smaller)));
  if (!o.family.empty()) parts.push_back("the family member " + o.family);
  if (parts.empty())
    return "origin: none found (prime, no E1/E2 reduction to a complete seki, no family)";
  std::string out = "origin:";
  for (std::size_t k = 0; k < parts.size(); ++k) out += (k ? "; " : " ") + parts[k];
  return out;
}

std::string Text(const OriginReport& o) {
  const Matrix& a = o.matrix;
  std::string out = fmt::format("{}: {}x{}, sum {}, height {}: {}\n", FormatMatrix(a), a.rows(),
                                a.cols(), a.sum(), a.height(), Classes(o.values));
  if (o.IsDirectSum())
    for (std::size_t k = 0; k < o.blocks.size(); ++k)
      out += fmt::format("  block {}: {}: {}\n", k + 1, FormatMatrix(o.blocks[k]),
                         Classes(o.block_values[k]));
  else
    out += "  prime\n";
  out += fmt::format("  family: {}\n", o.family.empty() ? "none of A^n, B^n, C_k" : o.family);
  if (o.reductions.empty())
    out += "  reductions: none (no (c,k,k,-k)-extension of a smaller matrix)\n";
  for (const Reduction& r : o.reductions)
    out += fmt::format("  reduction {}: corner ({},{}) = {}, entry ({},{}) -> B = {}: {}\n",
                       r.Name(), r.row, r.col, r.corner, r.entry_row, r.entry_col,
                       FormatMatrix(r.smaller), Classes(r.smaller_values));
  return out + "  " + Verdict(o) + "\n";
}

}  // namespace

void AddOriginCommand(CLI::App& app) {
  auto options = std::make_shared<OriginOptions>();
  CLI::App* sub = app.add_subcommand(
      "origin",
      "Where a matrix comes from: a direct sum, an E1/E2 (or other (c,k,k,-k)) extension of a "
      "smaller matrix and that matrix's class, a member of A^n, B^n or the 2-cycles C_k");
  AddMatrixInputOptions(sub, options->matrices, options->input_file, options->format);
  AddEngineOptions(sub, options->engine);
  sub->footer(
      "A reduction undoes a (c,k,k,-k)-extension: a row and a column of A whose only positive "
      "entries are their crossing c and one entry k each; removing them and adding k at the "
      "crossing of that other row and column gives B (shown canonical). E1 = (3,1,1,-1), "
      "E2 = (3,2,2,-2) are the paper's.");
  sub->callback([options] {
    const std::vector<MatrixInput> inputs =
        ReadStartingPositions(options->matrices, options->input_file);
    CommandSolver solver(MakeSolveEngineOptions(options->engine), options->engine.quiet);
    for (const MatrixInput& input : inputs) solver.Check(input.matrix, input.where);
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      const OriginReport o = solver.Solve(inputs[k].matrix, inputs[k].where, [&](SolveEngine& e) {
        return Origin(inputs[k].matrix, e);
      });
      if (options->format == "json")
        std::cout << OriginJson(o).dump() << '\n';
      else
        std::cout << (k ? "\n" : "") << Text(o);
      std::cout.flush();
    }
  });
}

}  // namespace seki::cli
