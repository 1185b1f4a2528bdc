// `seki export`: run directory -> SQLite database.
#include "apps/export_command.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <unordered_map>
#include <vector>

#include "apps/cli_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/run/run_lines.hpp"
#include "engine/run/run_manifest.hpp"
#include "engine/run/run_text_file.hpp"
#include "engine/solve/resolver.hpp"
#include "engine/solve/solver.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"
#include "storage/atomic_file.hpp"
#include "storage/checksum.hpp"
#include "storage/packed_key.hpp"

namespace seki::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kOutcomesFile = "outcomes.txt";

constexpr const char* kSchema = R"sql(
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  format TEXT NOT NULL,
  tool_name TEXT NOT NULL,
  tool_version TEXT NOT NULL,
  tool_commit TEXT NOT NULL,
  command TEXT NOT NULL,
  rows INTEGER NOT NULL,
  cols INTEGER NOT NULL,
  max_entry INTEGER,
  max_sum INTEGER,
  effective_max_entry INTEGER NOT NULL,
  effective_max_sum INTEGER NOT NULL,
  outcomes INTEGER NOT NULL,
  threads INTEGER NOT NULL,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  classes INTEGER NOT NULL,
  starting INTEGER NOT NULL,
  source TEXT NOT NULL,
  manifest TEXT NOT NULL
);
CREATE TABLE classes (
  matrix TEXT NOT NULL UNIQUE,
  rows INTEGER NOT NULL,
  cols INTEGER NOT NULL,
  sum INTEGER NOT NULL,
  height INTEGER NOT NULL,
  idsm INTEGER NOT NULL CHECK (idsm IN (0, 1)),
  prime INTEGER NOT NULL CHECK (prime IN (0, 1)),
  symmetric INTEGER NOT NULL CHECK (symmetric IN (0, 1)),
  planar INTEGER NOT NULL CHECK (planar IN (0, 1)),
  seki_R_first TEXT NOT NULL CHECK (seki_R_first IN ('W', 'D', 'L')),
  seki_C_first TEXT NOT NULL CHECK (seki_C_first IN ('W', 'D', 'L')),
  seki_r_move TEXT NOT NULL CHECK (seki_r_move IN ('W', 'D', 'L')),
  seki_c_move TEXT NOT NULL CHECK (seki_c_move IN ('W', 'D', 'L')),
  seki_class TEXT NOT NULL CHECK (seki_class IN ('complete', 'semi-complete', 'seki', 'none')),
  dseki_R_first TEXT NOT NULL CHECK (dseki_R_first IN ('W', 'D', 'L')),
  dseki_C_first TEXT NOT NULL CHECK (dseki_C_first IN ('W', 'D', 'L')),
  dseki_r_move TEXT NOT NULL CHECK (dseki_r_move IN ('W', 'D', 'L')),
  dseki_c_move TEXT NOT NULL CHECK (dseki_c_move IN ('W', 'D', 'L')),
  dseki_class TEXT NOT NULL CHECK (dseki_class IN ('complete', 'semi-complete', 'seki', 'none'))
);
)sql";

// Built after the rows are in (faster than maintaining them during the inserts).
constexpr const char* kIndexes = R"sql(
CREATE INDEX classes_seki_class ON classes (seki_class, height, idsm);
CREATE INDEX classes_dseki_class ON classes (dseki_class, height, idsm);
CREATE INDEX classes_planar_prime ON classes (planar, prime, dseki_class, seki_class);
CREATE INDEX classes_sum ON classes (sum, height);
)sql";

// One open database; closed on destruction.
class Database {
 public:
  explicit Database(const fs::path& path) : path_(path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
      const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      db_ = nullptr;
      throw CliError(path.string(), "cannot create the database: " + message);
    }
  }
  ~Database() { sqlite3_close(db_); }
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void Exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string message = error ? error : sqlite3_errmsg(db_);
      sqlite3_free(error);
      Fail(message);
    }
  }
  sqlite3* get() const { return db_; }
  [[noreturn]] void Fail(const std::string& message) const {
    throw std::runtime_error("sqlite " + path_.string() + ": " + message);
  }
  void Close() {
    if (db_ && sqlite3_close(db_) != SQLITE_OK)
      Fail("cannot close: " + std::string(sqlite3_errmsg(db_)));
    db_ = nullptr;
  }

 private:
  fs::path path_;
  sqlite3* db_ = nullptr;
};

// A prepared statement that is bound, stepped and reset row by row.
class Statement {
 public:
  Statement(Database& db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db.get(), sql, -1, &stmt_, nullptr) != SQLITE_OK)
      db.Fail(sqlite3_errmsg(db.get()));
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void Bind(int i, std::int64_t v) { Check(sqlite3_bind_int64(stmt_, i, v)); }
  void Bind(int i, const std::string& v) {
    Check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  void BindNull(int i) { Check(sqlite3_bind_null(stmt_, i)); }
  void Run() {
    if (sqlite3_step(stmt_) != SQLITE_DONE) db_.Fail(sqlite3_errmsg(db_.get()));
    Check(sqlite3_reset(stmt_));
    Check(sqlite3_clear_bindings(stmt_));
  }

 private:
  void Check(int rc) {
    if (rc != SQLITE_OK) db_.Fail(sqlite3_errmsg(db_.get()));
  }
  Database& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// One row of `classes`.
struct ClassRow {
  Matrix matrix;
  Solution values;
};

class ClassInserter {
 public:
  explicit ClassInserter(Database& db)
      : stmt_(db,
              "INSERT INTO classes (matrix, rows, cols, sum, height, idsm, prime, symmetric, "
              "planar, seki_R_first, seki_C_first, seki_r_move, seki_c_move, seki_class, "
              "dseki_R_first, dseki_C_first, dseki_r_move, dseki_c_move, dseki_class) VALUES "
              "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)") {}

  void Insert(const ClassRow& row) {
    const Matrix& a = row.matrix;
    int i = 1;
    stmt_.Bind(i++, FormatMatrix(a));
    stmt_.Bind(i++, a.rows());
    stmt_.Bind(i++, a.cols());
    stmt_.Bind(i++, a.sum());
    stmt_.Bind(i++, a.height());
    stmt_.Bind(i++, IsIdsm(a) ? 1 : 0);
    stmt_.Bind(i++, IsPrime(a) ? 1 : 0);
    stmt_.Bind(i++, IsSymmetric(a) ? 1 : 0);
    stmt_.Bind(i++, IsPlanar(a) ? 1 : 0);
    for (Game g : kGames) {
      const Outcome& o = row.values[g];
      for (Result x : {o.R, o.C, o.r, o.c}) stmt_.Bind(i++, std::string(1, Letter(x)));
      stmt_.Bind(i++, std::string(ClassName(o.seki_class())));
    }
    stmt_.Run();
    ++count_;
  }
  std::uint64_t count() const { return count_; }

 private:
  Statement stmt_;
  std::uint64_t count_ = 0;
};

// Calls on_line(where, text) for every line of dir/name; a line too long is bad input.
template <class OnLine>
void ForEachLine(const fs::path& dir, const std::string& name, OnLine&& on_line) {
  LineReader reader(dir / name);
  if (!reader.ok()) throw CliError((dir / name).string(), "cannot read");
  std::string line;
  bool too_long = false;
  std::uint64_t number = 0;
  while (reader.Next(line, too_long)) {
    const std::string where = (dir / name).string() + ":" + std::to_string(++number);
    if (too_long) throw CliError(where, "line too long");
    on_line(where, line);
  }
  if (reader.error()) throw CliError((dir / name).string(), "read error");
}

// Checks the run is finished and its files are those the manifest describes.
void CheckRun(const fs::path& dir, const RunManifest& m) {
  if (!m.complete)
    throw CliError((dir / "manifest.json").string(),
                   "the run is not marked complete; finish it (seki enumerate --resume) first");
  if (m.generate_only)
    throw CliError(dir.string(), "a generation-only run has no values to export");
  std::vector<std::string> names;
  for (const CatalogueFile& f : CatalogueFiles()) names.push_back(f.path);
  if (m.files.count(kOutcomesFile)) names.push_back(kOutcomesFile);
  for (const std::string& name : names) {
    const auto it = m.files.find(name);
    if (it == m.files.end())
      throw CliError((dir / "manifest.json").string(), "does not list " + name);
    const fs::path path = dir / name;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) throw CliError(path.string(), "missing");
    if (fs::file_size(path, ec) != it->second.bytes ||
        ChecksumHex(FileChecksum(path)) != it->second.xxh3_64)
      throw CliError(path.string(),
                     "does not match the manifest's size and checksum "
                     "(run seki verify)");
  }
}

// The position of a class in the catalogue order, (sum, key).
std::pair<int, std::uint64_t> Position(const KeyCodec& codec, const Matrix& a) {
  return {a.sum(), codec.Pack(a)};
}

Matrix CheckedMatrix(const Matrix& a, const RunManifest& m, const std::string& where) {
  if (a.rows() != m.rows || a.cols() != m.cols || a.height() > m.effective_max_entry ||
      a.has_zero_line())
    throw CliError(where, FormatMatrix(a) + " is not a starting position of this run's space");
  return a;
}

// Rows from the catalogues: the union of seki/seki.txt and dseki/seki.txt (every other catalogue
// is a subset of these), each game's values from its catalogue or else the solver.
std::vector<ClassRow> RowsFromCatalogues(const fs::path& dir, const RunManifest& m,
                                         const KeyCodec& codec) {
  std::unordered_map<std::uint64_t, std::pair<Matrix, Outcome>> by_game[2];
  for (Game g : kGames) {
    const std::string name = std::string(GameName(g)) + "/seki.txt";
    ForEachLine(dir, name, [&](const std::string& where, const std::string& text) {
      std::string why;
      const std::optional<CatalogueRecord> r = ParseCatalogueLine(text, &why);
      if (!r) throw CliError(where, why);
      const Matrix a = CheckedMatrix(r->matrix, m, where);
      by_game[static_cast<int>(g)][codec.Pack(a)] = {a, r->outcome};
    });
  }
  std::vector<std::pair<std::pair<int, std::uint64_t>, ClassRow>> rows;
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
    rows.emplace_back(Position(codec, a), row);
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

void InsertRun(Database& db, const RunManifest& m, const std::string& source) {
  Statement s(
      db,
      "INSERT INTO runs (format, tool_name, tool_version, tool_commit, command, rows, cols, "
      "max_entry, max_sum, effective_max_entry, effective_max_sum, outcomes, threads, "
      "start_time, end_time, classes, starting, source, manifest) VALUES "
      "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  int i = 1;
  s.Bind(i++, m.format);
  s.Bind(i++, m.tool_name);
  s.Bind(i++, m.tool_version);
  s.Bind(i++, m.tool_commit);
  s.Bind(i++, m.command);
  s.Bind(i++, m.rows);
  s.Bind(i++, m.cols);
  if (m.max_entry)
    s.Bind(i++, *m.max_entry);
  else
    s.BindNull(i++);
  if (m.max_sum)
    s.Bind(i++, *m.max_sum);
  else
    s.BindNull(i++);
  s.Bind(i++, m.effective_max_entry);
  s.Bind(i++, m.effective_max_sum);
  s.Bind(i++, m.outcomes ? 1 : 0);
  s.Bind(i++, m.threads);
  s.Bind(i++, m.start);
  s.Bind(i++, m.end);
  s.Bind(i++, static_cast<std::int64_t>(m.totals.classes));
  s.Bind(i++, static_cast<std::int64_t>(m.totals.starting));
  s.Bind(i++, source);
  s.Bind(i++, m.json.dump());
  s.Run();
}

void SyncFile(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open " + path.string());
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) throw std::runtime_error("cannot fsync " + path.string());
}

}  // namespace

ExportResult RunExport(const ExportOptions& o) {
  const fs::path dir(o.dir), target(o.sqlite);
  if (o.sqlite.empty()) throw CliError("--sqlite", "a database file name is required");
  const RunManifest m = ReadRunManifest(dir);
  CheckRun(dir, m);
  if (!KeyCodec::Fits(m.rows, m.cols, m.effective_max_entry))
    throw CliError((dir / "manifest.json").string(), "parameters do not fit a 64-bit key");
  const KeyCodec codec(m.rows, m.cols, m.effective_max_entry);

  std::error_code ec;
  if (fs::is_directory(target, ec)) throw CliError(o.sqlite, "is a directory");
  if (fs::exists(target, ec) && !o.force)
    throw CliError(o.sqlite, "exists; use --force to replace it");
  const fs::path partial = o.sqlite + ".partial";
  fs::remove(partial, ec);

  const bool from_outcomes = m.files.count(kOutcomesFile) > 0;
  const std::string source = from_outcomes ? "outcomes.txt" : "catalogues";
  std::uint64_t exported = 0;
  try {
    Database db(partial);
    db.Exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
    db.Exec(kSchema);
    db.Exec("BEGIN");
    {
      ClassInserter inserter(db);  // its statement must be finalized before the database closes
      if (from_outcomes) {
        ForEachLine(dir, kOutcomesFile, [&](const std::string& where, const std::string& text) {
          std::string why;
          const std::optional<OutcomeRecord> r = ParseOutcomeLine(text, &why);
          if (!r) throw CliError(where, why);
          inserter.Insert({CheckedMatrix(r->matrix, m, where), r->values});
        });
      } else {
        for (const ClassRow& row : RowsFromCatalogues(dir, m, codec)) inserter.Insert(row);
      }
      exported = inserter.count();
    }
    InsertRun(db, m, source);
    db.Exec(kIndexes);
    db.Exec("COMMIT");
    db.Close();
    SyncFile(partial);
    fs::rename(partial, target);
    SyncDirectory(target.parent_path());
  } catch (...) {
    fs::remove(partial, ec);
    throw;
  }
  return {exported, source};
}

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
    const ExportResult r = RunExport(*options);
    std::cout << "exported " << r.classes << " classes (from " << r.source << ") to "
              << options->sqlite << '\n';
  });
}

}  // namespace seki::cli
