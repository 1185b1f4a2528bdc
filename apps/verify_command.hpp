// `seki verify DIR`: re-checks a finished run directory without the level engine. Every file is
// compared with the manifest (size, XXH3-64), every line is parsed, re-derived (canonical form,
// order, sum, height, IDSM, prime, symmetric, planar, the class its own values give) and
// re-solved with the single-matrix solver (all lines, or with --sample N a seeded sample of N
// lines per file plus every complete and semi-complete line), and the files are cross-checked
// against each other and against the manifest's counts. One line per check, "ok" or "FAILED".
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace seki::cli {

struct VerifyOptions {
  std::string dir;
  std::optional<std::uint64_t> sample;  // lines per file to re-solve; nothing: every line
  std::optional<std::uint64_t> seed;    // nothing: a random seed, printed
};

// Prints the checks to `out` and returns the exit status: 0 when every check holds, 1 when one
// fails. Throws CliError (exit status 2) for a missing directory or an unreadable manifest.
int RunVerify(const VerifyOptions& options, std::ostream& out);

void AddVerifyCommand(CLI::App& app);

}  // namespace seki::cli
