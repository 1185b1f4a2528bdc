// `seki export DIR --sqlite FILE [--force]`: the command line of Export
// (engine/readback/export.hpp), which writes a finished run directory into one SQLite database
// (schema in docs/export.md). Prints "exported N classes (from SOURCE) to FILE"; bad input is
// reported with exit status 2.
// Concurrency: called from main only.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddExportCommand(CLI::App& app);

}  // namespace seki::cli
