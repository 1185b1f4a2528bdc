// Runs: enumerate (Run with an observer that calls a Python progress function), the strict line
// parsers of run_lines.hpp, the manifest, verify, export, the census of a run and the region check
// of `seki check`.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/census/census.hpp"
#include "engine/check/check_json.hpp"
#include "engine/check/region_check.hpp"
#include "engine/level/device_option.hpp"
#include "engine/readback/export.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/readback/run_manifest.hpp"
#include "engine/readback/verify.hpp"
#include "engine/report/html_report.hpp"
#include "engine/run/catalogue_lists.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/run/run.hpp"
#include "python/bindings.hpp"
#include "python/py_json.hpp"
#include "python/py_progress.hpp"
#include "storage/checkpoint_policy.hpp"

namespace py = pybind11;

namespace seki::python {
namespace {

std::string L(Result x) { return std::string(1, Letter(x)); }

py::dict OutcomeDict(const Outcome& o) {
  py::dict d;
  d["R"] = L(o.R), d["C"] = L(o.C), d["r"] = L(o.r), d["c"] = L(o.c);
  d["class"] = std::string(ClassName(o.seki_class()));
  return d;
}

// A catalogue line as a dict with the fields of the line (planar: None when absent).
py::dict CatalogueLine(const std::string& line) {
  std::string why;
  const auto r = ParseCatalogueLine(line, &why);
  if (!r) throw InputError("catalogue line", why);
  py::dict d;
  d["matrix"] = r->matrix;
  d["sum"] = r->sum, d["height"] = r->height;
  d["R"] = L(r->outcome.R), d["C"] = L(r->outcome.C);
  d["r"] = L(r->outcome.r), d["c"] = L(r->outcome.c);
  d["idsm"] = r->idsm, d["prime"] = r->prime, d["symmetric"] = r->symmetric;
  d["planar"] = r->planar ? py::object(py::bool_(*r->planar)) : py::object(py::none());
  return d;
}

py::dict OutcomeLine(const std::string& line) {
  std::string why;
  const auto r = ParseOutcomeLine(line, &why);
  if (!r) throw InputError("outcomes line", why);
  py::dict d;
  d["matrix"] = r->matrix;
  d["seki"] = OutcomeDict(r->values.seki);
  d["dseki"] = OutcomeDict(r->values.dseki);
  return d;
}

// The run's events for Python: progress(level report) after each level, signals polled at each.
class RunProgress : public RunObserver {
 public:
  explicit RunProgress(PythonProgress& python) : python_(python) {}
  void LevelStarted(int, std::atomic<std::uint64_t>*) override { python_.Poll(); }
  void LevelFinished(const LevelReport& level) override {
    python_.Event([&] { return ToPython(LevelReportJson(level)); });
  }

 private:
  PythonProgress& python_;
};

// The check's events for Python: progress({"rows", "cols", "sum", "classes", "seconds"}) after
// each level of each shape.
class CheckProgress : public CheckObserver {
 public:
  explicit CheckProgress(PythonProgress& python) : python_(python) {}
  void LevelFinished(const EnumerationSpace& space, int sum, std::uint64_t classes,
                     double seconds) override {
    python_.Event([&] {
      py::dict d;
      d["rows"] = space.rows, d["cols"] = space.cols, d["sum"] = sum;
      d["classes"] = classes, d["seconds"] = seconds;
      return d;
    });
  }

 private:
  PythonProgress& python_;
};

py::object Enumerate(int rows, int cols, int max_entry, int max_sum, const std::string& out,
                     int threads, bool outcomes, bool resume, bool force, bool generate_only,
                     const std::string& memory_limit, const std::string& device,
                     const std::string& checkpoint_every, const std::string& lists, int parts,
                     const std::string& command_line, py::object progress) {
  RunParameters p;
  p.rows = rows, p.cols = cols, p.max_entry = max_entry, p.max_sum = max_sum;
  p.threads = threads;
  p.out = out;
  p.device = ParseDevice(device, "--device");
  p.checkpoint = ParseCheckpointPolicy(checkpoint_every, "--checkpoint-every");
  p.lists = ParseListsOption(lists, "--lists");
  p.memory_limit_bytes = ParseMemoryLimit(memory_limit);
  p.parts = parts;
  p.outcomes = outcomes, p.resume = resume, p.force = force, p.generate_only = generate_only;
  p.command_line = command_line;
  PythonProgress python(std::move(progress));
  RunProgress observer(python);
  RunResult r;
  {
    py::gil_scoped_release release;
    r = Run(p, &observer, python.stop()).Execute();
  }
  python.RaiseIfStopped();
  py::dict d;
  d["status"] = r.status == RunStatus::kCompleted     ? "completed"
                : r.status == RunStatus::kInterrupted ? "interrupted"
                                                      : "already-complete";
  d["summary"] = ToPython(r.summary);
  d["resume_hint"] = r.resume_hint;
  return d;
}

py::object Manifest(const std::string& dir) { return ToPython(ReadRunManifest(dir).json); }

py::object Verify(const std::string& dir, std::optional<std::uint64_t> sample,
                  std::optional<std::uint64_t> seed) {
  VerifyReport report;
  {
    py::gil_scoped_release release;
    report = VerifyRun(dir, VerifyOptions{sample, seed});
  }
  py::list checks;
  for (const VerifyCheck& c : report.checks) {
    py::dict d;
    d["what"] = c.what, d["ok"] = c.ok, d["detail"] = c.detail;
    checks.append(d);
  }
  py::dict d;
  d["ok"] = report.ok();
  d["total"] = report.total();
  d["failed"] = report.failed();
  d["seed"] = report.seed;
  d["checks"] = checks;
  return d;
}

py::object Export(const std::string& dir, const std::string& file, bool force) {
  ExportResult r;
  {
    py::gil_scoped_release release;
    r = ExportRun(dir, file, force);
  }
  py::dict d;
  d["classes"] = r.classes, d["source"] = r.source;
  return d;
}

py::object Check(const std::string& conjecture, const std::vector<std::string>& shapes,
                 int max_rows, int max_cols, int max_entry, int max_sum, int min_height,
                 int threads, const std::string& memory_limit, const std::string& checkpoint,
                 bool resume, int parts, const std::string& command, py::object progress) {
  const CheckPlan plan = PlanRegionCheck(MakeCheckRequest({.conjecture = conjecture,
                                                           .shapes = shapes,
                                                           .max_rows = max_rows,
                                                           .max_cols = max_cols,
                                                           .max_entry = max_entry,
                                                           .max_sum = max_sum,
                                                           .min_height = min_height,
                                                           .threads = threads,
                                                           .command = command,
                                                           .checkpoint_dir = checkpoint,
                                                           .resume = resume,
                                                           .parts = parts},
                                                          memory_limit));
  PythonProgress python(std::move(progress));
  CheckProgress observer(python);
  nlohmann::ordered_json j;
  try {
    py::gil_scoped_release release;
    j = CheckReportJson(RunRegionCheck(plan, &observer, python.stop()));
  } catch (const Stopped& stopped) {
    if (stopped.interrupted()) python.RaiseIfStopped();
    throw;
  }
  return ToPython(j);
}

std::vector<Census> Censuses(const std::vector<std::string>& sources) {
  std::vector<Census> out;
  for (const std::string& source : sources)
    for (Census& c : CensusesFrom(source)) out.push_back(std::move(c));
  return out;
}

py::object HtmlReport(const std::string& source, const std::string& dir, const std::string& command,
                      py::object draw_plots) {
  HtmlReportRequest request;
  request.source = source, request.dir = dir, request.command = command;
  if (!draw_plots.is_none())
    request.draw_plots = [&](const std::filesystem::path& run, const std::filesystem::path& out) {
      py::gil_scoped_acquire acquire;
      return draw_plots(run.string(), out.string()).cast<std::vector<std::string>>();
    };
  HtmlReportResult r;
  {
    py::gil_scoped_release release;
    r = WriteHtmlReport(request);
  }
  py::dict d;
  d["page"] = r.page.string(), d["matrices"] = r.matrices, d["pictures"] = r.pictures;
  return d;
}

}  // namespace

void BindRun(py::module_& m) {
  m.def("parse_catalogue_line", &CatalogueLine, py::arg("line"));
  m.def("parse_outcome_line", &OutcomeLine, py::arg("line"));
  m.def("read_manifest", &Manifest, py::arg("dir"));
  m.def("catalogue_files", [] {
    py::list out;
    for (const CatalogueFile& f : CatalogueFiles())
      out.append(py::make_tuple(std::string(GameName(f.game)), f.kind, f.path));
    return out;
  });
  m.def("enumerate", &Enumerate, py::arg("rows"), py::arg("cols"), py::arg("max_entry"),
        py::arg("max_sum"), py::arg("out"), py::arg("threads"), py::arg("outcomes"),
        py::arg("resume"), py::arg("force"), py::arg("generate_only"), py::arg("memory_limit"),
        py::arg("device"), py::arg("checkpoint_every"), py::arg("lists"), py::arg("parts"),
        py::arg("command_line"), py::arg("progress"));
  m.def("verify", &Verify, py::arg("dir"), py::arg("sample"), py::arg("seed"));
  m.def("export_sqlite", &Export, py::arg("dir"), py::arg("file"), py::arg("force"));
  m.def(
      "census",
      [](const std::string& dir) {
        nlohmann::ordered_json j;
        {
          py::gil_scoped_release release;
          j = CensusJson(CensusFromRun(dir));
        }
        return ToPython(j);
      },
      py::arg("dir"), "`seki census DIR --json`'s census of one finished run, as a dict.");
  m.def(
      "census_text",
      [](const std::vector<std::string>& sources, const std::string& format,
         const std::string& command) {
        std::vector<Census> censuses;
        {
          py::gil_scoped_release release;
          censuses = Censuses(sources);
        }
        return format == "latex" ? CensusLatex(censuses, command)
                                 : CensusMarkdown(censuses, command);
      },
      py::arg("sources"), py::arg("format"), py::arg("command"),
      "`seki census SOURCES [--latex]`: Markdown or LaTeX.");
  m.def("html_report", &HtmlReport, py::arg("source"), py::arg("dir"), py::arg("command"),
        py::arg("draw_plots"), "`seki report SOURCE --html DIR`, plots drawn by draw_plots.");
  m.def("check", &Check, py::arg("conjecture"), py::arg("shapes"), py::arg("max_rows"),
        py::arg("max_cols"), py::arg("max_entry"), py::arg("max_sum"), py::arg("min_height"),
        py::arg("threads"), py::arg("memory_limit"), py::arg("checkpoint"), py::arg("resume"),
        py::arg("parts"), py::arg("command"), py::arg("progress"));
}

}  // namespace seki::python
