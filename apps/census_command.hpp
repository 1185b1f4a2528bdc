// `seki census DIR|REPORT... [--json FILE] [--list FILE]`: the census of finished run
// directories or of `seki check --json` reports (engine/census/census.hpp): complete and
// semi-complete seki of both games by height and by sum, with how many are prime, IDSMs, symmetric
// and planar, as Markdown on stdout; --json FILE writes the same as JSON, --list FILE the complete
// seki of height >= 4 one matrix per line. Bad input (a missing directory, not a run directory, an
// unfinished run) is one line on stderr, exit 2. Concurrency: called from main only.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddCensusCommand(CLI::App& app, int argc, char** argv);

}  // namespace seki::cli
