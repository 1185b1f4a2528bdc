// `seki enumerate --lists complete`: only complete and semi-complete seki are listed and the other
// seki of each game counted by sum and height in seki-counts.txt instead of seki.txt. Against a
// --lists all run of the same region (4x4 entries <= 2, with outcomes): the listed files are
// byte-identical, the counts equal those recomputed here from the full seki.txt, the summary
// counts agree, `seki verify` passes and catches a wrong count or a stray seki.txt, export is
// refused; killed between sparse checkpoints and resumed it gives the same files; the default
// (auto) lists all seki up to 10^9 classes and only the complete ones beyond.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/base/matrix_text.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/run/catalogue_lists.hpp"
#include "tests/run_files.hpp"
#include "tests/seki_process.hpp"
#include "tests/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using seki::testing::RunSeki;
constexpr auto& Read = seki::testing::ReadText;

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The counts file a --lists complete run should write for one game, from the full run's lists:
// the seki.txt lines in neither complete.txt nor semi-complete.txt, by (sum, height).
std::string ExpectedCounts(const fs::path& all, const std::string& game) {
  std::map<std::string, bool> listed;
  for (const char* kind : {"/complete.txt", "/semi-complete.txt"})
    for (const std::string& line : Lines(Read(all / (game + kind))))
      listed[line.substr(0, line.find(' '))] = true;
  std::map<std::pair<int, int>, std::uint64_t> counts;
  for (const std::string& line : Lines(Read(all / (game + "/seki.txt")))) {
    const auto r = seki::ParseCatalogueLine(line);
    if (!r) return "<unparsable seki.txt>";
    if (!listed.count(seki::FormatMatrix(r->matrix))) ++counts[{r->sum, r->height}];
  }
  std::string text;
  for (const auto& [at, n] : counts)
    text += "sum=" + std::to_string(at.first) + " height=" + std::to_string(at.second) +
            " count=" + std::to_string(n) + "\n";
  return text;
}

class ListsTest : public ::testing::Test {
 protected:
  static std::vector<std::string> Args(const fs::path& dir, std::vector<std::string> extra) {
    std::vector<std::string> args = {"enumerate", "--rows",      "4",         "--cols",
                                     "4",         "--max-entry", "2",         "--outcomes",
                                     "--quiet",   "--out",       dir.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }
  static void SetUpTestSuite() {
    scratch_ = new seki::testing::TempDir;
    all_ = RunSeki(Args(scratch_->path() / "all", {"--lists", "all"}));
    counted_ = RunSeki(Args(scratch_->path() / "complete", {"--lists", "complete"}));
  }
  static void TearDownTestSuite() { delete scratch_; }
  static fs::path All() { return scratch_->path() / "all"; }
  static fs::path Counted() { return scratch_->path() / "complete"; }

  static inline seki::testing::TempDir* scratch_ = nullptr;
  static inline seki::testing::RunResult all_, counted_;
};

TEST_F(ListsTest, CompleteListsTheSameAndCountsTheRest) {
  ASSERT_EQ(all_.status, 0) << all_.err;
  ASSERT_EQ(counted_.status, 0) << counted_.err;
  EXPECT_NE(counted_.err.find("seki enumerate: listing only complete and semi-complete seki "
                              "(--lists complete)"),
            std::string::npos)
      << counted_.err;
  EXPECT_EQ(all_.err.find("listing only"), std::string::npos) << all_.err;
  EXPECT_EQ(counted_.out.substr(0, counted_.out.find(" wall=")),
            all_.out.substr(0, all_.out.find(" wall=")));  // the same counts, seki included
  for (const char* name : {"seki/complete.txt", "seki/semi-complete.txt", "dseki/complete.txt",
                           "dseki/semi-complete.txt", "outcomes.txt"})
    EXPECT_TRUE(Read(Counted() / name) == Read(All() / name)) << name;
  for (const std::string game : {"seki", "dseki"}) {
    EXPECT_FALSE(fs::exists(Counted() / game / "seki.txt"));
    const std::string expected = ExpectedCounts(All(), game);
    EXPECT_GT(expected.size(), 0u);
    EXPECT_EQ(Read(Counted() / game / "seki-counts.txt"), expected) << game;
  }
  EXPECT_NE(Read(Counted() / "manifest.json").find("\"lists\": \"complete\""), std::string::npos);
  EXPECT_EQ(Read(All() / "manifest.json").find("\"lists\""), std::string::npos);
}

TEST_F(ListsTest, VerifyPassesAndCatchesAWrongCountOrAStraySekiList) {
  const auto ok = RunSeki({"verify", Counted().string()}, "", {}, 120);
  EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
  EXPECT_NE(ok.out.find("dseki/seki-counts.txt: lines"), std::string::npos) << ok.out;

  seki::testing::TempDir copy;
  fs::copy(Counted(), copy.path(), fs::copy_options::recursive);
  std::string counts = Read(copy.path() / "seki/seki-counts.txt");
  counts.replace(counts.find("count=1\n"), 8, "count=2\n");  // one seki too many
  std::ofstream(copy.path() / "seki/seki-counts.txt", std::ios::binary) << counts;
  const auto wrong = RunSeki({"verify", "--sample", "10", copy.path().string()}, "", {}, 120);
  EXPECT_NE(wrong.status, 0);
  EXPECT_NE(wrong.out.find("FAILED  seki/seki-counts.txt with seki/complete.txt and "
                           "seki/semi-complete.txt: line count"),
            std::string::npos)
      << wrong.out;

  fs::copy_file(All() / "seki/seki.txt", copy.path() / "seki/seki.txt");
  const auto stray = RunSeki({"verify", "--sample", "10", copy.path().string()}, "", {}, 120);
  EXPECT_NE(stray.out.find("FAILED  seki/seki.txt: absent"), std::string::npos) << stray.out;
}

TEST_F(ListsTest, ExportIsRefusedAndBadListsIsOneLine) {
  seki::testing::TempDir db;
  seki::testing::ExpectBadInput(
      {"export", Counted().string(), "--sqlite", (db.path() / "x.sqlite").string()}, "",
      "lists only the complete and semi-complete seki (--lists complete)");
  seki::testing::ExpectBadInput(Args(db.path() / "run", {"--lists", "some"}), "",
                                "seki: --lists: must be auto, all or complete, not 'some'");
  EXPECT_FALSE(fs::exists(db.path() / "run"));
}

// Killed after the lines of level 13 with checkpoints every 4 levels, then resumed: the counts of
// levels 13 and after are cut back to level 12's checkpoint and written once.
TEST_F(ListsTest, KilledBetweenCheckpointsAndResumedGivesTheSameFiles) {
  seki::testing::TempDir dir;
  const fs::path run = dir.path() / "run";
  const std::vector<std::string> options = {"--lists", "complete", "--checkpoint-every", "4"};
  const auto killed = RunSeki(Args(run, options), "", {"SEKI_KILL_AT=catalogue:13"});
  ASSERT_EQ(killed.signal, SIGKILL) << killed.err;
  std::vector<std::string> resume = options;
  resume.push_back("--resume");
  const auto resumed = RunSeki(Args(run, resume));
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  for (const char* name : {"seki/seki-counts.txt", "dseki/seki-counts.txt", "seki/complete.txt",
                           "dseki/semi-complete.txt", "outcomes.txt"})
    EXPECT_TRUE(Read(run / name) == Read(Counted() / name)) << name;
}

TEST(ListsRule, AutoListsAllUpToABillionClasses) {
  using seki::CatalogueLists;
  using seki::ListsOption;
  EXPECT_EQ(seki::ResolveLists(ListsOption::kAuto, 1'000'000'000), CatalogueLists::kAll);
  EXPECT_EQ(seki::ResolveLists(ListsOption::kAuto, 1'000'000'001), CatalogueLists::kComplete);
  EXPECT_EQ(seki::ResolveLists(ListsOption::kAll, 58'002'778'967), CatalogueLists::kAll);
  EXPECT_EQ(seki::ResolveLists(ListsOption::kComplete, 10), CatalogueLists::kComplete);
}

}  // namespace
