// Export: the SQLite database, its schema and the rows of `classes` and `runs`.
#include "engine/readback/export_sql.hpp"

#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"

namespace seki::export_detail {

namespace {

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

constexpr const char* kIndexes = R"sql(
CREATE INDEX classes_seki_class ON classes (seki_class, height, idsm);
CREATE INDEX classes_dseki_class ON classes (dseki_class, height, idsm);
CREATE INDEX classes_planar_prime ON classes (planar, prime, dseki_class, seki_class);
CREATE INDEX classes_sum ON classes (sum, height);
)sql";

}  // namespace

Database::Database(const std::filesystem::path& path) : path_(path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw InputError(path.string(), "cannot create the database: " + message);
  }
}

void Database::Exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    Fail(message);
  }
}

void Database::Fail(const std::string& message) const {
  throw std::runtime_error("sqlite " + path_.string() + ": " + message);
}

void Database::Close() {
  if (db_ && sqlite3_close(db_) != SQLITE_OK)
    Fail("cannot close: " + std::string(sqlite3_errmsg(db_)));
  db_ = nullptr;
}

Statement::Statement(Database& db, const char* sql) : db_(db) {
  if (sqlite3_prepare_v2(db.get(), sql, -1, &stmt_, nullptr) != SQLITE_OK)
    db.Fail(sqlite3_errmsg(db.get()));
}

void Statement::Run() {
  if (sqlite3_step(stmt_) != SQLITE_DONE) db_.Fail(sqlite3_errmsg(db_.get()));
  Check(sqlite3_reset(stmt_));
  Check(sqlite3_clear_bindings(stmt_));
}

void CreateTables(Database& db) { db.Exec(kSchema); }
void CreateIndexes(Database& db) { db.Exec(kIndexes); }

ClassInserter::ClassInserter(Database& db)
    : stmt_(db,
            "INSERT INTO classes (matrix, rows, cols, sum, height, idsm, prime, symmetric, "
            "planar, seki_R_first, seki_C_first, seki_r_move, seki_c_move, seki_class, "
            "dseki_R_first, dseki_C_first, dseki_r_move, dseki_c_move, dseki_class) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)") {}

void ClassInserter::Insert(const ClassRow& row) {
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

}  // namespace seki::export_detail
