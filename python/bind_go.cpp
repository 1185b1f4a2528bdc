// GO positions: engine/go (read, model, verdict, realise) and engine/describe/go_report (the JSON
// of `seki go --format json`, the board's SVG, the page), so `seki.go` answers as `seki go` does.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <string>
#include <thread>

#include "engine/describe/go_report.hpp"
#include "engine/go/go_input.hpp"
#include "engine/go/go_verdict.hpp"
#include "engine/go/sgf.hpp"
#include "python/bindings.hpp"
#include "python/py_json.hpp"
#include "storage/atomic_file.hpp"

namespace py = pybind11;

namespace seki::python {
namespace {

go::GoSource Source(const std::string& file, const std::string& text, const std::string& realise,
                    const std::string& region) {
  return {.file = file, .text = text, .realise = realise, .region = region};
}

py::object Analyse(const std::string& file, const std::string& text, const std::string& realise,
                   const std::string& region, const std::string& engine, const std::string& sgf,
                   const std::string& svg, const std::string& html) {
  nlohmann::ordered_json j;
  {
    py::gil_scoped_release release;
    std::string where;
    const go::GoModel model = go::LoadModel(Source(file, text, realise, region), &where);
    SolveEngine solver(SolveEngineOptions{
        .kind = ParseEngineKind(engine, "engine"),
        .threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency())),
        .moves = true});
    const go::GoAnalysis a = go::AnalyseGo(model, solver, where);
    if (!sgf.empty()) WriteOutputFile(sgf, go::WriteSgf(go::AnalysisRecord(a, where)));
    if (!svg.empty()) WriteOutputFile(svg, GoBoardSvg(model));
    if (!html.empty()) WriteGoPage(a, html, "seki.go.analyse", where);
    j = GoReportJson(a);
  }
  return ToPython(j);
}

std::string BoardSvg(const std::string& file, const std::string& text, const std::string& realise,
                     const std::string& region) {
  py::gil_scoped_release release;
  return GoBoardSvg(go::LoadModel(Source(file, text, realise, region)));
}

}  // namespace

void BindGo(py::module_& m) {
  m.def("go_json", &Analyse, py::arg("file") = "", py::arg("text") = "", py::arg("realise") = "",
        py::arg("region") = "", py::arg("engine") = "auto", py::arg("sgf") = "",
        py::arg("svg") = "", py::arg("html") = "",
        "`seki go --format json` for a file, a text or a matrix to realise, as a dict.");
  m.def("go_board_svg", &BoardSvg, py::arg("file") = "", py::arg("text") = "",
        py::arg("realise") = "", py::arg("region") = "",
        "The board of `seki go --svg` (each shared liberty labelled with its entry).");
}

}  // namespace seki::python
