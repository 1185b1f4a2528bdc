// Races (spec section 7, engine/base/race.hpp): `seki race --format json` as a dict, through the
// one solve path (SolveEngine), so `seki.race` answers as the CLI does.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <string>
#include <thread>

#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/base/race_text.hpp"
#include "engine/base/starting_position.hpp"
#include "engine/describe/race_table.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/solve/solve_engine.hpp"
#include "engine/solve/solve_json.hpp"
#include "python/bindings.hpp"
#include "python/py_json.hpp"

namespace py = pybind11;

namespace seki::python {
namespace {

py::object RaceDict(const std::string& matrix, const std::string& outside, const std::string& eyes,
                    bool moves, const std::string& engine, const std::string& memory_limit) {
  const Race race = MakeRace(ParseMatrixAt(matrix, matrix), outside, eyes, "");
  const std::string where = FormatRace(race);
  if (const std::string problem = RaceStartProblem(race); !problem.empty())
    throw InputError(where, problem);
  const std::size_t bytes =
      static_cast<std::size_t>(MemoryLimitBytes(ParseMemoryLimit(memory_limit, "memory_limit")));
  nlohmann::ordered_json j;
  {
    py::gil_scoped_release release;
    SolveEngine solver(SolveEngineOptions{
        .kind = ParseEngineKind(engine, "engine"),
        .memory_bytes = bytes,
        .threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency())),
        .moves = moves});
    j = solver.Guarded(where, [&] {
      solver.Check(race, where);
      return RaceReportJson(solver.Report(race, moves));
    });
  }
  return ToPython(j);
}

}  // namespace

void BindRace(py::module_& m) {
  m.def("race_json", &RaceDict, py::arg("matrix"), py::arg("outside") = "", py::arg("eyes") = "",
        py::arg("moves") = false, py::arg("engine") = "auto", py::arg("memory_limit") = "",
        "`seki race MATRIX --outside ... --eyes ... --format json [--moves]` as a dict.");
  m.def("race_table_markdown", &TwoGroupTableMarkdown, py::arg("max"),
        "`seki race --table MAX`: the two-group table as Markdown.");
}

}  // namespace seki::python
