#include "apps/show_command.hpp"

#include <iostream>
#include <memory>

#include "apps/matrix_input.hpp"
#include "apps/show_format.hpp"
#include "engine/describe/matrix_report.hpp"
#include "engine/structure/go_picture.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {

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
  sub->footer(MatrixSyntaxHelp() + " Rows and columns are numbered from 1." +
              "\nJSON: one object per matrix per line with keys matrix, rows, cols, sum, height, "
              "canonical, transpose, idsm, line_sum, row_sums, col_sums, prime, blocks, "
              "symmetric, planar, seki, dseki.");
  sub->callback([options] { RunShow(*options); });
}

}  // namespace seki::cli
