// Matrix tools on the command line:
//   `seki show MATRIX...`                    shape, sum, height, canonical form, transpose, IDSM,
//                                            prime blocks, symmetry, planarity, both games' values
//   `seki extend MATRIX --at I,J [--kind E1|E2] | --all`   the E1/E2 extensions with their classes
//   `seki family A|B|C --n N`                A^n, B^n or the 2-cycle C_N with its classes
// `seki show MATRIX --svg FILE` also writes the matrix's GO picture
// (engine/structure/go_picture.hpp). Each takes --format text|json (JSON: one object per line). Bad
// input: one line, exit 2.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace seki::cli {

struct ShowOptions {
  std::vector<std::string> matrices;  // "-" reads standard input
  std::string input_file;
  std::string format = "text";
  std::string svg_file;  // --svg FILE: also write the GO picture of the (one) matrix
};
void RunShow(const ShowOptions& options);

struct ExtendOptions {
  std::string matrix;
  std::string at;  // "I,J", 1-based; empty with --all
  std::string kind = "E1";
  bool all = false;
  std::string format = "text";
};
void RunExtend(const ExtendOptions& options);

struct FamilyOptions {
  std::string family;  // "A", "B" or "C"
  int n = 0;
  bool solve = true;
  std::string format = "text";
};
void RunFamily(const FamilyOptions& options);

void AddShowCommand(CLI::App& app);
void AddExtendCommand(CLI::App& app);
void AddFamilyCommand(CLI::App& app);

}  // namespace seki::cli
