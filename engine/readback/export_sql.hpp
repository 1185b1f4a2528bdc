// The SQLite side of Export (engine/readback/export.hpp), for its source files only: an open
// database, prepared statements, the schema, and the rows of the tables `classes` and `runs`.
// Concurrency: a Database and its statements belong to one thread.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/readback/run_manifest.hpp"

namespace seki::export_detail {

// One open database; closed on destruction.
class Database {
 public:
  // Throws InputError when the file cannot be created.
  explicit Database(const std::filesystem::path& path);
  ~Database() { sqlite3_close(db_); }
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void Exec(const char* sql);
  sqlite3* get() const { return db_; }
  [[noreturn]] void Fail(const std::string& message) const;
  void Close();

 private:
  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
};

// A prepared statement that is bound, stepped and reset row by row.
class Statement {
 public:
  Statement(Database& db, const char* sql);
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void Bind(int i, std::int64_t v) { Check(sqlite3_bind_int64(stmt_, i, v)); }
  void Bind(int i, const std::string& v) {
    Check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  void BindNull(int i) { Check(sqlite3_bind_null(stmt_, i)); }
  void Run();

 private:
  void Check(int rc) {
    if (rc != SQLITE_OK) db_.Fail(sqlite3_errmsg(db_.get()));
  }
  Database& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// The tables, without indexes; the indexes (built after the rows are in, which is faster than
// maintaining them during the inserts).
void CreateTables(Database& db);
void CreateIndexes(Database& db);

// One row of `classes`.
struct ClassRow {
  Matrix matrix;
  Solution values;
};

class ClassInserter {
 public:
  explicit ClassInserter(Database& db);
  void Insert(const ClassRow& row);
  std::uint64_t count() const { return count_; }

 private:
  Statement stmt_;
  std::uint64_t count_ = 0;
};

// The one row of `runs`.
void InsertRun(Database& db, const RunManifest& m, const std::string& source);

}  // namespace seki::export_detail
