// `seki report SOURCE --html DIR`: options, the plots, a library call, one line on stdout.
#include "apps/report_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli_error.hpp"
#include "apps/command_line.hpp"
#include "apps/command_solver.hpp"
#include "apps/python_plot.hpp"
#include "engine/report/html_report.hpp"

namespace seki::cli {

namespace {

constexpr const char* kPlotFile = "run.svg";

struct ReportOptions {
  std::string source, html_dir;
  bool no_plots = false;
  EngineOptions engine;
};

void RunReport(const ReportOptions& o, const std::string& command_line) {
  HtmlReportRequest request;
  request.source = o.source;
  request.dir = o.html_dir;
  request.command = command_line;
  request.engine = MakeSolveEngineOptions(o.engine);
  if (!o.no_plots && CanDrawPlots())
    request.draw_plots = [](const std::filesystem::path& run, const std::filesystem::path& dir) {
      const int status = DrawRunPlots(run.string(), (dir / kPlotFile).string());
      if (status == 0) return std::vector<std::string>{kPlotFile};
      std::cerr << "seki: report: the plots are left out: python -m seki.plot ended with status "
                << status << " (is matplotlib installed?)" << std::endl;
      return std::vector<std::string>{};
    };
  const HtmlReportResult r = WriteHtmlReport(request);
  std::cout << "wrote " << r.page.string() << ": " << r.matrices << " matrices, " << r.pictures
            << " GO pictures" << std::endl;
}

}  // namespace

void AddReportCommand(CLI::App& app, int argc, char** argv) {
  auto options = std::make_shared<ReportOptions>();
  const std::string command_line = JoinCommandLine(argc, argv);
  CLI::App* sub = app.add_subcommand(
      "report",
      "A static HTML page of a finished run (seki enumerate) or a check report (seki check "
      "--json): summary, census by height and by sum, every complete and semi-complete seki as "
      "its GO picture with its values and optimal lines, the run's plots");
  sub->add_option("source", options->source,
                  "Run directory (written by seki enumerate) or JSON report of seki check")
      ->required();
  sub->add_option("--html", options->html_dir,
                  "Directory of the page: DIR/index.html, DIR/go/*.svg, DIR/run.svg (created)")
      ->type_name("DIR")
      ->required();
  AddEngineOptions(sub, options->engine);
  sub->add_flag(
      "--no-plots", options->no_plots,
      "Leave out the run's plots (drawn by the Python package, python3 -m seki.plot; left "
      "out with a line on stderr when that fails, e.g. without matplotlib)");
  sub->footer(
      "The page uses no script and nothing outside DIR; open DIR/index.html in a browser.\n" +
      fmt::format("Exit status: {}; {} for a source that is not a finished run or a check report, "
                  "or a DIR that cannot be written (one line on stderr).",
                  kExitDone, kExitBadInput));
  sub->callback([options, command_line] { RunReport(*options, command_line); });
}

}  // namespace seki::cli
