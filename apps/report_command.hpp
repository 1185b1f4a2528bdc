// `seki report RUN|REPORT.json --html DIR`: the static page of a run or a check report
// (engine/report/html_report.hpp), with a run's plots drawn by the Python package
// (apps/python_plot.hpp) when this seki has it.
// Concurrency: called from main only.
#pragma once

#include <CLI/CLI.hpp>

namespace seki::cli {

void AddReportCommand(CLI::App& app, int argc, char** argv);

}  // namespace seki::cli
