// Kill-and-resume: a run killed with SIGKILL at several points (after writing catalogue lines,
// after a level file, after a checkpoint, while finishing) and then resumed, even several times
// and with another thread count, leaves catalogues byte-identical to an uninterrupted run; so does
// one with --checkpoint-every N killed at a random level (its checkpoints only at multiples of N,
// at most two level files on disk, the catalogues cut back and rewritten on resume). A corrupt
// level file is detected and redone; resuming with other parameters is refused.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/run_files.hpp"
#include "tests/seki_process.hpp"

namespace {

namespace fs = std::filesystem;
using seki::testing::Catalogues;
using seki::testing::ExpectSameCatalogues;
using seki::testing::RunResult;
using seki::testing::RunSeki;

const std::vector<std::string> kRun = {"enumerate",   "--rows", "4",          "--cols", "4",
                                       "--max-entry", "2",      "--outcomes", "--quiet"};

std::vector<std::string> Args(const fs::path& dir, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = kRun;
  args.push_back("--out");
  args.push_back(dir.string());
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

class ResumeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    reference_dir_ = fs::temp_directory_path() / ("seki_resume_ref_" + std::to_string(getpid()));
    fs::remove_all(reference_dir_);
    const RunResult r = RunSeki(Args(reference_dir_, {"--threads", "2"}));
    ASSERT_EQ(r.status, 0) << r.err;
    reference_ = new std::map<std::string, std::string>(Catalogues(reference_dir_));
  }
  static void TearDownTestSuite() {
    fs::remove_all(reference_dir_);
    delete reference_;
  }
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("seki_resume_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs (or resumes) with SEKI_KILL_AT=point and expects the process to die of SIGKILL.
  void RunKilledAt(const std::string& point, bool resume, std::vector<std::string> extra = {}) {
    if (resume) extra.push_back("--resume");
    const RunResult r = RunSeki(Args(dir_, extra), "", {"SEKI_KILL_AT=" + point});
    ASSERT_EQ(r.signal, SIGKILL) << point << " status " << r.status << ": " << r.err;
  }
  void ResumeToEnd(const std::string& threads = "1", std::vector<std::string> extra = {}) {
    extra.insert(extra.end(), {"--resume", "--threads", threads});
    const RunResult r = RunSeki(Args(dir_, extra));
    ASSERT_EQ(r.status, 0) << r.err;
    ExpectSameCatalogues(Catalogues(dir_), *reference_);
    EXPECT_TRUE(fs::exists(dir_ / "manifest.json"));
    EXPECT_FALSE(fs::exists(dir_ / "checkpoint.json"));
  }

  static inline fs::path reference_dir_;
  static inline std::map<std::string, std::string>* reference_ = nullptr;
  fs::path dir_;
};

TEST_F(ResumeTest, ReferenceRunIsComplete) {
  EXPECT_NE(reference_->at("outcomes.txt"), "<missing>");
  EXPECT_GT(reference_->at("outcomes.txt").size(), 1000u);
  EXPECT_GT(reference_->at("seki/complete.txt").size(), 0u);
}

// Reproducibility: the same run with one thread gives byte-identical files to the two-thread
// reference.
TEST_F(ResumeTest, OneThreadGivesTheSameFilesAsTwo) {
  const RunResult r = RunSeki(Args(dir_, {"--threads", "1"}));
  ASSERT_EQ(r.status, 0) << r.err;
  ExpectSameCatalogues(Catalogues(dir_), *reference_);
}

TEST_F(ResumeTest, KilledAtEachPointThenResumed) {
  for (const char* point : {"catalogue:0", "catalogue:5", "level-file:12", "checkpoint:20",
                            "catalogue:32", "finish:32"}) {
    SCOPED_TRACE(point);
    fs::remove_all(dir_);
    RunKilledAt(point, /*resume=*/false);
    EXPECT_FALSE(fs::exists(dir_ / "manifest.json"));  // nothing looks complete
    ResumeToEnd(point[0] == 'c' ? "1" : "2");
  }
}

TEST_F(ResumeTest, KilledRepeatedly) {
  RunKilledAt("catalogue:8", false);
  RunKilledAt("level-file:15", true);
  RunKilledAt("checkpoint:25", true);
  RunKilledAt("catalogue:29", true);
  ResumeToEnd("2");
}

// --checkpoint-every N (1: every level, the default; 5): killed after the catalogue lines of a
// random level L, the run has checkpointed only levels that are multiples of N, the newest the last
// one before L, with at most two level files on disk; resumed (with the same N), its catalogues
// equal the uninterrupted run's, so the lines of the levels after the checkpoint were cut back and
// written once. The seed is in the trace of a failure.
TEST_F(ResumeTest, CheckpointEveryNKilledAtARandomLevel) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  for (const int every : {1, 5}) {
    const int level = std::uniform_int_distribution(1, 31)(random);
    SCOPED_TRACE("--checkpoint-every " + std::to_string(every) + ", killed at level " +
                 std::to_string(level) + " (seed " + std::to_string(seed) + ")");
    fs::remove_all(dir_);
    const std::vector<std::string> option = {"--checkpoint-every", std::to_string(every)};
    RunKilledAt("catalogue:" + std::to_string(level), false, option);
    std::ifstream in(dir_ / "checkpoint.json");
    const nlohmann::json checkpoint = nlohmann::json::parse(in);
    std::vector<int> saved;
    for (const auto& r : checkpoint["resumable"]) saved.push_back(r["sum"].get<int>());
    ASSERT_FALSE(saved.empty());
    ASSERT_LE(saved.size(), 2u);
    for (int sum : saved) EXPECT_EQ(sum % every, 0) << sum;
    EXPECT_EQ(saved.back(), (level - 1) / every * every);
    EXPECT_LE(std::distance(fs::directory_iterator(dir_ / "levels"), fs::directory_iterator()), 2);
    ResumeToEnd("2", option);
  }
}

TEST_F(ResumeTest, CorruptLevelFileIsRedone) {
  RunKilledAt("checkpoint:10", false);
  const fs::path newest = dir_ / "levels/level-0010.bin";
  ASSERT_TRUE(fs::exists(newest));
  {
    std::fstream f(newest, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(newest) / 2));
    f.put('\x5A');
  }
  const RunResult r = RunSeki(Args(dir_, {"--resume"}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("not using levels/level-0010.bin"), std::string::npos) << r.err;
  ExpectSameCatalogues(Catalogues(dir_), *reference_);
}

TEST_F(ResumeTest, OtherParametersAreRefused) {
  RunKilledAt("checkpoint:6", false);
  std::vector<std::string> args = Args(dir_, {"--resume"});
  args[6] = "3";  // --max-entry 3 instead of 2
  seki::testing::ExpectBadInput(args, "", "was started with other parameters");
}

TEST_F(ResumeTest, BadCheckpointEveryIsRefusedBeforeTheRun) {
  for (const char* every : {"0", "-3", "2.5", "3x", "4,5", "1m,2m", "", ","}) {
    seki::testing::ExpectBadInput(Args(dir_, {"--checkpoint-every", every}), "",
                                  "seki: --checkpoint-every: '" + std::string(every) + "'");
    EXPECT_FALSE(fs::exists(dir_)) << every;
  }
}

TEST_F(ResumeTest, ExistingRunIsNotOverwritten) {
  RunKilledAt("checkpoint:3", false);
  seki::testing::ExpectBadInput(Args(dir_), "", "already holds a run");
}

}  // namespace
