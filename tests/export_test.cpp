// `seki export DIR --sqlite FILE` on small real runs: the database holds one row per class with
// the values of the run's files, the run's parameters, and indexes that answer the documented
// queries without a table scan; exporting from the catalogues alone gives the same rows as from
// outcomes.txt; an existing FILE is kept unless --force; bad runs are refused.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_fixture.hpp"
#include "seki_process.hpp"

namespace seki::testing {
namespace {

using Row = std::vector<std::string>;

// Runs a query on a database file and returns every row as text (NULL as "NULL").
std::vector<Row> Query(const fs::path& db_path, const std::string& sql) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    ADD_FAILURE() << "cannot open " << db_path;
    return {};
  }
  sqlite3_stmt* stmt = nullptr;
  std::vector<Row> rows;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    ADD_FAILURE() << sqlite3_errmsg(db) << " in " << sql;
  } else {
    while (sqlite3_step(stmt) == SQLITE_ROW) {
      Row row;
      for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
        const unsigned char* text = sqlite3_column_text(stmt, c);
        row.push_back(text ? reinterpret_cast<const char*>(text) : "NULL");
      }
      rows.push_back(row);
    }
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return rows;
}

std::string One(const fs::path& db, const std::string& sql) {
  const std::vector<Row> rows = Query(db, sql);
  if (rows.size() != 1 || rows[0].size() != 1) {
    ADD_FAILURE() << "expected one value from " << sql;
    return "";
  }
  return rows[0][0];
}

class ExportTest : public TwoRunsSuite {
 protected:
  // Exports a run; expects success.
  fs::path Export(const std::string& which, const std::string& name) {
    const fs::path db = scratch_.path() / name;
    const RunResult r =
        RunSeki({"export", Run(which).string(), "--sqlite", db.string()}, "", {}, 120);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::exists(db));
    EXPECT_FALSE(fs::exists(db.string() + ".partial"));
    return db;
  }
};

TEST_F(ExportTest, OneRowPerClassWithTheRunsValues) {
  const fs::path db = Export("outcomes", "run.sqlite");
  const nlohmann::json m = Manifest("outcomes");
  const auto& members = m["totals"]["members"];
  EXPECT_EQ(One(db, "SELECT COUNT(*) FROM classes"),
            std::to_string(m["totals"]["starting"].get<int>()));
  EXPECT_EQ(One(db, "SELECT COUNT(*) FROM classes WHERE seki_class <> 'none'"),
            std::to_string(members["seki/seki"].get<int>()));
  EXPECT_EQ(One(db, "SELECT COUNT(*) FROM classes WHERE seki_class = 'complete'"),
            std::to_string(members["seki/complete"].get<int>()));
  EXPECT_EQ(One(db, "SELECT COUNT(*) FROM classes WHERE dseki_class <> 'none'"),
            std::to_string(members["dseki/seki"].get<int>()));
  EXPECT_EQ(One(db, "SELECT COUNT(*) FROM classes WHERE dseki_class = 'complete'"),
            std::to_string(members["dseki/complete"].get<int>()));
  EXPECT_EQ(One(db, "SELECT COUNT(DISTINCT matrix) FROM classes"),
            One(db, "SELECT COUNT(*) FROM classes"));

  // Every catalogue line is a row with the same fields and values.
  for (const char* game : {"seki", "dseki"}) {
    for (const std::string& line : FileLines(Run("outcomes") / game / "seki.txt")) {
      const std::string matrix = line.substr(0, line.find(' '));
      const std::vector<Row> rows = Query(
          db, std::string("SELECT sum, height, ") + game + "_R_first, " + game + "_C_first, " +
                  game + "_r_move, " + game + "_c_move, idsm, prime, symmetric, planar FROM " +
                  "classes WHERE matrix = '" + matrix + "'");
      ASSERT_EQ(rows.size(), 1u) << matrix;
      const Row& r = rows[0];
      auto yes = [](const std::string& v) {
        return v == "1" ? std::string("yes") : std::string("no");
      };
      EXPECT_EQ(matrix + " sum=" + r[0] + " height=" + r[1] + " R=" + r[2] + " C=" + r[3] +
                    " r=" + r[4] + " c=" + r[5] + " idsm=" + yes(r[6]) + " prime=" + yes(r[7]) +
                    " symmetric=" + yes(r[8]) + " planar=" + yes(r[9]),
                line);
    }
  }
  // Classes agree with the values.
  EXPECT_EQ(One(db,
                "SELECT COUNT(*) FROM classes WHERE seki_class = 'complete' AND NOT "
                "(seki_r_move = 'L' AND seki_c_move = 'L' AND seki_R_first = 'D')"),
            "0");
  EXPECT_EQ(One(db,
                "SELECT COUNT(*) FROM classes WHERE seki_class = 'none' AND "
                "seki_R_first = 'D' AND seki_C_first = 'D'"),
            "0");
}

TEST_F(ExportTest, RunsTableHoldsTheParameters) {
  const fs::path db = Export("outcomes", "run.sqlite");
  const std::vector<Row> rows = Query(
      db,
      "SELECT format, rows, cols, max_entry, max_sum, effective_max_entry, effective_max_sum, "
      "outcomes, source, classes, starting, tool_name FROM runs");
  ASSERT_EQ(rows.size(), 1u);
  const nlohmann::json m = Manifest("outcomes");
  EXPECT_EQ(rows[0], (Row{"seki-run/1", "3", "3", "2", "NULL", "2", "18", "1", "outcomes.txt",
                          std::to_string(m["totals"]["classes"].get<int>()),
                          std::to_string(m["totals"]["starting"].get<int>()), "seki"}));
  EXPECT_EQ(nlohmann::json::parse(One(db, "SELECT manifest FROM runs")), m);
}

TEST_F(ExportTest, DocumentedQueriesUseAnIndex) {
  const fs::path db = Export("outcomes", "run.sqlite");
  const std::vector<std::string> queries = {
      "SELECT matrix FROM classes WHERE seki_class = 'complete' AND height = 3 AND idsm = 0",
      "SELECT matrix FROM classes WHERE dseki_class IN ('seki', 'semi-complete', 'complete') AND "
      "planar = 1 AND prime = 1",
      "SELECT matrix FROM classes WHERE dseki_class <> 'none' AND planar = 1 AND prime = 1",
      "SELECT COUNT(*) FROM classes WHERE sum = 9",
  };
  for (const std::string& q : queries) {
    std::string plan;
    for (const Row& r : Query(db, "EXPLAIN QUERY PLAN " + q)) plan += r.back() + "; ";
    EXPECT_NE(plan.find("USING"), std::string::npos) << q << ": " << plan;
    EXPECT_NE(plan.find("INDEX"), std::string::npos) << q << ": " << plan;
    EXPECT_EQ(plan.find("SCAN"), std::string::npos) << q << ": " << plan;
  }
  // The answers match the catalogues.
  int expected = 0;
  for (const std::string& line : FileLines(Run("outcomes") / "seki/complete.txt"))
    expected +=
        line.find(" height=2 ") != std::string::npos && line.find(" idsm=no ") != std::string::npos;
  EXPECT_EQ(One(db,
                "SELECT COUNT(*) FROM classes WHERE seki_class = 'complete' AND height = 2 "
                "AND idsm = 0"),
            std::to_string(expected));
  expected = 0;
  for (const std::string& line : FileLines(Run("outcomes") / "dseki/seki.txt"))
    expected += line.find(" prime=yes ") != std::string::npos &&
                line.find(" planar=yes") != std::string::npos;
  EXPECT_EQ(One(db,
                "SELECT COUNT(*) FROM classes WHERE dseki_class <> 'none' AND planar = 1 AND "
                "prime = 1"),
            std::to_string(expected));
}

TEST_F(ExportTest, CataloguesGiveTheSameRowsAsOutcomes) {
  const fs::path full = Export("outcomes", "full.sqlite");
  const fs::path part = Export("plain", "part.sqlite");
  EXPECT_EQ(One(part, "SELECT source FROM runs"), "catalogues");
  const nlohmann::json m = Manifest("plain");
  EXPECT_EQ(One(part, "SELECT COUNT(*) FROM classes"),
            std::to_string(m["totals"]["members"]["dseki/seki"].get<int>()));
  const std::string columns =
      "matrix, rows, cols, sum, height, idsm, prime, symmetric, planar, "
      "seki_R_first, seki_C_first, seki_r_move, seki_c_move, seki_class, "
      "dseki_R_first, dseki_C_first, dseki_r_move, dseki_c_move, dseki_class";
  const std::vector<Row> from_catalogues =
      Query(part, "SELECT " + columns + " FROM classes ORDER BY rowid");
  const std::vector<Row> from_outcomes =
      Query(full, "SELECT " + columns + " FROM classes WHERE dseki_class <> 'none' ORDER BY rowid");
  EXPECT_EQ(from_catalogues, from_outcomes);
  EXPECT_GT(from_catalogues.size(), 100u);
}

TEST_F(ExportTest, KeepsAnExistingFileUnlessForced) {
  const fs::path db = scratch_.path() / "keep.sqlite";
  WriteText(db, "precious");
  ExpectBadInput({"export", Run("outcomes").string(), "--sqlite", db.string()}, "",
                 "exists; use --force");
  EXPECT_EQ(ReadText(db), "precious");
  WriteText(db.string() + ".partial", "leftover of an interrupted export");
  const RunResult r =
      RunSeki({"export", Run("outcomes").string(), "--sqlite", db.string(), "--force"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("exported 581 classes (from outcomes.txt)"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(db.string() + ".partial"));
  EXPECT_EQ(One(db, "SELECT COUNT(*) FROM classes"), "581");
}

TEST_F(ExportTest, RefusesBadRuns) {
  const fs::path db = scratch_.path() / "bad.sqlite";
  ExpectBadInput({"export", (scratch_.path() / "missing").string(), "--sqlite", db.string()}, "",
                 "no such run directory");
  const fs::path dir = scratch_.path() / "run";
  CopyRun(Run("plain"), dir);
  std::string text = ReadText(dir / "dseki/seki.txt");
  text[10] ^= 1;
  WriteText(dir / "dseki/seki.txt", text);
  ExpectBadInput({"export", dir.string(), "--sqlite", db.string()}, "",
                 "does not match the manifest");
  nlohmann::json m = nlohmann::json::parse(ReadText(dir / "manifest.json"));
  m["complete"] = false;
  WriteText(dir / "manifest.json", m.dump());
  ExpectBadInput({"export", dir.string(), "--sqlite", db.string()}, "", "not marked complete");
  EXPECT_FALSE(fs::exists(db));
  EXPECT_FALSE(fs::exists(db.string() + ".partial"));
  ExpectBadInput({"export", Run("plain").string()}, "", "--sqlite is required");
}

}  // namespace
}  // namespace seki::testing
