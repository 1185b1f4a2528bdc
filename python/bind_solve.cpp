// solve, moves and optimal lines: engine/solve (BoundedSearch or Solver) and the JSON documents of
// engine/research/report_json.hpp, so the dictionaries are `seki solve --format json`'s.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/starting_position.hpp"
#include "engine/research/origin.hpp"
#include "engine/research/report_json.hpp"
#include "engine/research/solve_latex.hpp"
#include "engine/solve/search.hpp"
#include "engine/solve/solve_report.hpp"
#include "python/bindings.hpp"
#include "python/py_json.hpp"

namespace py = pybind11;

namespace seki::python {
namespace {

// Runs f(engine) without the GIL, with a fresh engine of the chosen kind; a position too large for
// the engine is an InputError naming the matrix, as in the CLI.
template <class F>
nlohmann::ordered_json WithEngine(const Matrix& a, bool exhaustive, F&& f) {
  CheckStartingPosition(a, Where(a));
  py::gil_scoped_release release;
  try {
    if (exhaustive) {
      Solver solver;
      return f(solver);
    }
    BoundedSearch search;
    return f(search);
  } catch (const SolveTooLarge& e) {
    throw InputError(Where(a), std::string("too large to solve: ") + e.what());
  }
}

py::object Solve(const Matrix& a, bool exhaustive, bool moves) {
  const auto j = WithEngine(
      a, exhaustive, [&](auto& engine) { return SolveReportJson(BuildReport(engine, a, moves)); });
  return ToPython(j);
}

Game ParseGame(const std::string& text) {
  if (text == "seki") return Game::kSeki;
  if (text == "dseki") return Game::kDSeki;
  throw InputError("game", "'" + text + "' is not seki or dseki");
}

Player ParsePlayer(const std::string& text) {
  if (text == "R") return Player::kR;
  if (text == "C") return Player::kC;
  throw InputError("first", "'" + text + "' is not R or C");
}

py::object Line(const Matrix& a, const std::string& game, const std::string& first,
                bool exhaustive) {
  const Game g = ParseGame(game);
  const Player p = ParsePlayer(first);
  const auto j = WithEngine(a, exhaustive, [&](auto& engine) {
    return PlayLineJson(OptimalLine(engine, a, g, p), true);
  });
  return ToPython(j);
}

// `seki solve --format latex`: one table, a row per matrix.
std::string Latex(const std::vector<Matrix>& matrices, bool exhaustive) {
  std::string out = SolveLatexHead();
  for (const Matrix& a : matrices) {
    const auto j = WithEngine(a, exhaustive, [&](auto& engine) {
      return nlohmann::ordered_json(SolveLatexRow(BuildReport(engine, a, false)));
    });
    out += j.template get<std::string>();
  }
  return out + SolveLatexFoot();
}

}  // namespace

void BindSolve(py::module_& m) {
  m.def("solve_json", &Solve, py::arg("matrix"), py::arg("exhaustive") = false,
        py::arg("moves") = false,
        "`seki solve --format json [--moves] [--exhaustive]` for one matrix, as a dict.");
  m.def(
      "origin_json",
      [](const Matrix& a) {
        CheckStartingPosition(a, Where(a));
        nlohmann::ordered_json j;
        {
          py::gil_scoped_release release;
          j = OriginJson(Origin(a));
        }
        return ToPython(j);
      },
      py::arg("matrix"), "`seki origin --format json` for one matrix, as a dict.");
  m.def("solve_latex", &Latex, py::arg("matrices"), py::arg("exhaustive") = false,
        "`seki solve --format latex` for the matrices: a booktabs table.");
  m.def("optimal_line_json", &Line, py::arg("matrix"), py::arg("game") = "seki",
        py::arg("first") = "R", py::arg("exhaustive") = false,
        "One line of optimal play: {result, ending, text, steps}.");
}

}  // namespace seki::python
