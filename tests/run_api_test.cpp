// The library's Run and region check driven without the CLI: a 3x3 run with an observer (events in
// order, Burnside's counts, final files, manifest, resume of a complete run), a run stopped by its
// flag after level 3 and resumed to byte-identical catalogues (also between sparse checkpoints,
// which saves level 3 all the same), and a check of conjecture 6.3.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/check/region_check.hpp"
#include "engine/level/class_count.hpp"
#include "engine/run/run.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace seki;
using seki::testing::ReadText;
using seki::testing::TempDir;

const std::vector<std::string> kCatalogues = {"seki/seki.txt",          "seki/complete.txt",
                                              "seki/semi-complete.txt", "dseki/seki.txt",
                                              "dseki/complete.txt",     "dseki/semi-complete.txt"};

std::map<std::string, std::string> Catalogues(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const std::string& name : kCatalogues) files[name] = ReadText(dir / name);
  return files;
}

RunParameters Params(const fs::path& out) {
  RunParameters p;
  p.rows = 3, p.cols = 3, p.max_entry = 2;
  p.threads = 2;
  p.out = out.string();
  p.command_line = "run_api_test";
  return p;
}

// Records every event; raises the stop flag once level `stop_after` is finished.
class Recorder : public RunObserver {
 public:
  explicit Recorder(std::atomic<bool>* stop = nullptr, int stop_after = -1)
      : stop_(stop), stop_after_(stop_after) {}
  void Started(const RunStart& s) override {
    events.push_back("started");
    start = s;
  }
  void LevelStarted(int sum, std::atomic<std::uint64_t>* parents_done) override {
    events.push_back("start " + std::to_string(sum));
    EXPECT_NE(parents_done, nullptr);
  }
  void LevelFinished(const LevelReport& level) override {
    events.push_back("finish " + std::to_string(level.sum));
    levels.push_back(level);
    if (stop_ && level.sum == stop_after_) stop_->store(true);
  }
  void Notice(const std::string& text) override { notices.push_back(text); }
  void Interrupted(int last, const std::string& hint) override {
    events.push_back("interrupted " + std::to_string(last));
    resume_hint = hint;
  }

  std::vector<std::string> events, notices;
  std::vector<LevelReport> levels;
  RunStart start;
  std::string resume_hint;

 private:
  std::atomic<bool>* stop_;
  int stop_after_;
};

TEST(RunApi, CompleteRunWithObserverThenResumeIsAlreadyComplete) {
  TempDir dir;
  const std::vector<std::uint64_t> counts = ClassCountsBySum(3, 3, 2, 18);
  Recorder recorder;
  const RunResult r = seki::Run(Params(dir.path()), &recorder).Execute();
  ASSERT_EQ(r.status, RunStatus::kCompleted);
  EXPECT_EQ(r.max_sum, 18);
  EXPECT_EQ(recorder.start.expected_classes, counts);
  EXPECT_EQ(recorder.start.resumed_after, -1);
  EXPECT_EQ(recorder.start.threads, 2);

  // started, finish 0, then start s / finish s for s = 1..18.
  std::vector<std::string> expected = {"started", "finish 0"};
  for (int s = 1; s <= 18; ++s) {
    expected.push_back("start " + std::to_string(s));
    expected.push_back("finish " + std::to_string(s));
  }
  EXPECT_EQ(recorder.events, expected);
  ASSERT_EQ(recorder.levels.size(), counts.size());
  std::uint64_t classes = 0;
  for (std::size_t s = 0; s < counts.size(); ++s) {
    EXPECT_EQ(recorder.levels[s].sum, static_cast<int>(s));
    EXPECT_EQ(recorder.levels[s].classes, counts[s]) << "sum " << s;
    classes += counts[s];
  }
  EXPECT_EQ(r.totals.classes, classes);
  EXPECT_EQ(r.totals.classes, 738u);  // 3x3 entries <= 2 (also in check_cli_test)
  EXPECT_EQ(r.totals.starting, 581u);
  ASSERT_EQ(r.levels.size(), counts.size());
  EXPECT_EQ(r.summary["totals"]["classes"], classes);

  for (const std::string& name : kCatalogues) {
    EXPECT_TRUE(fs::exists(dir.path() / name)) << name;
    EXPECT_FALSE(fs::exists(dir.path() / (name + ".partial"))) << name;
  }
  EXPECT_FALSE(fs::exists(dir.path() / "checkpoint.json"));
  const nlohmann::json manifest = nlohmann::json::parse(ReadText(dir.path() / "manifest.json"));
  EXPECT_EQ(manifest["complete"], true);
  EXPECT_EQ(manifest["totals"]["classes"], classes);
  EXPECT_EQ(manifest["command"], "run_api_test");
  EXPECT_EQ(manifest["files"].size(), kCatalogues.size());

  RunParameters again = Params(dir.path());
  again.resume = true;
  Recorder second;
  EXPECT_EQ(seki::Run(again, &second).Execute().status, RunStatus::kAlreadyComplete);
  EXPECT_TRUE(second.events.empty());
}

TEST(RunApi, StopFlagInterruptsAndResumeGivesTheSameFiles) {
  TempDir reference, dir;
  ASSERT_EQ(seki::Run(Params(reference.path())).Execute().status, RunStatus::kCompleted);

  std::atomic<bool> stop{false};
  Recorder stopper(&stop, 3);
  const RunResult r = seki::Run(Params(dir.path()), &stopper, &stop).Execute();
  ASSERT_EQ(r.status, RunStatus::kInterrupted);
  EXPECT_EQ(r.last_saved_level, 3);
  EXPECT_EQ(r.resume_hint, "run_api_test --resume");
  EXPECT_EQ(stopper.events.back(), "interrupted 3");
  EXPECT_EQ(stopper.resume_hint, r.resume_hint);
  EXPECT_EQ(r.levels.size(), 4u);
  EXPECT_FALSE(fs::exists(dir.path() / "manifest.json"));
  EXPECT_TRUE(fs::exists(dir.path() / "checkpoint.json"));
  EXPECT_TRUE(fs::exists(dir.path() / "seki/seki.txt.partial"));

  RunParameters resume = Params(dir.path());
  resume.resume = true;
  resume.threads = 1;
  Recorder resumed;
  const RunResult done = seki::Run(resume, &resumed).Execute();
  ASSERT_EQ(done.status, RunStatus::kCompleted);
  EXPECT_EQ(resumed.start.resumed_after, 3);
  EXPECT_EQ(resumed.events.at(1), "start 4");
  EXPECT_EQ(done.levels.size(), 19u);  // the earlier session's levels included
  EXPECT_EQ(done.totals.classes, 738u);
  EXPECT_TRUE(Catalogues(dir.path()) == Catalogues(reference.path()));
}

// With checkpoints every 5 levels, a run stopped after level 3 saves level 3 anyway (the flag's
// last level), next to level 0, and resumes from it to the same files.
TEST(RunApi, StopFlagSavesTheLastLevelBetweenCheckpoints) {
  TempDir reference, dir;
  ASSERT_EQ(seki::Run(Params(reference.path())).Execute().status, RunStatus::kCompleted);

  std::atomic<bool> stop{false};
  Recorder stopper(&stop, 3);
  RunParameters sparse = Params(dir.path());
  sparse.checkpoint = ParseCheckpointPolicy("5", "--checkpoint-every");
  const RunResult r = seki::Run(sparse, &stopper, &stop).Execute();
  ASSERT_EQ(r.status, RunStatus::kInterrupted);
  EXPECT_EQ(r.last_saved_level, 3);
  EXPECT_TRUE(fs::exists(dir.path() / "levels/level-0000.bin"));
  EXPECT_TRUE(fs::exists(dir.path() / "levels/level-0003.bin"));
  EXPECT_FALSE(fs::exists(dir.path() / "levels/level-0002.bin"));

  sparse.resume = true;
  Recorder resumed;
  ASSERT_EQ(seki::Run(sparse, &resumed).Execute().status, RunStatus::kCompleted);
  EXPECT_EQ(resumed.start.resumed_after, 3);
  EXPECT_TRUE(Catalogues(dir.path()) == Catalogues(reference.path()));
}

TEST(CheckpointPolicy, LevelsMinutesOrBoth) {
  const CheckpointPolicy both = ParseCheckpointPolicy("4,2.5m", "--checkpoint-every");
  EXPECT_EQ(both.every_levels, 4);
  EXPECT_EQ(both.every_minutes, 2.5);
  EXPECT_EQ(both.Text(), "4,2.5m");
  EXPECT_TRUE(both.Due(8, 20, 0));    // a multiple of 4
  EXPECT_FALSE(both.Due(9, 20, 2));   // neither
  EXPECT_TRUE(both.Due(9, 20, 2.5));  // 2.5 minutes since the last
  EXPECT_TRUE(both.Due(20, 20, 0));   // the last level
  const CheckpointPolicy minutes = ParseCheckpointPolicy("10m", "--checkpoint-every");
  EXPECT_EQ(minutes.every_levels, 0);
  EXPECT_FALSE(minutes.Due(0, 20, 0));
  EXPECT_EQ(ParseCheckpointPolicy("1", "x").Text(), CheckpointPolicy{}.Text());  // the default
  EXPECT_THROW(ParseCheckpointPolicy("10m,3m", "--checkpoint-every"), InputError);
}

TEST(RunApi, AnotherRunIsNotOverwrittenWithoutForce) {
  TempDir dir;
  ASSERT_EQ(seki::Run(Params(dir.path())).Execute().status, RunStatus::kCompleted);
  EXPECT_THROW(seki::Run(Params(dir.path())).Execute(), InputError);
  RunParameters force = Params(dir.path());
  force.force = true;
  EXPECT_EQ(seki::Run(force).Execute().status, RunStatus::kCompleted);
  RunParameters bad = Params(dir.path());
  bad.threads = -1;
  try {
    seki::Run(bad).Execute();
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--threads: must be 0 (all cores) or positive");
  }
}

// Counts the events of a check.
class CheckRecorder : public CheckObserver {
 public:
  void Started(const CheckReport&) override { ++started; }
  std::atomic<std::uint64_t>* ShapeStarted(const EnumerationSpace&,
                                           const std::vector<std::uint64_t>& e) override {
    expected = e;
    return &parents_done;
  }
  void LevelFinished(const EnumerationSpace&, int sum, std::uint64_t classes, double) override {
    levels.emplace_back(sum, classes);
  }
  void ShapeFinished(const ShapeReport&) override { ++shapes; }

  std::atomic<std::uint64_t> parents_done{0};
  int started = 0, shapes = 0;
  std::vector<std::uint64_t> expected;
  std::vector<std::pair<int, std::uint64_t>> levels;
};

TEST(RegionCheckApi, Conjecture63TwoByThree) {
  CheckRequest request;
  request.conjecture = "6.3";
  request.shapes = {"2x3"};
  request.max_entry = 3;
  request.threads = 2;
  CheckRecorder recorder;
  const CheckReport report = CheckRegion(request, &recorder);
  ASSERT_EQ(report.shapes.size(), 1u);
  const ShapeReport& s = report.shapes[0];
  EXPECT_EQ(s.rows, 2);
  EXPECT_EQ(s.cols, 3);
  EXPECT_EQ(s.max_sum, 18);
  std::uint64_t burnside = 0;
  for (std::uint64_t n : ClassCountsBySum(2, 3, 3, 18)) burnside += n;
  EXPECT_EQ(s.classes, burnside);
  EXPECT_EQ(s.expected_classes, burnside);
  EXPECT_EQ(s.classes, 430u);
  EXPECT_EQ(s.examined, 344u);
  EXPECT_EQ(s.SekiCount(Game::kSeki), 0u);
  EXPECT_TRUE(s.findings.empty());
  EXPECT_EQ(report.FindingCount(), 0u);
  EXPECT_EQ(report.Result(), "no-counterexample");
  EXPECT_EQ(recorder.started, 1);
  EXPECT_EQ(recorder.shapes, 1);
  // Every class is a parent once, except those of the last level (one: 333/333).
  EXPECT_EQ(recorder.parents_done.load(), 430u - 1);
  ASSERT_EQ(recorder.levels.size(), 19u);
  for (int sum = 0; sum <= 18; ++sum) {
    EXPECT_EQ(recorder.levels[sum].first, sum);
    EXPECT_EQ(recorder.levels[sum].second, recorder.expected[sum]);
  }
}

TEST(RegionCheckApi, BadInputThrowsTheCliMessage) {
  CheckRequest request;
  request.conjecture = "6.3";
  request.shapes = {"3x3"};
  request.max_entry = 2;
  try {
    PlanRegionCheck(request);
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--shapes: 3x3: conjecture 6.3 is about m x n matrices with m != n");
  }
  request.conjecture = "6.5";
  EXPECT_THROW(PlanRegionCheck(request), InputError);
}

}  // namespace
