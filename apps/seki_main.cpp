// Entry point of the `seki` tool: registers the subcommands and turns every failure into one line
// on stderr ("seki: <where>: <problem>") with exit status 2 for bad input, 3 for input that needs
// more memory than allowed (MemoryLimitError), 70 for internal errors (any other exception: a bug,
// out of memory, an I/O error); 1 is left to the findings of check, verify and reproduce
// (apps/cli_error.hpp).
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <new>
#include <string>

#include "apps/census_command.hpp"
#include "apps/check_command.hpp"
#include "apps/cli_error.hpp"
#include "apps/demo_command.hpp"
#include "apps/enumerate_command.hpp"
#include "apps/export_command.hpp"
#include "apps/extend_command.hpp"
#include "apps/family_command.hpp"
#include "apps/go_command.hpp"
#include "apps/gtp_command.hpp"
#include "apps/origin_command.hpp"
#include "apps/plan_command.hpp"
#include "apps/play_command.hpp"
#include "apps/plot_command.hpp"
#include "apps/race_command.hpp"
#include "apps/report_command.hpp"
#include "apps/reproduce_command.hpp"
#include "apps/show_command.hpp"
#include "apps/solve_command.hpp"
#include "apps/verify_command.hpp"
#include "engine/run/tool_version.hpp"

namespace {

std::string Version() {
  const std::string commit = seki::ToolCommit();
  return "seki " + seki::ToolVersion() + " (commit " + (commit.empty() ? "unknown" : commit) + ")";
}

std::string CommandNames(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({}))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

int Fail(int status, const std::string& message) {
  std::cout.flush();
  std::cerr << "seki: " << seki::OneLine(message) << '\n';
  return status;
}

// The status of a command that has written its output: output that could not be written to
// standard output (a full disk, /dev/full) is an I/O error, exit 70, never a silent 0.
int Finished(int status) {
  std::cout.flush();
  const bool failed = !std::cout.good() || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (!failed) return status;
  return Fail(seki::cli::kExitInternalError,
              "internal error: standard output could not be written (a full disk or a closed "
              "file): the output is incomplete");
}

}  // namespace

int main(int argc, char** argv) {
  // Level buffers (shard tables, sorted shards, pushed records: 64 KiB and up) come from mmap and
  // go back to the OS when freed. glibc's default threshold rises after the first frees, and the
  // heap then kept ~10% more than the level engine's memory model at the peak (3x4, entries <= 7:
  // 838 MB peak RSS instead of 762 MB; docs/performance.md).
  mallopt(M_MMAP_THRESHOLD, 64 * 1024);
  CLI::App app("seki: solve the matrix games SEKI and D-SEKI (Gol'berg, Gurvich et al., 2014)",
               "seki");
  app.set_version_flag("--version", Version(), "Print the version and git commit and exit");
  app.require_subcommand(0, 1);  // so that an unknown word is reported as such, not as "missing"
  seki::cli::AddSolveCommand(app);
  seki::cli::AddPlayCommand(app);
  seki::cli::AddDemoCommand(app);
  seki::cli::AddEnumerateCommand(app, argc, argv);
  seki::cli::AddPlanCommand(app);
  seki::cli::AddShowCommand(app);
  seki::cli::AddExtendCommand(app);
  seki::cli::AddFamilyCommand(app);
  seki::cli::AddOriginCommand(app);
  seki::cli::AddReproduceCommand(app);
  seki::cli::AddVerifyCommand(app);
  seki::cli::AddExportCommand(app);
  seki::cli::AddCheckCommand(app, argc, argv);
  seki::cli::AddCensusCommand(app, argc, argv);
  seki::cli::AddPlotCommand(app);
  seki::cli::AddReportCommand(app, argc, argv);
  seki::cli::AddGoCommand(app, argc, argv);
  seki::cli::AddRaceCommand(app);
  seki::cli::AddGtpCommand(app);
  app.footer("Run 'seki COMMAND --help' for the options of a command.\n" +
             seki::cli::ExitStatusSummary());

  try {
    app.parse(argc, argv);
    if (app.get_subcommands().empty())
      return Fail(seki::cli::kExitBadInput,
                  "a command is required: " + CommandNames(app) + " (see seki --help)");
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return Fail(seki::cli::kExitBadInput, e.what());
  } catch (const seki::cli::ExitStatus& e) {
    return Finished(e.status);
  } catch (const seki::MemoryLimitError& e) {
    return Fail(seki::cli::kExitMemoryLimit, e.what());
  } catch (const seki::InputError& e) {
    return Fail(seki::cli::kExitBadInput, e.what());
  } catch (const std::bad_alloc&) {
    return Fail(seki::cli::kExitInternalError, "out of memory");
  } catch (const std::exception& e) {
    return Fail(seki::cli::kExitInternalError, std::string("internal error: ") + e.what());
  } catch (...) {
    return Fail(seki::cli::kExitInternalError, "internal error: an unknown exception");
  }
  return Finished(seki::cli::kExitDone);
}
