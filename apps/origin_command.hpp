// `seki origin MATRIX...`: where each matrix comes from (engine/describe/origin.hpp): a direct sum,
// a (c,k,k,-k)-extension of a smaller matrix (E1, E2 or another) and that matrix's class, a member
// of A^n, B^n or C_k. Text, or one JSON object per matrix per line.
// Concurrency: called from main only.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddOriginCommand(CLI::App& app);

}  // namespace seki::cli
