// The census of complete and semi-complete seki (engine/census/census.hpp, `seki census`):
// totals against the run's catalogue line counts and the manifest, the known 3x3 counts of the
// paper (seven prime complete seki of height 3, two not IDSMs; 033/403/430 and its transpose the
// semi-complete ones), the same tables from a region check's scan as from a run's catalogues, a
// shape and its transpose, the JSON round trip, and bad input.
#include "engine/census/census.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/check/conjecture_check.hpp"
#include "engine/run/run.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "tests/seki_process.hpp"
#include "tests/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using seki::Census;
using seki::CensusKind;
using seki::Game;
using seki::testing::TempDir;

fs::path Enumerate(const fs::path& dir, int rows, int cols, int max_entry) {
  seki::RunParameters p;
  p.rows = rows, p.cols = cols, p.max_entry = max_entry;
  p.out = dir.string();
  p.command_line = "test enumerate";
  seki::Run(p).Execute();
  return dir;
}

Census FromCheck(int rows, int cols, int max_entry) {
  const seki::EnumerationSpace space =
      seki::ConjectureSpace(seki::Conjecture::k69, rows, cols, max_entry, -1);
  return seki::ScanShape(seki::Conjecture::k69, space).census;
}

std::uint64_t LineCount(const fs::path& file) {
  return seki::testing::Lines(seki::testing::ReadText(file)).size();
}

void ExpectSameTables(const Census& a, const Census& b) {
  for (Game g : seki::kGames)
    for (CensusKind k : seki::kCensusKinds)
      EXPECT_TRUE(a.Table(g, k) == b.Table(g, k))
          << seki::GameName(g) << " " << seki::CensusKindName(k);
}

class CensusTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    Enumerate(dir_->path() / "3x3h4", 3, 3, 4);
  }
  static void TearDownTestSuite() { delete dir_; }
  static fs::path Run3x3() { return dir_->path() / "3x3h4"; }
  static inline TempDir* dir_ = nullptr;
};

TEST_F(CensusTest, TotalsAreTheCatalogueLineCounts) {
  const Census c = seki::CensusFromRun(Run3x3());
  EXPECT_EQ(c.rows, 3);
  EXPECT_EQ(c.max_entry, 4);
  EXPECT_EQ(c.max_sum, 36);
  EXPECT_EQ(c.classes, 57675u);  // Burnside, as in docs/results.md
  EXPECT_EQ(c.starting, 54840u);
  for (Game g : seki::kGames) {
    const std::string game(seki::GameName(g));
    EXPECT_EQ(c.Table(g, CensusKind::kComplete).total.total,
              LineCount(Run3x3() / game / "complete.txt"));
    EXPECT_EQ(c.Table(g, CensusKind::kSemiComplete).total.total,
              LineCount(Run3x3() / game / "semi-complete.txt"));
    for (CensusKind k : seki::kCensusKinds) {
      std::uint64_t by_height = 0, by_sum = 0;
      for (const auto& [h, cell] : c.Table(g, k).by_height) by_height += cell.total;
      for (const auto& [s, cell] : c.Table(g, k).by_sum) by_sum += cell.total;
      EXPECT_EQ(by_height, c.Table(g, k).total.total);
      EXPECT_EQ(by_sum, c.Table(g, k).total.total);
    }
  }
}

TEST_F(CensusTest, KnownThreeByThreeCounts) {
  const Census c = seki::CensusFromRun(Run3x3());
  const seki::CensusTable& complete = c.Table(Game::kSeki, CensusKind::kComplete);
  // Heights 1/2/3 = 2/11/7 (docs/results.md); none of height 4 (H_3 = 3).
  ASSERT_EQ(complete.by_height.size(), 3u);
  EXPECT_EQ(complete.by_height.at(1).total, 2u);
  EXPECT_EQ(complete.by_height.at(2).total, 11u);
  // Spec section 4: seven prime complete seki of height 3, all symmetric, the last two of the
  // list not IDSMs.
  const seki::CensusCell& h3 = complete.by_height.at(3);
  EXPECT_EQ(h3.total, 7u);
  EXPECT_EQ(h3.prime, 7u);
  EXPECT_EQ(h3.symmetric, 7u);
  EXPECT_EQ(h3.idsm, 5u);
  EXPECT_EQ(c.LargestCompleteHeight(Game::kSeki), 3);
  EXPECT_TRUE(c.listed.empty());
  // Semi-complete: 033/403/430 and its transpose (height 4, sum 20), not symmetric.
  const seki::CensusTable& semi = c.Table(Game::kSeki, CensusKind::kSemiComplete);
  EXPECT_EQ(semi.total.total, 2u);
  EXPECT_EQ(semi.total.symmetric, 0u);
  EXPECT_EQ(semi.by_sum.at(20).total, 2u);
  EXPECT_EQ(semi.by_height.at(4).total, 2u);
  // D-SEKI: 3 complete d-seki (2 of height 1, 1 of height 2), no semi-complete one.
  EXPECT_EQ(c.Table(Game::kDSeki, CensusKind::kComplete).total.total, 3u);
  EXPECT_EQ(c.Table(Game::kDSeki, CensusKind::kSemiComplete).total.total, 0u);
}

TEST_F(CensusTest, CheckScanGivesTheRunsTables) {
  const Census from_run = seki::CensusFromRun(Run3x3());
  const Census from_check = FromCheck(3, 3, 4);
  ExpectSameTables(from_check, from_run);
  EXPECT_EQ(from_check.classes, from_run.classes);
  EXPECT_EQ(from_check.starting, from_run.starting);
}

TEST(Census, TransposedShapeHasTheSameTables) {
  ExpectSameTables(FromCheck(2, 3, 4), FromCheck(3, 2, 4));
}

TEST_F(CensusTest, JsonRoundTrip) {
  Census c = seki::CensusFromRun(Run3x3());
  c.listed.push_back(
      "0044/0404/4040/4400 sum=32 height=4 R=D C=D r=L c=L idsm=yes prime=yes "
      "symmetric=yes planar=yes");
  EXPECT_TRUE(seki::CensusFromJson(seki::CensusJson(c)) == c);
}

TEST(Census, HeightFourCompleteSekiIsListed) {
  seki::ExhaustiveSolver solver;
  Census c;
  const seki::Matrix a = seki::ParseMatrix("0044/0404/4040/4400");
  EXPECT_TRUE(c.AddClass(a, solver.Solve(a)));
  const seki::Matrix b = seki::ParseMatrix("033/303/330");  // complete, height 3: counted only
  EXPECT_FALSE(c.AddClass(b, solver.Solve(b)));
  EXPECT_EQ(c.Table(Game::kSeki, CensusKind::kComplete).total.total, 2u);
  EXPECT_EQ(c.Table(Game::kSeki, CensusKind::kComplete).by_height.at(4).idsm, 1u);
}

TEST_F(CensusTest, MarkdownAndList) {
  const Census c = seki::CensusFromRun(Run3x3());
  const std::string md = seki::CensusMarkdown({c}, "seki census X");
  EXPECT_NE(md.find("Generated by `seki census X`"), std::string::npos);
  EXPECT_NE(md.find("| 3x3 | 4 | 36 | 57675 | 54840 | 20 | 2 | 3 | 0 | 3 |"), std::string::npos)
      << md;
  EXPECT_NE(md.find("| 3 | 7 | 7 | 5 | 7 | 6 | | | | | |"), std::string::npos) << md;
  const std::string list = seki::CensusListText({c}, "seki census X");
  EXPECT_NE(list.find("# 3x3, entries <= 4, sum <= 36: 0 "), std::string::npos) << list;
}

void ExpectInputError(const fs::path& dir, const std::string& part) {
  try {
    seki::CensusFromRun(dir);
    ADD_FAILURE() << "no error for " << dir;
  } catch (const seki::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(Census, BadInput) {
  TempDir tmp;
  ExpectInputError(tmp.path() / "missing", "no such run directory");
  ExpectInputError(tmp.path(), "not a finished run directory");
  std::ofstream(tmp.path() / "checkpoint.json") << "{}";
  ExpectInputError(tmp.path(), "an unfinished run");
  seki::RunParameters p;
  p.rows = 2, p.cols = 2, p.max_entry = 2, p.generate_only = true;
  p.out = (tmp.path() / "gen").string();
  seki::Run(p).Execute();
  ExpectInputError(tmp.path() / "gen", "generation-only");
}

TEST_F(CensusTest, CommandLine) {
  seki::testing::TempFile json, list;
  const auto r = seki::testing::RunSeki(
      {"census", Run3x3().string(), "--json", json.path(), "--list", list.path()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("| 3x3 | 4 | 36 |"), std::string::npos) << r.out;
  EXPECT_NE(json.Read().find("\"censuses\""), std::string::npos);
  EXPECT_EQ(list.Read().rfind("# Complete seki of height >= 4", 0), 0u);
  seki::testing::ExpectBadInput({"census", "/nonexistent/run"}, "", "no such run directory");
  TempDir empty, unfinished;
  seki::testing::ExpectBadInput({"census", empty.path().string()}, "",
                                "not a finished run directory");
  std::ofstream(unfinished.path() / "checkpoint.json") << "{}";
  seki::testing::ExpectBadInput({"census", unfinished.path().string()}, "", "an unfinished run");
}

}  // namespace
