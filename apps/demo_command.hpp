// `seki demo`: a short worked example, the paper's Fig. 2 matrix solved with its moves.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddDemoCommand(CLI::App& app);

}  // namespace seki::cli
