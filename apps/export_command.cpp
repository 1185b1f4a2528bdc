// `seki export DIR --sqlite FILE`: options and output of Export (engine/readback/export.hpp).
#include "apps/export_command.hpp"

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli_error.hpp"
#include "engine/readback/export.hpp"

namespace seki::cli {

namespace {

struct ExportOptions {
  std::string dir;
  std::string sqlite;
  bool force = false;
};

}  // namespace

void AddExportCommand(CLI::App& app) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write a finished run directory into an SQLite database: a table `classes` (one row per "
      "class, both games' values and classes, height, IDSM, prime, symmetric, planar) and a "
      "table `runs` (the manifest's parameters); see docs/export.md");
  cmd->add_option("dir", options->dir, "Run directory (written by seki enumerate)")->required();
  cmd->add_option("--sqlite", options->sqlite, "Database file to write")->required();
  cmd->add_flag("--force", options->force, "Replace the database file if it exists");
  cmd->callback([options] {
    if (options->sqlite.empty()) throw InputError("--sqlite", "a database file name is required");
    const ExportResult r = ExportRun(options->dir, options->sqlite, options->force);
    std::cout << "exported " << r.classes << " classes (from " << r.source << ") to "
              << options->sqlite << '\n';
  });
}

}  // namespace seki::cli
