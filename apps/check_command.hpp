// `seki check CONJECTURE`: exhaustive search of a region for counterexamples to the paper's open
// conjectures 6.1, 6.2, 6.3 and 6.9 (engine/conjecture_check.hpp). For each shape it prints the
// exact region, the number of classes examined, the time, and "no counterexample" or every
// finding with its values and lines of optimal play; then one machine-readable summary line.
// --json FILE writes the same. Exit 0: nothing found; 1: a finding (a counterexample, or for 6.2 a
// complete seki of height >= 4); 2: bad input (one line on stderr).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "engine/research/conjecture_check.hpp"

namespace seki::cli {

struct CheckOptions {
  std::string conjecture;
  std::vector<std::string> shapes;   // "4x4", "3x4", ...
  int max_rows = -1, max_cols = -1;  // -1: not given (one given: the other defaults to it)
  int max_entry = -1, max_sum = -1;  // -1: not given
  int min_height = -1;               // 6.2: list complete seki of height >= K (-1: 4)
  std::string json_file;             // empty: none
  std::string memory_limit;          // e.g. "8G"; empty: 80% of physical memory
  int threads = 0;                   // 0: all cores
  bool quiet = false;                // no progress on stderr
};

// What was searched and found.
struct CheckReport {
  Conjecture conjecture = Conjecture::k61;
  int max_entry = -1, max_sum = -1;  // the bounds as given (-1: not given; 6.1: entries <= 2)
  int min_height = 4;                // 6.2: complete seki of this height or more are reported
  std::vector<ShapeCheck> shapes;
  double seconds = 0;
  int threads = 0;
  std::string command;

  std::size_t FindingCount() const;  // counterexamples and new heights (not "listed")
  std::size_t ListedCount() const;   // 6.2 with --min-height <= 3: complete seki of height <= 3
  // "no-counterexample", "counterexample" or (6.2, only findings off 3x3) "new-height".
  std::string Result() const;
};

// "4x4" -> (4, 4); throws CliError naming --shapes for anything else.
std::pair<int, int> ParseShape(const std::string& text);

// The shapes a check covers, in order: --shapes as given, then the grid's shapes not already
// listed. Throws CliError for bad or missing shapes.
std::vector<std::pair<int, int>> CheckShapes(Conjecture c, const CheckOptions& o);

// The renderings (also used by the tests).
std::string FormatCheckHeader(const CheckReport& r);
std::string FormatShapeText(const ShapeCheck& s);
std::string FormatCheckSummary(const CheckReport& r);  // one line, ends in '\n'
std::string FormatCheckJson(const CheckReport& r);

// Runs the check, prints the report; returns the exit status (0 nothing found, 1 found).
int RunCheck(const CheckOptions& options, const std::string& command_line);

void AddCheckCommand(CLI::App& app, int argc, char** argv);

}  // namespace seki::cli
