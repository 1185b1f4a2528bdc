// `seki family A|B|C --n N`: A^n, B^n or the 2-cycle C_N with its classes; `seki family NAME
// --from P --to Q`: a sweep over a parameterised family (engine/describe/family_sweep.hpp), one
// row a member, resumable. --format text|json. Bad input: one line, exit 2. Solves through
// CommandSolver, as `seki solve` does.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "apps/checkpoint_options.hpp"
#include "apps/command_solver.hpp"

namespace seki::cli {

struct FamilyOptions {
  std::string family;  // A, B, C, cycle, alternating, opposite or cubic
  int n = 0;           // n of A, B, C; the size k of the cycle families
  bool solve = true;
  std::string format = "text";
  // A sweep: one row per parameter value from..to (n of A, B, C; t of the cycle families; i of
  // cubic); 0 and 0 for none (A, B, C: the one member --n; the others need a range).
  int from = 0, to = 0;
  std::string output;            // JSON lines of the rows
  CheckpointOptions checkpoint;  // a sweep's --checkpoint DIR, --checkpoint-every, --resume
  EngineOptions engine;
};
void RunFamily(const FamilyOptions& options);

void AddFamilyCommand(CLI::App& app);

}  // namespace seki::cli
