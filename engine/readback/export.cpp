// Export: which rows a run gives (outcomes.txt or the union of the catalogues) and the atomic
// write of the database (engine/readback/export.hpp); the SQL is in export_sql.cpp.
#include "engine/readback/export.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/readback/export_sql.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/readback/run_text_file.hpp"
#include "engine/solve/resolver.hpp"
#include "storage/atomic_file.hpp"
#include "storage/wide_key.hpp"

namespace seki {

using namespace export_detail;

namespace {

namespace fs = std::filesystem;

Matrix CheckedMatrix(const Matrix& a, const RunManifest& m, const std::string& where) {
  if (a.rows() != m.rows || a.cols() != m.cols || a.height() > m.effective_max_entry ||
      a.has_zero_line())
    throw InputError(where, FormatMatrix(a) + " is not a starting position of this run's space");
  return a;
}

// Rows from the catalogues: the union of seki/seki.txt and dseki/seki.txt (every other catalogue
// is a subset of these), each game's values from its catalogue or else the solver, in the
// catalogue order (sum, key).
std::vector<ClassRow> RowsFromCatalogues(const fs::path& dir, const RunManifest& m) {
  const WideKeyCodec codec(m.rows, m.cols, m.effective_max_entry);
  std::unordered_map<ClassKey, std::pair<Matrix, Outcome>, ClassKeyHash> by_game[2];
  for (Game g : kGames) {
    const std::string name = std::string(GameName(g)) + "/seki.txt";
    ForEachRunLine(dir, name, [&](const std::string& where, const std::string& text) {
      std::string why;
      const std::optional<CatalogueRecord> r = ParseCatalogueLine(text, &why);
      if (!r) throw InputError(where, why);
      const Matrix a = CheckedMatrix(r->matrix, m, where);
      by_game[static_cast<int>(g)][codec.Key(a)] = {a, r->outcome};
    });
  }
  std::vector<std::pair<std::pair<int, ClassKey>, ClassRow>> rows;
  Resolver resolver;
  auto add = [&](const Matrix& a, const Outcome* seki, const Outcome* dseki) {
    ClassRow row{a, {}};
    if (seki && dseki) {
      row.values = {*seki, *dseki};
    } else {
      row.values = resolver.Solve(a);
      if (seki) row.values.seki = *seki;
      if (dseki) row.values.dseki = *dseki;
    }
    rows.emplace_back(std::pair(a.sum(), codec.Key(a)), row);
  };
  for (const auto& [key, entry] : by_game[1]) {
    const auto it = by_game[0].find(key);
    add(entry.first, it == by_game[0].end() ? nullptr : &it->second.second, &entry.second);
  }
  for (const auto& [key, entry] : by_game[0])
    if (!by_game[1].count(key)) add(entry.first, &entry.second, nullptr);
  std::sort(rows.begin(), rows.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<ClassRow> out;
  out.reserve(rows.size());
  for (auto& [position, row] : rows) out.push_back(std::move(row));
  return out;
}

// Writes every row into a new database at `partial`; returns the number of classes.
std::uint64_t WriteDatabase(const fs::path& partial, const fs::path& dir, const RunManifest& m,
                            bool from_outcomes, const std::string& source) {
  Database db(partial);
  db.Exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
  CreateTables(db);
  db.Exec("BEGIN");
  std::uint64_t exported = 0;
  {
    ClassInserter inserter(db);  // its statement must be finalized before the database closes
    if (from_outcomes) {
      ForEachRunLine(dir, kOutcomesFile, [&](const std::string& where, const std::string& text) {
        std::string why;
        const std::optional<OutcomeRecord> r = ParseOutcomeLine(text, &why);
        if (!r) throw InputError(where, why);
        inserter.Insert({CheckedMatrix(r->matrix, m, where), r->values});
      });
    } else {
      for (const ClassRow& row : RowsFromCatalogues(dir, m)) inserter.Insert(row);
    }
    exported = inserter.count();
  }
  InsertRun(db, m, source);
  CreateIndexes(db);
  db.Exec("COMMIT");
  db.Close();
  return exported;
}

}  // namespace

ExportResult ExportRun(const fs::path& dir, const fs::path& sqlite_file, bool force) {
  if (sqlite_file.empty()) throw InputError("sqlite_file", "a database file name is required");
  const RunManifest m = ReadRunManifest(dir);
  CheckFinishedRun(dir, m, "export");
  if (m.counts_only())
    throw InputError(dir.string(),
                     "lists only the complete and semi-complete seki (--lists complete); export "
                     "needs every seki: run seki enumerate with --lists all");

  std::error_code ec;
  if (fs::is_directory(sqlite_file, ec)) throw InputError(sqlite_file.string(), "is a directory");
  if (fs::exists(sqlite_file, ec) && !force)
    throw InputError(sqlite_file.string(), "exists; use --force to replace it");
  const fs::path partial = UncommittedPath(sqlite_file);
  fs::remove(partial, ec);

  const bool from_outcomes = m.files.count(kOutcomesFile) > 0;
  const std::string source = from_outcomes ? kOutcomesFile : "catalogues";
  try {
    const std::uint64_t exported = WriteDatabase(partial, dir, m, from_outcomes, source);
    CommitFile(partial, sqlite_file);
    return {exported, source};
  } catch (...) {
    fs::remove(partial, ec);
    throw;
  }
}

}  // namespace seki
