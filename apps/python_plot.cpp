// Runs `python -m seki.plot` in a child process (apps/python_plot.hpp).
#include "apps/python_plot.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

#include "apps/cli_error.hpp"

namespace seki::cli {

namespace {

const char* PythonFromEnvironment() {
  const char* python = std::getenv("SEKI_PYTHON");
  return python && *python ? python : nullptr;
}

}  // namespace

bool CanDrawPlots() {
#ifdef SEKI_PYTHON_EXECUTABLE
  return true;
#else
  return PythonFromEnvironment() != nullptr;
#endif
}

int DrawRunPlots(const std::string& run, const std::string& out) {
  std::string python, path;
  if (const char* from_env = PythonFromEnvironment()) {
    python = from_env;
  } else {
#ifdef SEKI_PYTHON_EXECUTABLE
    python = SEKI_PYTHON_EXECUTABLE;
    path = SEKI_PYTHON_DIR;
    if (const char* old = std::getenv("PYTHONPATH"); old && *old) path += std::string(":") + old;
#else
    throw InputError("plot",
                     "this seki was built without the Python package (SEKI_PYTHON=OFF or "
                     "pybind11 not found)");
#endif
  }
  std::vector<std::string> args = {python, "-m", "seki.plot", run, "--out", out};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::cout.flush();
  const pid_t child = fork();
  if (child < 0)
    throw InputError("plot", std::string("cannot start Python: ") + std::strerror(errno));
  if (child == 0) {
    if (!path.empty()) setenv("PYTHONPATH", path.c_str(), 1);
    setenv("MPLBACKEND", "Agg", 1);
    execv(argv[0], argv.data());
    std::cerr << "seki: plot: cannot run " << argv[0] << ": " << std::strerror(errno) << '\n';
    _exit(kExitBadInput);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    return WTERMSIG(status) == SIGINT ? kExitInterrupted : kExitInternalError;
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : kExitInternalError;
  // seki.plot ends with one of the tool's statuses; any other (1: Python's own for an exception
  // it did not catch, e.g. the package failing to import) is an internal error, not a finding.
  for (const int known :
       {kExitDone, kExitBadInput, kExitMemoryLimit, kExitInternalError, kExitInterrupted})
    if (code == known) return code;
  return kExitInternalError;
}

}  // namespace seki::cli
