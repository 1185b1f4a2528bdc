// `seki race MATRIX --outside ROWS:COLS --eyes ROWS:COLS`: the generalised game of spec section 7
// (liberty races: the matrix of shared liberties with each group's outside liberties and one-point
// eye beside it, engine/base/race_text.hpp) solved exactly through the one solve path
// (SolveEngine), as text or JSON, with every move and an optimal line per first player on request;
// a race without outside liberty or eye is the paper's matrix and prints what `seki solve` prints.
// `seki race --table N`: the two-group table of docs/go.md (engine/describe/race_table.hpp).
// Concurrency: RunRace is called once by the main thread.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "apps/command_solver.hpp"

namespace seki::cli {

struct RaceOptions {
  std::string matrix;
  std::string outside, eyes;  // "ROWS:COLS", "" for none
  std::string format = "text";
  bool moves = false;
  int table = -1;  // --table N: the two-group table with up to N liberties of each kind
  EngineOptions engine;
};

void RunRace(const RaceOptions& options);

void AddRaceCommand(CLI::App& app);

}  // namespace seki::cli
