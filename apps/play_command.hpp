// `seki play MATRIX [--game seki|dseki] [--first R|C] [--as R|C]`: play SEKI or D-SEKI against the
// engine in the terminal (engine/solve/play_session.hpp). Commands are read from standard input
// line by line, so a script gives the same transcript every time; when standard input is not a
// terminal each command is echoed after the prompt.
// Concurrency: runs on the calling thread; one game per call.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "apps/command_solver.hpp"

namespace seki::cli {

struct PlayOptions {
  std::string matrix;
  std::string game = "seki";  // "seki" or "dseki"
  std::string first = "R";    // who moves first
  std::string human = "R";    // the side the user plays; the engine plays the other
  EngineOptions engine;       // how the engine solves (as seki solve)
};

// Plays one game on standard input and output until it ends, the user quits or the input ends.
// Throws InputError for a bad matrix (before anything is printed).
void RunPlay(const PlayOptions& options);

void AddPlayCommand(CLI::App& app);

}  // namespace seki::cli
