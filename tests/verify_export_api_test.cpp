// Verify and Export as library calls (engine/readback/verify.hpp, engine/readback/export.hpp), on
// small real runs made by the built `seki` binary (tests/run_fixture.hpp): a fresh run passes every
// check, an altered value fails a check naming its file, the callback sees every check as it is
// made, the exported database holds one row per class, and bad input is an InputError.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/readback/export.hpp"
#include "engine/readback/verify.hpp"
#include "run_fixture.hpp"

namespace seki::testing {
namespace {

// The number of rows of a table.
std::int64_t CountRows(const fs::path& db_path, const std::string& table) {
  sqlite3* db = nullptr;
  std::int64_t n = -1;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    const std::string sql = "SELECT COUNT(*) FROM " + table;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW)
      n = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
  }
  sqlite3_close(db);
  return n;
}

using VerifyExportApiTest = TwoRunsSuite;

TEST_F(VerifyExportApiTest, FreshRunPassesEveryCheck) {
  for (const char* which : {"plain", "outcomes"}) {
    SCOPED_TRACE(which);
    std::vector<std::string> seen;
    const VerifyReport report = VerifyRun(Run(which), VerifyOptions{std::nullopt, 5},
                                          [&](const VerifyCheck& c) { seen.push_back(c.what); });
    EXPECT_TRUE(report.ok());
    EXPECT_EQ(report.failed(), 0u);
    EXPECT_GT(report.total(), 40u);
    EXPECT_EQ(report.passed(), report.total());
    EXPECT_EQ(report.seed, 5u);
    ASSERT_EQ(seen.size(), report.total());
    for (std::size_t k = 0; k < seen.size(); ++k) {
      EXPECT_EQ(seen[k], report.checks[k].what);
      EXPECT_TRUE(report.checks[k].ok) << report.checks[k].what << ": " << report.checks[k].detail;
      EXPECT_FALSE(report.checks[k].detail.empty()) << report.checks[k].what;
    }
  }
}

TEST_F(VerifyExportApiTest, VerifierDescribesTheRunBeforeChecking) {
  const RunVerifier verifier(Run("outcomes"), VerifyOptions{3, 77});
  EXPECT_EQ(verifier.seed(), 77u);
  EXPECT_EQ(verifier.manifest().rows, 3);
  EXPECT_TRUE(verifier.manifest().outcomes);
  EXPECT_EQ(RunSpaceText(verifier.manifest()), "3x3, entries <= 2, sum <= 18");
  const VerifyReport report = verifier.Run();
  EXPECT_TRUE(report.ok());
  bool sampled = false;
  for (const VerifyCheck& c : report.checks)
    sampled = sampled ||
              (c.what == "seki/seki.txt: solver" && c.detail.find("(sample)") != std::string::npos);
  EXPECT_TRUE(sampled);
}

TEST_F(VerifyExportApiTest, AlteredValueFailsACheckNamingItsFile) {
  const fs::path dir = scratch_.path() / "run";
  CopyRun(Run("plain"), dir);
  std::vector<std::string> lines = FileLines(dir / "seki/complete.txt");
  ASSERT_FALSE(lines.empty());
  const std::size_t at = lines[0].find(" c=L");
  ASSERT_NE(at, std::string::npos);
  lines[0].replace(at, 4, " c=D");
  WriteLines(dir / "seki/complete.txt", lines);

  const VerifyReport report = VerifyRun(dir);
  EXPECT_FALSE(report.ok());
  EXPECT_GT(report.failed(), 0u);
  EXPECT_LT(report.failed(), report.total());
  std::vector<std::string> failed;
  for (const VerifyCheck& c : report.checks)
    if (!c.ok) failed.push_back(c.what);
  auto has = [&](const std::string& what) {
    return std::find(failed.begin(), failed.end(), what) != failed.end();
  };
  EXPECT_TRUE(has("file seki/complete.txt"));
  EXPECT_TRUE(has("seki/complete.txt: class by the written values"));
  EXPECT_TRUE(has("seki/complete.txt: solver"));
  for (const std::string& what : failed)
    EXPECT_NE(what.find("seki/complete.txt"), std::string::npos) << what;
}

TEST_F(VerifyExportApiTest, VerifyOfAMissingDirectoryIsInputError) {
  EXPECT_THROW(VerifyRun(scratch_.path() / "no-such-run"), InputError);
  const fs::path dir = scratch_.path() / "empty";
  fs::create_directories(dir);
  EXPECT_THROW(RunVerifier(dir, {}), InputError);
}

TEST_F(VerifyExportApiTest, ExportWritesOneRowPerClass) {
  const fs::path db = scratch_.path() / "outcomes.sqlite";
  const ExportResult full = ExportRun(Run("outcomes"), db, false);
  const nlohmann::json m = Manifest("outcomes");
  // With outcomes.txt: every starting class of the run (581 for 3x3 entries <= 2).
  EXPECT_EQ(full.source, "outcomes.txt");
  EXPECT_EQ(full.classes, m["totals"]["starting"].get<std::uint64_t>());
  EXPECT_EQ(full.classes, 581u);
  EXPECT_EQ(CountRows(db, "classes"), 581);
  EXPECT_EQ(CountRows(db, "runs"), 1);
  EXPECT_FALSE(fs::exists(db.string() + ".partial"));

  // From the catalogues alone: every d-seki (each catalogued class is one).
  const fs::path part = scratch_.path() / "plain.sqlite";
  const ExportResult r = ExportRun(Run("plain"), part, false);
  EXPECT_EQ(r.source, "catalogues");
  const std::uint64_t dseki = Manifest("plain")["totals"]["members"]["dseki/seki"];
  EXPECT_EQ(r.classes, dseki);
  EXPECT_EQ(CountRows(part, "classes"), static_cast<std::int64_t>(dseki));
}

TEST_F(VerifyExportApiTest, ExportKeepsAnExistingFileUnlessForced) {
  const fs::path db = scratch_.path() / "keep.sqlite";
  WriteText(db, "precious");
  EXPECT_THROW(ExportRun(Run("outcomes"), db, false), InputError);
  EXPECT_EQ(ReadText(db), "precious");
  EXPECT_EQ(ExportRun(Run("outcomes"), db, true).classes, 581u);
  EXPECT_EQ(CountRows(db, "classes"), 581);
  EXPECT_THROW(ExportRun(scratch_.path() / "missing", scratch_.path() / "x.sqlite", false),
               InputError);
  EXPECT_FALSE(fs::exists(scratch_.path() / "x.sqlite"));
}

}  // namespace
}  // namespace seki::testing
