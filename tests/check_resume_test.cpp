// Kill-and-resume of `seki check --checkpoint DIR`: a check killed with SIGKILL (SEKI_KILL_AT,
// storage/kill_point.hpp) after a level file or a checkpoint, in the first, a middle or the
// last shape, even several times, and resumed with --resume gives the JSON report of an
// uninterrupted check, timings and command line apart (counts, census, findings with their lines
// of play). A corrupt level file is redone; other parameters, --resume without --checkpoint and a
// used checkpoint without --resume are refused; --census writes the census of every shape.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/seki_process.hpp"
#include "tests/stable_json.hpp"
#include "tests/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using seki::testing::RunResult;
using seki::testing::RunSeki;
using seki::testing::Stable;
using seki::testing::TempDir;

// Three shapes (1x1, 2x2, 3x3; 3x3 has 37 levels) and 22 listed complete seki with lines of play.
const std::vector<std::string> kCheck = {
    "check", "6.2",     "--max-rows", "3", "--max-entry", "4", "--min-height",
    "2",     "--quiet", "--threads",  "2"};

std::vector<std::string> Args(const fs::path& json_file, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = kCheck;
  args.push_back("--json");
  args.push_back(json_file.string());
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

json ReadJson(const fs::path& p) { return json::parse(seki::testing::ReadText(p)); }

class CheckResumeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new TempDir;
    const RunResult r = RunSeki(Args(scratch_->path() / "reference.json"));
    ASSERT_EQ(r.status, 0) << r.err;
    reference_ = new json(Stable(ReadJson(scratch_->path() / "reference.json")));
  }
  static void TearDownTestSuite() {
    delete reference_;
    delete scratch_;
  }

  fs::path Dir() const { return dir_.path() / "checkpoint"; }
  fs::path Json() const { return dir_.path() / "report.json"; }
  std::vector<std::string> CheckpointArgs(bool resume) const {
    std::vector<std::string> extra = {"--checkpoint", Dir().string()};
    if (resume) extra.push_back("--resume");
    return Args(Json(), extra);
  }
  void RunKilledAt(const std::string& point, bool resume) {
    const RunResult r = RunSeki(CheckpointArgs(resume), "", {"SEKI_KILL_AT=" + point});
    ASSERT_EQ(r.signal, SIGKILL) << point << " status " << r.status << ": " << r.err;
  }
  void ResumeToEnd() {
    const RunResult r = RunSeki(CheckpointArgs(true));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(Stable(ReadJson(Json())) == *reference_);
  }

  static inline TempDir* scratch_ = nullptr;
  static inline json* reference_ = nullptr;
  TempDir dir_;
};

// Ctrl-C (SIGINT at a level file of 3x3) ends the check with one line and exit 130, writes no
// report, and --resume gives the uninterrupted report.
TEST_F(CheckResumeTest, CtrlCStopsWith130AndResumes) {
  const RunResult r = RunSeki(CheckpointArgs(false), "",
                              {"SEKI_KILL_AT=check-level-file-3x3:17", "SEKI_KILL_SIGNAL=INT"});
  EXPECT_EQ(r.status, 130) << r.err;
  EXPECT_NE(r.err.find("seki: check: interrupted; the finished levels are in"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(Json()));
  ResumeToEnd();
}

TEST_F(CheckResumeTest, ReferenceHasFindingsAndCensus) {
  const json& shapes = (*reference_)["shapes"];
  ASSERT_EQ(shapes.size(), 3u);
  EXPECT_EQ(shapes[2]["findings"].size(), 18u);  // complete seki of height 2 and 3 on 3x3
  EXPECT_EQ(shapes[2]["census"]["seki"]["complete"]["total"]["total"], 20);
  EXPECT_EQ(shapes[2]["census"]["seki"]["semi-complete"]["total"]["total"], 2);
}

TEST_F(CheckResumeTest, UninterruptedWithCheckpointIsTheSame) {
  const RunResult r = RunSeki(CheckpointArgs(false));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(Stable(ReadJson(Json())) == *reference_);
  EXPECT_TRUE(fs::is_empty(Dir() / "levels"));  // every shape done: no level file is kept
  ResumeToEnd();                                // resuming a finished check gives its report again
}

TEST_F(CheckResumeTest, KilledAtEachPointThenResumed) {
  for (const char* point :
       {"check-checkpoint-1x1:0", "check-level-file-2x2:3", "check-checkpoint-3x3:0",
        "check-level-file-3x3:17", "check-checkpoint-3x3:24", "check-checkpoint-3x3:36"}) {
    SCOPED_TRACE(point);
    fs::remove_all(Dir());
    fs::remove(Json());
    RunKilledAt(point, false);
    EXPECT_EQ(seki::testing::ReadText(Json()), "");  // no report (the probe's empty file)
    ResumeToEnd();
  }
}

TEST_F(CheckResumeTest, KilledRepeatedly) {
  RunKilledAt("check-checkpoint-2x2:5", false);
  RunKilledAt("check-level-file-3x3:9", true);
  RunKilledAt("check-checkpoint-3x3:9", true);  // the same level again: nothing was lost
  RunKilledAt("check-checkpoint-3x3:30", true);
  ResumeToEnd();
}

TEST_F(CheckResumeTest, CorruptLevelFileIsRedone) {
  RunKilledAt("check-checkpoint-3x3:20", false);
  const fs::path level = Dir() / "levels/3x3-level-0020.bin";
  ASSERT_TRUE(fs::exists(level));
  {
    std::fstream f(level, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(level) / 2));
    f.put('\x5A');
  }
  const RunResult r = RunSeki(Args(Json(), {"--checkpoint", Dir().string(), "--resume"}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(Stable(ReadJson(Json())) == *reference_);
}

TEST_F(CheckResumeTest, BadUse) {
  RunKilledAt("check-checkpoint-3x3:6", false);
  std::vector<std::string> other = CheckpointArgs(true);
  other[5] = "5";  // --max-entry 5 instead of 4
  seki::testing::ExpectBadInput(other, "", "holds a check with other parameters");
  seki::testing::ExpectBadInput(CheckpointArgs(false), "", "already holds a check");
  seki::testing::ExpectBadInput(Args(Json(), {"--resume"}), "", "--resume: needs --checkpoint");
}

TEST_F(CheckResumeTest, CensusFile) {
  const fs::path md = dir_.path() / "census.md";
  const RunResult r = RunSeki(Args(Json(), {"--census", md.string()}));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = seki::testing::ReadText(md);
  EXPECT_NE(text.find("| 3x3 | 4 | 36 | 57675 | 54840 | 20 | 2 | 3 | 0 | 3 |"), std::string::npos)
      << text;
  EXPECT_NE(text.find("## 2x2, entries <= 4, sum <= 16"), std::string::npos);
  // `seki census` on the JSON report gives the same tables (the first line names the command).
  const RunResult from_json = RunSeki({"census", Json().string()});
  ASSERT_EQ(from_json.status, 0) << from_json.err;
  const auto after_title = [](const std::string& md) { return md.substr(md.find("\n\nCounts")); };
  EXPECT_EQ(after_title(from_json.out), after_title(text));
  seki::testing::ExpectBadInput({"census", md.string()}, "", "not a seki check --json report");
}

}  // namespace
