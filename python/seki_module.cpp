// The extension module `_seki` behind the Python package `seki` (python/seki/): registers each area
// and maps seki::InputError to `seki.InputError`, a subclass of ValueError.
#include <pybind11/pybind11.h>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/run/tool_version.hpp"
#include "python/bindings.hpp"

namespace seki::python {

std::string Where(const Matrix& a) { return FormatMatrix(a); }

}  // namespace seki::python

PYBIND11_MODULE(_seki, m) {
  m.doc() = "The C++ libraries of seki (solver, level engine, runs); use the package `seki`.";
  m.attr("__version__") = seki::ToolVersion();  // the CMake project's version
  pybind11::register_exception<seki::InputError>(m, "InputError", PyExc_ValueError);
  seki::python::BindMatrix(m);
  seki::python::BindSolve(m);
  seki::python::BindRun(m);
  seki::python::BindGo(m);
  seki::python::BindRace(m);
}
