// `seki verify DIR [--sample N [--seed S]]`: the command line of Verify
// (engine/readback/verify.hpp), which re-checks a finished run directory without the level engine.
// Prints a header, one line per check ("ok" or "FAILED") as it is made, and a summary line; exit
// status 0 when every check holds, 1 when one fails, 2 for a missing directory or an unreadable
// manifest.
// Concurrency: called from main only.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddVerifyCommand(CLI::App& app);

}  // namespace seki::cli
