// Export: a finished run directory as one SQLite database (`seki export DIR --sqlite FILE`).
//
// Tables (docs/export.md has the schema, example queries and their output):
//   runs     one row: the manifest's parameters and provenance, and the manifest itself;
//   classes  one row per class: matrix, rows, cols, sum, height, idsm, prime, symmetric, planar,
//            and for each game (prefix seki_ / dseki_) R_first, C_first, r_move, c_move (W, D or
//            L) and class (complete, semi-complete, seki, none).
// SQLite column names are case-insensitive, so R(A) and r(A) cannot both be called seki_R and
// seki_r: they are seki_R_first (R(A), R begins) and seki_r_move (r(A), R's best active move).
// Rows come from outcomes.txt when the run wrote it (every class), else from the union of the
// catalogues (every catalogued class is a d-seki), with missing values from the solver.
// The database is written to FILE.partial and renamed when complete; an existing FILE is only
// replaced with force.
// Concurrency: ExportRun may run concurrently with other exports to other files; two exports to
// the same file must not overlap.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace seki {

struct ExportResult {
  std::uint64_t classes = 0;  // rows of `classes`
  std::string source;         // "outcomes.txt" or "catalogues"
};

// Writes the database. Throws InputError for bad input (a missing or unfinished run, files that do
// not match the manifest, a bad line, an existing sqlite_file without force); std::runtime_error
// when SQLite or the file system fails.
ExportResult ExportRun(const std::filesystem::path& dir, const std::filesystem::path& sqlite_file,
                       bool force);

}  // namespace seki
