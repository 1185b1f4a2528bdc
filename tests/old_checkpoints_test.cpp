// Checkpoint directories written by older builds (kept in tests/old_checkpoints/<commit>/, made by
// tests/old_checkpoints/make.sh: runs and checks killed part-way, on one process, on 2 ranks and
// with levels in parts) resume with this build to the uninterrupted result — a run's catalogues
// byte for byte, then `seki verify` on the finished directory; a check's JSON report, timings and
// command line apart — and the resumed checkpoint is this build's own (the level store's list).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/run_files.hpp"
#include "tests/seki_process.hpp"
#include "tests/stable_json.hpp"
#include "tests/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using seki::testing::RunResult;
using seki::testing::RunSeki;

// Not --quiet: the resumed jobs say where they resumed (on stderr).
const std::vector<std::string> kRun = {"enumerate",   "--rows", "3",          "--cols",    "3",
                                       "--max-entry", "3",      "--outcomes", "--threads", "2"};
const std::vector<std::string> kCheck = {"check",       "6.2", "--shapes",     "2x2,3x3",
                                         "--max-entry", "3",   "--min-height", "2",
                                         "--threads",   "2"};

std::vector<std::string> With(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// No level passed over ("not using ...") and nothing started over: the job said it resumed after
// `resumed` (every kept directory was killed after its checkpoint of that level).
void ExpectResumedWhereItStopped(const std::string& err, const std::string& resumed) {
  EXPECT_EQ(err.find("not using"), std::string::npos) << err;
  EXPECT_EQ(err.find("starting"), std::string::npos) << err;
  EXPECT_NE(err.find(resumed), std::string::npos) << err;
}

// The kept directories of every older build, one folder a build.
std::vector<fs::path> Builds() {
  std::vector<fs::path> builds;
  for (const auto& entry :
       fs::directory_iterator(fs::path(SEKI_SOURCE_DIR) / "tests/old_checkpoints"))
    if (entry.is_directory()) builds.push_back(entry.path());
  std::sort(builds.begin(), builds.end());
  return builds;
}

class OldCheckpointsTest : public ::testing::Test {
 protected:
  // A kept directory copied where the test may change it.
  fs::path Copy(const fs::path& build, const std::string& kind) const {
    const fs::path to = dir_.path() / build.filename() / kind;
    fs::create_directories(to.parent_path());
    fs::copy(build / kind, to, fs::copy_options::recursive);
    return to;
  }
  seki::testing::TempDir dir_;
};

TEST_F(OldCheckpointsTest, KeptFromAtLeastTwoBuilds) { EXPECT_GE(Builds().size(), 2u); }

TEST_F(OldCheckpointsTest, RunsResumeAndVerify) {
  const fs::path fresh = dir_.path() / "fresh";
  ASSERT_EQ(RunSeki(With(kRun, {"--out", fresh.string()})).status, 0);
  const auto reference = seki::testing::Catalogues(fresh);
  for (const fs::path& build : Builds())
    for (const char* kind : {"run", "run-ranks", "run-parts"}) {
      SCOPED_TRACE(build.filename().string() + "/" + kind);
      const fs::path run = Copy(build, kind);
      std::vector<std::string> args = With(kRun, {"--out", run.string(), "--resume"});
      if (std::string(kind) == "run-parts") args = With(args, {"--parts", "2"});
      const RunResult r = RunSeki(args);
      ASSERT_EQ(r.status, 0) << r.err;
      ExpectResumedWhereItStopped(r.err, "(resuming after level 9)");
      seki::testing::ExpectSameCatalogues(seki::testing::Catalogues(run), reference);
      const RunResult verified = RunSeki({"verify", run.string()});
      EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
    }
}

TEST_F(OldCheckpointsTest, ChecksResumeToTheUninterruptedReport) {
  const fs::path fresh = dir_.path() / "fresh.json";
  ASSERT_EQ(RunSeki(With(kCheck, {"--json", fresh.string()})).status, 0);
  const json reference = seki::testing::Stable(json::parse(seki::testing::ReadText(fresh)));
  for (const fs::path& build : Builds())
    for (const char* kind : {"check", "check-ranks"}) {
      SCOPED_TRACE(build.filename().string() + "/" + kind);
      const fs::path check = Copy(build, kind);
      const fs::path report = check.parent_path() / (std::string(kind) + ".json");
      const RunResult r = RunSeki(
          With(kCheck, {"--checkpoint", check.string(), "--resume", "--json", report.string()}));
      ASSERT_EQ(r.status, 0) << r.err;
      ExpectResumedWhereItStopped(r.err, "2x2: done in an earlier session");
      ExpectResumedWhereItStopped(r.err, "3x3: resuming after level 8");
      EXPECT_TRUE(seki::testing::Stable(json::parse(seki::testing::ReadText(report))) == reference);
      // The checkpoint left behind is this build's: every shape done, its tally alone.
      const json saved = json::parse(seki::testing::ReadText(check / "checkpoint.json"));
      for (const auto& [key, shape] : saved.at("shapes").items()) {
        ASSERT_EQ(shape.at("resumable").size(), 1u) << key;
        EXPECT_EQ(shape["resumable"][0]["level_files"], json::array()) << key;
      }
      EXPECT_TRUE(fs::is_empty(check / "levels"));
    }
}

}  // namespace
