// Matrix tools on the command line:
//   `seki show MATRIX...`                    shape, sum, height, canonical form, transpose, IDSM,
//                                            prime blocks, symmetry, planarity, both games' values
//   `seki extend MATRIX --at I,J [--kind E1|E2] | --all`   the E1/E2 extensions with their classes
//   `seki family A|B|C --n N`                A^n, B^n or the 2-cycle C_N with its classes
// `seki show MATRIX --svg FILE` also writes the matrix's GO picture
// (engine/structure/go_picture.hpp). Each takes --format text|json (JSON: one object per line). Bad
// input: one line, exit 2. Each solves through CommandSolver (--engine, --threads, --memory-limit,
// --quiet), as `seki solve` does: the same values, time, memory and messages.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "apps/checkpoint_options.hpp"
#include "apps/command_solver.hpp"

namespace seki::cli {

struct ShowOptions {
  std::vector<std::string> matrices;  // "-" reads standard input
  std::string input_file;
  std::string format = "text";
  std::string svg_file;  // --svg FILE: also write the GO picture of the (one) matrix
  EngineOptions engine;
};
void RunShow(const ShowOptions& options);

struct ExtendOptions {
  std::string matrix;
  std::string at;  // "I,J", 1-based; empty with --all
  std::string kind = "E1";
  bool all = false;
  std::string format = "text";
  EngineOptions engine;
};
void RunExtend(const ExtendOptions& options);

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

void AddShowCommand(CLI::App& app);
void AddExtendCommand(CLI::App& app);
void AddFamilyCommand(CLI::App& app);

}  // namespace seki::cli
