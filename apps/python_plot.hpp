// The plots of a run drawn by the Python package (`python3 -m seki.plot RUN --out FILE`), for
// `seki plot` and `seki report --html`. The interpreter is $SEKI_PYTHON when set (the `seki`
// command of a pip-installed package sets it to its own interpreter, which imports the package),
// else the build's (SEKI_PYTHON_EXECUTABLE) with the build's package (SEKI_PYTHON_DIR) first on
// PYTHONPATH.
// Concurrency: called from main only (forks and waits).
#pragma once

#include <string>

namespace seki::cli {

// Whether this seki can draw plots: built with the Python package, or $SEKI_PYTHON set.
bool CanDrawPlots();

// Runs `python -m seki.plot run --out out` and returns its exit status (one of the tool's: 0, 2,
// 130, and 70 for any other, e.g. a Python that could not import the package). Throws InputError
// when the interpreter cannot be started or the tool was built without the Python package.
int DrawRunPlots(const std::string& run, const std::string& out);

}  // namespace seki::cli
