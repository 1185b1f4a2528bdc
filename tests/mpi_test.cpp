// The distributed level engine under mpirun (label "mpi", built when MPI is): `seki enumerate` on
// 1, 2 and 3 ranks gives catalogues and outcomes byte-identical to a single process and per-level
// counts equal to Burnside's; a rank killed with SIGKILL in the middle of a level takes the job
// down (no hang), and --resume with another number of ranks (or none) gives identical files.
// Keys wider than 56 bits (the wide engine's records) take the same path with the same results.
// Levels in parts (--parts) on 1, 2 and 3 ranks give the same files; a run killed inside a level in
// parts resumes on the same ranks keeping the parts built, or on other ranks or none; the same
// for `seki check` in parts. --lists complete on ranks writes one process's lists and counts.
// `seki check` on ranks gives the single process's report (JSON, census, summary line), also
// after a rank is killed and the check resumes from its checkpoint on another number of ranks.
// The down-set solve on ranks: mpi_downset_test.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/level/class_count.hpp"
#include "storage/rank_file.hpp"
#include "tests/mpirun.hpp"
#include "tests/run_files.hpp"
#include "tests/seki_process.hpp"

namespace {

namespace fs = std::filesystem;
using seki::testing::Catalogues;
using seki::testing::ExpectSameCatalogues;
using seki::testing::Mpirun;
using seki::testing::RunResult;
using seki::testing::RunSeki;

struct Shape {
  int rows, cols, max_entry;
  int max_sum = -1;  // none: rows * cols * max_entry
  int MaxSum() const { return max_sum >= 0 ? max_sum : rows * cols * max_entry; }
};

// `seki enumerate` of the shape with --outcomes and one thread per process unless `extra` says.
std::vector<std::string> Enumerate(const Shape& s, const fs::path& out,
                                   std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"enumerate",
                                   "--rows",
                                   std::to_string(s.rows),
                                   "--cols",
                                   std::to_string(s.cols),
                                   "--max-entry",
                                   std::to_string(s.max_entry),
                                   "--outcomes",
                                   "--quiet",
                                   "--out",
                                   out.string()};
  if (s.max_sum >= 0) args.insert(args.end(), {"--max-sum", std::to_string(s.max_sum)});
  args.insert(args.end(), extra.begin(), extra.end());
  if (std::find(extra.begin(), extra.end(), "--threads") == extra.end())
    args.insert(args.end(), {"--threads", "1"});
  return args;
}

nlohmann::json Summary(const fs::path& dir) {
  std::ifstream in(dir / "summary.json");
  return nlohmann::json::parse(in);
}

// The counts of summary.json (no times, no memory): what must not depend on the ranks.
nlohmann::json Counts(const nlohmann::json& summary) {
  nlohmann::json levels = nlohmann::json::array();
  for (const auto& l : summary["levels"])
    levels.push_back({l["sum"], l["classes"], l["starting"], l["members"]});
  return {{"levels", levels}, {"totals", summary["totals"]}};
}

class MpiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("seki_mpi_" + std::to_string(getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A single-process run of `s` (no mpirun), the reference.
  fs::path Reference(const Shape& s) {
    const fs::path dir = root_ / "reference";
    const RunResult r = RunSeki(Enumerate(s, dir, {"--threads", "2"}));
    EXPECT_EQ(r.status, 0) << r.err;
    return dir;
  }

  fs::path root_;
};

// Byte-identical catalogues and equal counts on 1, 2 and 3 ranks; per-level counts are Burnside's.
// `extra`: options of every distributed run (levels in parts).
void ExpectSameOnRanks(const fs::path& root, const fs::path& reference, const Shape& s,
                       const std::vector<std::string>& extra = {}) {
  const auto want = Catalogues(reference);
  ASSERT_NE(want.at("outcomes.txt"), "<missing>");
  ASSERT_GT(want.at("outcomes.txt").size(), 1000u);
  const nlohmann::json want_counts = Counts(Summary(reference));
  const std::vector<std::uint64_t> burnside =
      seki::ClassCountsBySum(s.rows, s.cols, s.max_entry, s.MaxSum());
  for (int ranks : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const fs::path dir = root / ("ranks" + std::to_string(ranks));
    const RunResult r = Mpirun(ranks, Enumerate(s, dir, extra));
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;  // rank 0 alone prints
    EXPECT_NE(r.out.find("enumerated "), std::string::npos) << r.out;
    ExpectSameCatalogues(Catalogues(dir), want);
    const nlohmann::json summary = Summary(dir);
    EXPECT_EQ(Counts(summary), want_counts);
    ASSERT_EQ(summary["levels"].size(), burnside.size());
    for (std::size_t k = 0; k < burnside.size(); ++k)
      EXPECT_EQ(summary["levels"][k]["classes"].get<std::uint64_t>(), burnside[k]) << "sum " << k;
    std::ifstream manifest(dir / "manifest.json");
    const nlohmann::json m = nlohmann::json::parse(manifest);
    if (ranks > 1) {
      EXPECT_EQ(m["distributed"]["ranks"], ranks);
      EXPECT_GT(m["distributed"]["exchanged_bytes"].get<std::uint64_t>(), 0u);
      ASSERT_EQ(m["distributed"]["peak_rss_bytes"].size(), std::size_t(ranks));
      for (const auto& peak : m["distributed"]["peak_rss_bytes"])
        EXPECT_GT(peak.get<std::uint64_t>(), 1000000u);
    }
  }
}

TEST_F(MpiTest, Shape3x3Entries3) {
  const Shape s{3, 3, 3};
  ExpectSameOnRanks(root_, Reference(s), s);
}

TEST_F(MpiTest, Shape3x4Entries3) {
  const Shape s{3, 4, 3};
  ExpectSameOnRanks(root_, Reference(s), s);
}

TEST_F(MpiTest, Shape4x4Entries2) {
  const Shape s{4, 4, 2};
  ExpectSameOnRanks(root_, Reference(s), s);
}

// Levels in parts on ranks (--parts forces them from level 1 on): every rank keeps its own classes
// by groups and its share of each part; the catalogues, outcomes and every level's counts are
// those of one process building levels whole.
TEST_F(MpiTest, LevelsInPartsOnRanks) {
  for (const Shape& s : {Shape{3, 3, 3}, Shape{3, 4, 4}, Shape{4, 4, 2}}) {
    SCOPED_TRACE(std::to_string(s.rows) + "x" + std::to_string(s.cols) +
                 " <= " + std::to_string(s.max_entry));
    const fs::path root = root_ / std::to_string(s.rows * 100 + s.cols * 10 + s.max_entry);
    fs::create_directories(root);
    const fs::path reference = root / "reference";
    ASSERT_EQ(RunSeki(Enumerate(s, reference, {"--threads", "2"})).status, 0);
    ExpectSameOnRanks(root, reference, s, {"--parts", s.max_entry == 4 ? "7" : "2"});
  }
}

// --lists complete on ranks (levels whole, and in parts): the complete and semi-complete lists and
// seki-counts.txt (each rank counts its own seki by height, rank 0 writes the sums) are one
// process's, and so are the counts.
TEST_F(MpiTest, ListsCompleteOnRanks) {
  const Shape s{4, 4, 2};
  const fs::path reference = root_ / "reference";
  ASSERT_EQ(RunSeki(Enumerate(s, reference, {"--lists", "complete", "--threads", "2"})).status, 0);
  const auto files = [](const fs::path& dir) {
    std::map<std::string, std::string> texts;
    for (const char* name : {"seki/seki-counts.txt", "seki/complete.txt", "seki/semi-complete.txt",
                             "dseki/seki-counts.txt", "dseki/complete.txt",
                             "dseki/semi-complete.txt", "outcomes.txt"}) {
      std::ifstream in(dir / name, std::ios::binary);
      texts[name] = in ? std::string(std::istreambuf_iterator<char>(in), {}) : "<missing>";
    }
    return texts;
  };
  const auto want = files(reference);
  ASSERT_GT(want.at("seki/seki-counts.txt").size(), 100u);
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--lists", "complete"},
        std::vector<std::string>{"--lists", "complete", "--parts", "3"}}) {
    for (int ranks : {2, 3}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks, " + std::to_string(extra.size()) + " options");
      const fs::path dir =
          root_ / ("ranks" + std::to_string(ranks) + "_" + std::to_string(extra.size()));
      const RunResult r = Mpirun(ranks, Enumerate(s, dir, extra));
      ASSERT_EQ(r.status, 0) << r.out << r.err;
      EXPECT_EQ(files(dir), want);
      EXPECT_EQ(Counts(Summary(dir)), Counts(Summary(reference)));
      EXPECT_EQ(Summary(dir)["parameters"], Summary(reference)["parameters"]);
    }
  }
}

// A run in parts on 2 ranks killed inside a level (after the first part's files): resumed on 2
// ranks it keeps that part's files (not written again) and builds the other parts; resumed on 3
// ranks or in one process it builds the level again from the level before, read from the 2 ranks'
// part files; all give one process's files.
TEST_F(MpiTest, LevelInPartsKilledOnRanksResumes) {
  const Shape s{4, 4, 2};
  const fs::path reference = Reference(s);
  const auto part_file = [](const fs::path& dir, int part, int rank) {
    char name[80];
    std::snprintf(name, sizeof name, "levels/level-0012.part-%02d-of-03.rank-%04d-of-0002.bin",
                  part, rank);
    return dir / name;
  };
  for (int resume_ranks : {2, 3, 0}) {
    SCOPED_TRACE("resumed on " + std::to_string(resume_ranks) + " ranks");
    const fs::path dir = root_ / ("run" + std::to_string(resume_ranks));
    const RunResult killed =
        Mpirun(2, Enumerate(s, dir, {"--parts", "3"}), {"SEKI_KILL_AT=level-part:12"});
    EXPECT_NE(killed.status, 0) << killed.out << killed.err;
    EXPECT_FALSE(fs::exists(dir / "manifest.json"));
    ASSERT_TRUE(fs::exists(part_file(dir, 0, 0)));
    ASSERT_TRUE(fs::exists(part_file(dir, 0, 1)));
    EXPECT_FALSE(fs::exists(part_file(dir, 1, 0)));
    const auto written = fs::last_write_time(part_file(dir, 0, 1));

    const std::vector<std::string> args = Enumerate(s, dir, {"--parts", "3", "--resume"});
    if (resume_ranks == 2) {  // killed again in level 13: level 12's parts are all there
      EXPECT_NE(Mpirun(2, args, {"SEKI_KILL_AT=level-part:13"}).status, 0);
      EXPECT_EQ(fs::last_write_time(part_file(dir, 0, 1)), written);  // kept, not built again
      EXPECT_TRUE(fs::exists(part_file(dir, 2, 0)));
    }
    const RunResult resumed = resume_ranks == 0 ? RunSeki(args) : Mpirun(resume_ranks, args);
    ASSERT_EQ(resumed.status, 0) << resumed.out << resumed.err;
    EXPECT_NE(
        resumed.err.find(resume_ranks == 2 ? "resuming after level 12" : "resuming after level 11"),
        std::string::npos)
        << resumed.err;
    ExpectSameCatalogues(Catalogues(dir), Catalogues(reference));
    EXPECT_EQ(Counts(Summary(dir)), Counts(Summary(reference)));
  }
}

// Rank 1 of 3 of a run of `s` dies of SIGKILL after the first exchange of level `level`; mpirun
// ends the job (the other ranks do not wait forever), and the run resumes on 2 ranks from the
// per-rank level files of the level before to files identical to one process's.
void ExpectKilledRankResumes(const fs::path& root, const fs::path& reference, const Shape& s,
                             int level) {
  const fs::path dir = root / "run";
  const auto file = [&](int sum, int rank) {
    char name[64];
    std::snprintf(name, sizeof name, "levels/level-%04d.rank-%04d-of-0003.bin", sum, rank);
    return dir / name;
  };
  const RunResult killed =
      Mpirun(3, Enumerate(s, dir), {"SEKI_KILL_AT=exchange:" + std::to_string(level) + "@1"});
  EXPECT_NE(killed.status, 0) << killed.out << killed.err;
  EXPECT_FALSE(fs::exists(dir / "manifest.json"));
  ASSERT_TRUE(fs::exists(file(level - 1, 2)));
  EXPECT_FALSE(fs::exists(file(level, 0)));

  const RunResult resumed = Mpirun(2, Enumerate(s, dir, {"--resume"}));
  ASSERT_EQ(resumed.status, 0) << resumed.out << resumed.err;
  EXPECT_NE(resumed.err.find("resuming after level " + std::to_string(level - 1)),
            std::string::npos)
      << resumed.err;
  ExpectSameCatalogues(Catalogues(dir), Catalogues(reference));
  EXPECT_EQ(Counts(Summary(dir)), Counts(Summary(reference)));
}

TEST_F(MpiTest, KilledRankThenResumedOnOtherRanks) {
  const Shape s{4, 4, 2};
  ExpectKilledRankResumes(root_, Reference(s), s, 12);
}

// Across modes: a distributed run killed after a checkpoint resumes in one process without
// mpirun, and a single-process run resumes on 3 ranks.
TEST_F(MpiTest, ResumeBetweenOneProcessAndRanks) {
  const Shape s{4, 4, 2};
  const fs::path reference = Reference(s);
  const fs::path to_single = root_ / "to_single", to_ranks = root_ / "to_ranks";
  ASSERT_NE(Mpirun(2, Enumerate(s, to_single), {"SEKI_KILL_AT=checkpoint:9"}).status, 0);
  const RunResult single = RunSeki(Enumerate(s, to_single, {"--resume"}));
  ASSERT_EQ(single.status, 0) << single.err;
  EXPECT_NE(single.err.find("resuming after level 9"), std::string::npos) << single.err;
  ExpectSameCatalogues(Catalogues(to_single), Catalogues(reference));

  const RunResult killed = RunSeki(Enumerate(s, to_ranks), "", {"SEKI_KILL_AT=checkpoint:14"});
  ASSERT_EQ(killed.signal, SIGKILL) << killed.err;
  const RunResult ranks = Mpirun(3, Enumerate(s, to_ranks, {"--resume"}));
  ASSERT_EQ(ranks.status, 0) << ranks.out << ranks.err;
  EXPECT_NE(ranks.err.find("resuming after level 14"), std::string::npos) << ranks.err;
  ExpectSameCatalogues(Catalogues(to_ranks), Catalogues(reference));
}

// `seki check ARGS --quiet --threads 1 --json FILE` (on `ranks` ranks; 0: one process, no mpirun).
RunResult Check(int ranks, std::vector<std::string> args, const fs::path& json,
                const std::vector<std::string>& env = {}) {
  args.insert(args.begin(), "check");
  args.insert(args.end(), {"--quiet", "--threads", "1", "--json", json.string()});
  return ranks == 0 ? RunSeki(args, "", env) : Mpirun(ranks, args, env);
}

// A check's JSON report without what may differ between runs: the command, threads and times.
nlohmann::json ReportFacts(const fs::path& json) {
  std::ifstream in(json);
  nlohmann::json j = nlohmann::json::parse(in);
  j.erase("command");
  j.erase("threads");
  j.erase("ranks");
  const auto drop_seconds = [](auto& self, nlohmann::json& v) -> void {
    if (v.is_object()) {
      v.erase("seconds");
      for (auto& [key, child] : v.items()) self(self, child);
    } else if (v.is_array()) {
      for (auto& child : v) self(self, child);
    }
  };
  drop_seconds(drop_seconds, j);
  return j;
}

// The summary line (the last line of stdout) without its seconds.
std::string SummaryFacts(const std::string& out) {
  std::string line = out.substr(out.rfind("check conjecture="));
  return line.substr(0, line.find(" seconds="));
}

// 6.2 with --min-height 3 lists the seven complete seki of height 3 (findings with lines of play,
// re-solved by the single-matrix solver on rank 0) and the census; 6.3 on two shapes at once.
// Each check on 2 and 3 ranks (with `extra` options) gives one process's JSON report and summary.
void ExpectChecksOnRanks(const fs::path& root, const std::vector<std::vector<std::string>>& checks,
                         const std::vector<std::string>& extra = {}) {
  for (const auto& args : checks) {
    SCOPED_TRACE(args[0]);
    const RunResult one = Check(0, args, root / "one.json");
    ASSERT_EQ(one.status, 0) << one.err;
    std::vector<std::string> with = args;
    with.insert(with.end(), extra.begin(), extra.end());
    for (int ranks : {2, 3}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks");
      const fs::path json = root / ("ranks" + std::to_string(ranks) + ".json");
      const RunResult r = Check(ranks, with, json);
      ASSERT_EQ(r.status, 0) << r.out << r.err;
      EXPECT_EQ(ReportFacts(json), ReportFacts(root / "one.json"));
      EXPECT_EQ(SummaryFacts(r.out), SummaryFacts(one.out));
      std::ifstream in(json);
      EXPECT_EQ(nlohmann::json::parse(in)["ranks"], ranks);
    }
  }
}

TEST_F(MpiTest, CheckOnRanksGivesTheSingleProcessReport) {
  ExpectChecksOnRanks(
      root_,
      {{"6.2", "--shapes", "3x3", "--max-entry", "4", "--min-height", "3"},
       {"6.3", "--shapes", "2x3,3x4", "--max-entry", "3"},
       // keys of 60 and 75 bits: the wide engine's records and two-word listed classes on ranks
       {"6.3", "--shapes", "3x4", "--max-entry", "20", "--max-sum", "14"},
       {"6.2", "--shapes", "5x5", "--max-entry", "4", "--max-sum", "11", "--min-height", "1"}});
  const nlohmann::json facts = ReportFacts(root_ / "ranks3.json");
  EXPECT_GT(facts.dump().size(), 1000u);
}

// Rank 1 of 2 dies after writing its level file of level 20; the check resumes from level 19 on
// 3 ranks and reports what one process reports.
TEST_F(MpiTest, KilledCheckResumesOnOtherRanks) {
  const std::vector<std::string> args = {"6.2",
                                         "--shapes",
                                         "4x4",
                                         "--max-entry",
                                         "2",
                                         "--min-height",
                                         "2",
                                         "--checkpoint",
                                         (root_ / "ckpt").string()};
  const RunResult one = Check(0, {args.begin(), args.end() - 2}, root_ / "one.json");
  ASSERT_EQ(one.status, 0) << one.err;
  const RunResult killed =
      Check(2, args, root_ / "killed.json", {"SEKI_KILL_AT=check-level-file-4x4:20@1"});
  EXPECT_NE(killed.status, 0) << killed.out << killed.err;
  ASSERT_TRUE(fs::exists(root_ / "ckpt/levels/4x4-level-0019.rank-0001-of-0002.bin"));
  std::vector<std::string> resume = args;
  resume.push_back("--resume");
  const RunResult resumed = Check(3, resume, root_ / "resumed.json");
  ASSERT_EQ(resumed.status, 0) << resumed.out << resumed.err;
  EXPECT_EQ(ReportFacts(root_ / "resumed.json"), ReportFacts(root_ / "one.json"));
  EXPECT_EQ(SummaryFacts(resumed.out), SummaryFacts(one.out));
}

// Levels in parts (--parts) under a check on ranks: parts kept in memory, or beside the checkpoint
// (each rank its share); the report is one process's, also after a rank is killed in a level in
// parts and the check resumes on other ranks, or in one process.
TEST_F(MpiTest, CheckInPartsOnRanks) {
  ExpectChecksOnRanks(root_,
                      {{"6.2", "--shapes", "3x3", "--max-entry", "4", "--min-height", "3"},
                       {"6.3", "--shapes", "3x4", "--max-entry", "4"}},
                      {"--parts", "3"});

  const std::vector<std::string> args = {
      "6.2", "--shapes", "4x4", "--max-entry", "2", "--min-height", "2", "--parts", "2"};
  const RunResult one = Check(0, {args.begin(), args.end() - 2}, root_ / "one.json");
  ASSERT_EQ(one.status, 0) << one.err;
  for (int resume_ranks : {3, 0}) {
    SCOPED_TRACE("resumed on " + std::to_string(resume_ranks) + " ranks");
    const fs::path ckpt = root_ / ("ckpt" + std::to_string(resume_ranks));
    std::vector<std::string> with = args;
    with.insert(with.end(), {"--checkpoint", ckpt.string()});
    const RunResult killed =
        Check(2, with, root_ / "killed.json", {"SEKI_KILL_AT=check-level-file-4x4:20@1"});
    EXPECT_NE(killed.status, 0) << killed.out << killed.err;
    ASSERT_TRUE(fs::exists(ckpt / "levels/4x4-level-0019.rank-0001-of-0002.bin"));
    with.push_back("--resume");
    const RunResult resumed = Check(resume_ranks, with, root_ / "resumed.json");
    ASSERT_EQ(resumed.status, 0) << resumed.out << resumed.err;
    EXPECT_EQ(ReportFacts(root_ / "resumed.json"), ReportFacts(root_ / "one.json"));
    EXPECT_EQ(SummaryFacts(resumed.out), SummaryFacts(one.out));
  }
}

// Keys of 57..64 bits (one word, records of key and contribution words) and of 72 bits (two words):
// the wide engine's records cross the ranks like the 64-bit ones; byte-identical catalogues and
// Burnside's counts on 1, 2 and 3 ranks.
TEST_F(MpiTest, WideKeysOnRanks) {
  for (const Shape& s : {Shape{8, 8, 1, 10}, Shape{6, 6, 2, 9}}) {
    SCOPED_TRACE(std::to_string(s.rows) + "x" + std::to_string(s.cols));
    const fs::path root = root_ / std::to_string(s.rows);
    const fs::path reference = root / "reference";
    ASSERT_EQ(RunSeki(Enumerate(s, reference, {"--threads", "2"})).status, 0);
    ExpectSameOnRanks(root, reference, s);
  }
}

// Two-word keys: the same, killed in level 7 of 6 x 6 <= 2.
TEST_F(MpiTest, WideKeysKilledRankThenResumedOnOtherRanks) {
  const Shape s{6, 6, 2, 9};
  ExpectKilledRankResumes(root_, Reference(s), s, 7);
}

// Bad input under mpirun: one message (from rank 0) and exit status 2 for the whole job.
TEST_F(MpiTest, GenerateOnlyIsRefusedAcrossRanks) {
  const RunResult r = Mpirun(2, Enumerate({3, 3, 2}, root_ / "gen", {"--generate-only"}));
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("seki: --generate-only: runs in one process"), std::string::npos) << r.err;
}

// An internal error under mpirun (an I/O failure: a file stands where the run's seki/ directory
// goes) ends the whole job with status 70, as in one process, with its "internal error" line.
TEST_F(MpiTest, InternalErrorEndsTheJobWith70) {
  const fs::path dir = root_ / "blocked";
  fs::create_directories(dir);
  std::ofstream(dir / "seki") << "not a directory\n";
  const RunResult r = Mpirun(2, Enumerate({3, 3, 2}, dir));
  EXPECT_EQ(r.status, 70) << r.out << r.err;
  EXPECT_NE(r.err.find("internal error: "), std::string::npos) << r.err;
}

}  // namespace
