// solve, moves, optimal lines, census_below (engine/census/census_below.hpp) and family sweeps
// (engine/describe/family_sweep.hpp): engine/solve (SolveEngine: the engine `seki solve --engine`
// picks) and the JSON documents of engine/solve/solve_json.hpp, so the dictionaries are `seki
// solve --format json`'s.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/base/starting_position.hpp"
#include "engine/census/census_below.hpp"
#include "engine/describe/family_sweep.hpp"
#include "engine/describe/origin.hpp"
#include "engine/describe/solve_latex.hpp"
#include "engine/run/host.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/solve/solve_engine.hpp"
#include "engine/solve/solve_json.hpp"
#include "python/bindings.hpp"
#include "python/py_json.hpp"

namespace py = pybind11;

namespace seki::python {
namespace {

// The engine of `seki solve --engine <engine>` (exhaustive=True: the exhaustive ExhaustiveSolver).
EngineKind Kind(const std::string& engine, bool exhaustive) {
  const EngineKind kind = ParseEngineKind(engine, "engine");
  if (!exhaustive) return kind;
  if (kind != EngineKind::kAuto && kind != EngineKind::kExhaustive)
    throw InputError("exhaustive", "conflicts with engine='" + engine + "'");
  return EngineKind::kExhaustive;
}

// The bytes of a memory_limit argument as --memory-limit reads them ("": the default).
std::size_t LimitBytes(const std::string& memory_limit) {
  return static_cast<std::size_t>(MemoryLimitBytes(ParseMemoryLimit(memory_limit, "memory_limit")));
}

// Runs f(engine) without the GIL with a fresh SolveEngine of the chosen kind within memory_limit;
// the errors are the CLI's (SolveEngine::Guarded): a position too large is an InputError naming
// the matrix, one that does not fit the memory limit a MemoryLimitError.
template <class F>
nlohmann::ordered_json WithEngine(const Matrix& a, EngineKind kind, bool moves,
                                  const std::string& memory_limit, F&& f) {
  CheckStartingPosition(a, Where(a));
  const std::size_t bytes = LimitBytes(memory_limit);
  py::gil_scoped_release release;
  SolveEngine engine(SolveEngineOptions{
      .kind = kind,
      .memory_bytes = bytes,
      .threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency())),
      .moves = moves});
  return engine.Guarded(Where(a), [&] {
    engine.Check(a, Where(a));
    return f(engine);
  });
}

py::object Solve(const Matrix& a, bool exhaustive, bool moves, const std::string& engine,
                 const std::string& memory_limit) {
  const auto j = WithEngine(a, Kind(engine, exhaustive), moves, memory_limit,
                            [&](SolveEngine& e) { return SolveReportJson(e.Report(a, moves)); });
  return ToPython(j);
}

// `seki census --below A --format json` (threads 0: every core; memory_limit as --memory-limit).
py::object CensusBelowDict(const Matrix& a, int threads, const std::string& memory_limit,
                           const std::string& checkpoint, bool resume, const std::string& scratch,
                           const std::vector<Matrix>& values_of, bool plain_pass) {
  CheckStartingPosition(a, Where(a));
  const std::size_t bytes = LimitBytes(memory_limit);
  nlohmann::ordered_json j;
  {
    py::gil_scoped_release release;
    const SolveEngineOptions options{
        .memory_bytes = bytes,
        .threads = threads > 0 ? threads
                               : std::max(1, static_cast<int>(std::thread::hardware_concurrency())),
        .checkpoint = checkpoint,
        .resume = resume,
        .scratch = scratch,
        .orbits = plain_pass ? DownsetOrbitChoice::kPlain : DownsetOrbitChoice::kAuto};
    try {
      j = CensusBelowJson(TakeCensusBelow(a, options, "seki.census_below", nullptr, values_of));
    } catch (...) {
      RethrowSolveStop(Where(a), bytes);
    }
  }
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

py::object Line(const Matrix& a, const std::string& game, const std::string& first, bool exhaustive,
                const std::string& engine, const std::string& memory_limit) {
  const Game g = ParseGame(game);
  const Player p = ParsePlayer(first);
  const auto j = WithEngine(a, Kind(engine, exhaustive), true, memory_limit,
                            [&](SolveEngine& e) { return PlayLineJson(e.Line(a, g, p), true); });
  return ToPython(j);
}

// `seki solve --format latex` for the matrices: one booktabs table.
std::string Latex(const std::vector<Matrix>& matrices, bool exhaustive, const std::string& engine,
                  const std::string& memory_limit) {
  std::string out = SolveLatexHead();
  for (const Matrix& a : matrices) {
    const auto j = WithEngine(
        a, Kind(engine, exhaustive), false, memory_limit,
        [&](SolveEngine& e) { return nlohmann::ordered_json(SolveLatexRow(e.Report(a, false))); });
    out += j.template get<std::string>();
  }
  return out + SolveLatexFoot();
}

// `seki family NAME --from FIRST --to LAST --format json` (with --output, --checkpoint, --resume):
// the rows as a list of dicts; threads 0: every core.
py::object Sweep(const std::string& family, int first, int last, int n, const std::string& engine,
                 int threads, const std::string& memory_limit, const std::string& checkpoint,
                 bool resume, const std::string& output) {
  const SweepRequest request{.family = family,
                             .size = n,
                             .from = first,
                             .to = last,
                             .output = output,
                             .checkpoint = checkpoint,
                             .resume = resume};
  const SolveEngineOptions options{.kind = ParseEngineKind(engine, "engine"),
                                   .memory_bytes = LimitBytes(memory_limit),
                                   .threads = ThreadsOption(threads)};
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  {
    py::gil_scoped_release release;
    for (const SweepRow& row : SweepFamily(
             request, options, [](const SweepRow&) {}, [](auto&) {}))
      rows.push_back(nlohmann::ordered_json::parse(SweepRowJson(row)));
  }
  return ToPython(rows);
}

}  // namespace

void BindSolve(py::module_& m) {
  m.def("solve_json", &Solve, py::arg("matrix"), py::arg("exhaustive") = false,
        py::arg("moves") = false, py::arg("engine") = "auto", py::arg("memory_limit") = "",
        "`seki solve --format json [--moves] [--engine E] [--memory-limit M]` for one matrix.");
  m.def(
      "origin_json",
      [](const Matrix& a, const std::string& engine, const std::string& memory_limit) {
        return ToPython(WithEngine(a, Kind(engine, false), false, memory_limit,
                                   [&](SolveEngine& e) { return OriginJson(Origin(a, e)); }));
      },
      py::arg("matrix"), py::arg("engine") = "auto", py::arg("memory_limit") = "",
      "`seki origin --format json [--engine E] [--memory-limit M]` for one matrix, as a dict.");
  m.def("solve_latex", &Latex, py::arg("matrices"), py::arg("exhaustive") = false,
        py::arg("engine") = "auto", py::arg("memory_limit") = "",
        "`seki solve --format latex [--engine E] [--memory-limit M]`: a booktabs table.");
  m.def("census_below_json", &CensusBelowDict, py::arg("matrix"), py::arg("threads") = 0,
        py::arg("memory_limit") = "", py::arg("checkpoint") = "", py::arg("resume") = false,
        py::arg("scratch") = "", py::arg("values_of") = std::vector<Matrix>{},
        py::arg("plain_pass") = false,
        "`seki census --below A --format json`: every complete and semi-complete seki B <= A.");
  m.def("family_sweep_json", &Sweep, py::arg("family"), py::arg("first"), py::arg("last"),
        py::arg("n") = 0, py::arg("engine") = "auto", py::arg("threads") = 0,
        py::arg("memory_limit") = "", py::arg("checkpoint") = "", py::arg("resume") = false,
        py::arg("output") = "",
        "`seki family NAME --from FIRST --to LAST --format json`: one dict a member.");
  m.def("optimal_line_json", &Line, py::arg("matrix"), py::arg("game") = "seki",
        py::arg("first") = "R", py::arg("exhaustive") = false, py::arg("engine") = "auto",
        py::arg("memory_limit") = "", "One line of optimal play: {result, ending, text, steps}.");
}

}  // namespace seki::python
