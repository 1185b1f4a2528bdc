// The areas of the `_seki` extension module, one file each (bind_*.cpp), registered by
// seki_module.cpp. Every function converts seki::InputError into the module's InputError (a
// ValueError) with the line `seki` prints after "seki: ", and releases the GIL while it computes.
// Concurrency: registration runs once, at import, with the GIL held.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "engine/base/matrix.hpp"

namespace seki::python {

void BindMatrix(pybind11::module_& m);  // Matrix, the families A, B, C
void BindSolve(pybind11::module_& m);   // solve, optimal lines
void BindRun(pybind11::module_& m);     // runs: enumerate, read back, verify, export, check
void BindGo(pybind11::module_& m);      // GO positions: read, decide, write back, realise
void BindRace(pybind11::module_& m);    // races: outside liberties and eyes beside a matrix

// The text that names a matrix in a message (its FormatMatrix text).
std::string Where(const Matrix& a);

}  // namespace seki::python
