// The static page of `seki report SOURCE --html DIR` (and `seki.report` in Python): one HTML file,
// DIR/index.html, with the source's summary, its census by height and by sum, every complete and
// semi-complete seki (of a run; of a check report: the listed complete seki and the findings) as
// its GO picture (DIR/go/*.svg) and, where it has one, a board position (DIR/go/board-*.svg,
// engine/go/go_realise.hpp) with both games' values and a line of optimal play for each first
// player, and a run's plots, which the caller draws into DIR (the plots are Python's). No script,
// no network: every link on the page is a file in DIR.
// Concurrency: WriteHtmlReport writes DIR and must not run twice on one DIR at once.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/solve/solve_engine.hpp"

namespace seki {

struct HtmlReportRequest {
  std::filesystem::path source;  // a finished run directory or a `seki check --json` report
  std::filesystem::path dir;     // the page's directory (created when missing)
  std::string command;           // how the page was made, shown on it
  SolveEngineOptions engine;     // how each matrix's values and lines are solved
  // For a run, once the source is checked and `dir` exists: draws the run's plots into `dir` and
  // returns their file names (relative to `dir`), shown in that order. May be empty (no plots).
  std::function<std::vector<std::string>(const std::filesystem::path& run,
                                         const std::filesystem::path& dir)>
      draw_plots;
};

struct HtmlReportResult {
  std::filesystem::path page;  // dir / "index.html"
  std::size_t matrices = 0;    // entries on the page (a matrix in two sections counts twice)
  std::size_t pictures = 0;    // distinct GO pictures written to dir / "go"
};

// Writes the page. Throws InputError naming the problem: a source that is neither a finished run
// nor a check report (CensusFromRun, CensusesFromCheckReport), a plot that is not a plain file name
// inside `dir`, or a directory that cannot be written; whatever draw_plots throws.
HtmlReportResult WriteHtmlReport(const HtmlReportRequest& request);

}  // namespace seki
