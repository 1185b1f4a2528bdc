// `seki plot RUN --out FILE.svg|png`: plots of a run directory (classes, seconds and memory per
// level, catalogue members per level) drawn by the Python package: the command runs
// `python3 -m seki.plot RUN --out FILE` (apps/python_plot.hpp); its exit status is the command's.
// In a build without the Python package the command says so, exit status 2.
// Concurrency: called from main only.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddPlotCommand(CLI::App& app);

}  // namespace seki::cli
