#include "apps/plot_command.hpp"

#include <memory>
#include <string>

#include "apps/cli_error.hpp"
#include "apps/python_plot.hpp"

namespace seki::cli {
namespace {

struct PlotOptions {
  std::string run, out;
};

}  // namespace

void AddPlotCommand(CLI::App& app) {
  auto options = std::make_shared<PlotOptions>();
  CLI::App* cmd = app.add_subcommand(
      "plot",
      "Plot a run directory: classes per level, seconds and peak memory per level, catalogue "
      "members per level (log scale); drawn by the Python package (python3 -m seki.plot)");
  cmd->add_option("run", options->run, "Run directory (written by seki enumerate)")->required();
  cmd->add_option("--out", options->out, "Picture to write: FILE.svg, FILE.png or FILE.pdf")
      ->required();
  cmd->callback([options] {
    const int status = DrawRunPlots(options->run, options->out);
    if (status != 0) throw ExitStatus{status};
  });
}

}  // namespace seki::cli
