// `seki gtp`: a Go Text Protocol version 2 engine on standard input and output
// (engine/go/gtp_session.hpp), for GO programs, GoGui and semeai test suites.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddGtpCommand(CLI::App& app);

}  // namespace seki::cli
