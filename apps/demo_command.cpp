#include "apps/demo_command.hpp"

#include <iostream>

#include "apps/solve_command.hpp"

namespace seki::cli {

void AddDemoCommand(CLI::App& app) {
  CLI::App* sub =
      app.add_subcommand("demo", "Solve the paper's Fig. 2 matrix 033/331/312, with its moves");
  sub->callback([] {
    std::cout << "The matrix of Fig. 2 of Gol'berg et al. (2014): rows belong to R, columns to C.\n"
                 "R, C: result for the player to move when R resp. C begins; r, c: best result of "
                 "an active move\n(L: that player must pass). W win, D draw, L loss. Rows and "
                 "columns are numbered from 1.\n\n";
    std::cout.flush();
    SolveOptions options;
    options.matrices = {"033/331/312"};
    options.moves = true;
    RunSolve(options);
  });
}

}  // namespace seki::cli
