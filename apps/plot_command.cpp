#include "apps/plot_command.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli_error.hpp"

namespace seki::cli {
namespace {

struct PlotOptions {
  std::string run, out;
};

// Runs the interpreter on `seki.plot` with the package's folder first on PYTHONPATH.
int RunPython(const PlotOptions& o) {
#ifdef SEKI_PYTHON_EXECUTABLE
  std::string path = SEKI_PYTHON_DIR;
  if (const char* old = std::getenv("PYTHONPATH"); old && *old) path += std::string(":") + old;
  std::vector<std::string> args = {
      SEKI_PYTHON_EXECUTABLE, "-m", "seki.plot", o.run, "--out", o.out};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::cout.flush();
  const pid_t child = fork();
  if (child < 0)
    throw CliError("plot", std::string("cannot start Python: ") + std::strerror(errno));
  if (child == 0) {
    setenv("PYTHONPATH", path.c_str(), 1);
    setenv("MPLBACKEND", "Agg", 1);
    execv(argv[0], argv.data());
    std::cerr << "seki: plot: cannot run " << argv[0] << ": " << std::strerror(errno) << '\n';
    _exit(2);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
#else
  (void)o;
  throw CliError("plot",
                 "this seki was built without the Python package (SEKI_PYTHON=OFF or "
                 "pybind11 not found)");
#endif
}

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
    const int status = RunPython(*options);
    if (status != 0) throw ExitStatus{status};
  });
}

}  // namespace seki::cli
