// The down-set solve split among ranks under mpirun (label "mpi", built when MPI is): `seki solve
// --engine downset` gives the bytes of one process and of the search, in both storage modes and
// with --moves; a killed rank resumes from the ranks' checkpoints, a damaged rank file is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "storage/rank_file.hpp"
#include "tests/mpirun.hpp"
#include "tests/seki_process.hpp"
#include "tests/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using seki::testing::Mpirun;
using seki::testing::RunResult;
using seki::testing::RunSeki;

class MpiDownsetTest : public ::testing::Test {
 protected:
  seki::testing::TempDir root_;
};

// `seki solve --engine downset` split among ranks (engine/solve/downset_share.hpp): the same bytes
// as one process and as the search, on 1, 2 and 3 ranks and 1 or 2 threads a rank. The 5x5
// patterns and the cubic seki split by a digit of 4 or 5 values (odd chunks and layers for the 4s:
// in 4 bits a matrix, ranks meet inside a byte); 2130/0312/1203/3021/1111 (mixed radices) by one
// of 4.
const std::vector<std::string> kSplitMatrices = {"33000/03300/00330/00033/30003",
                                                 "44000/04400/00440/00044/40004",
                                                 "0333/3033/3303/3330", "2130/0312/1203/3021/1111"};

std::vector<std::string> Solve(const std::vector<std::string>& matrices, const std::string& engine,
                               std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"solve", "-q", "--format", "json", "--engine", engine};
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), matrices.begin(), matrices.end());
  return args;
}

// The bytes the ranks sent in all, from the --stats line ("... sent_bytes=N").
double SentBytes(const std::string& err) {
  const std::size_t at = err.find("sent_bytes=");
  return at == std::string::npos ? -1 : std::stod(err.substr(at + 11));
}

TEST_F(MpiDownsetTest, DownsetOnRanksGivesTheSameBytes) {
  const RunResult search = RunSeki(Solve(kSplitMatrices, "search"));
  ASSERT_EQ(search.status, 0) << search.err;
  const RunResult one = RunSeki(Solve(kSplitMatrices, "downset", {"-t", "2"}));
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, search.out);
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 4) << one.out;
  for (int ranks : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    for (const char* threads : {"1", "2"}) {
      const RunResult r =
          Mpirun(ranks, Solve(kSplitMatrices, "downset", {"-t", threads, "--stats"}));
      ASSERT_EQ(r.status, 0) << r.out << r.err;
      EXPECT_EQ(r.out, one.out) << threads << " threads";                   // rank 0 alone prints
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;  // rank 0's stats
      // Each boundary carries at least one layer of every slab: 33000/... alone sends 4 slabs of
      // 4^8 bytes per boundary.
      EXPECT_GE(SentBytes(r.err), (ranks - 1) * 4.0 * 65536) << r.err;
    }
  }
}

// One byte a matrix does not fit the memory limit but 4 bits do, on every rank count (the largest
// share of 2 or 3 ranks holds 3/4 of 33000/...'s ring of 4^9, 4/5 or 3/5 of 44000/...'s of 5^8):
// one game a pass, the same bytes (the positions of --stats: two passes).
TEST_F(MpiDownsetTest, DownsetOnRanksInFourBitsGivesTheSameBytes) {
  for (const auto& [a, limit] : {std::pair{"33000/03300/00330/00033/30003", "190000"},
                                 std::pair{"44000/04400/00440/00044/40004", "1100000"}}) {
    SCOPED_TRACE(a);
    const RunResult search = RunSeki(Solve({a}, "search"));
    ASSERT_EQ(search.status, 0) << search.err;
    for (int ranks : {1, 2, 3}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks");
      const RunResult r =
          Mpirun(ranks, Solve({a}, "downset", {"-t", "2", "--stats", "--memory-limit", limit}));
      ASSERT_EQ(r.status, 0) << r.out << r.err;
      EXPECT_EQ(r.out, search.out);
      const double matrices = a[0] == '3' ? std::pow(4.0, 10) : std::pow(5.0, 10);
      EXPECT_NE(r.err.find(" positions=" + std::to_string(std::uint64_t(2 * matrices)) + " "),
                std::string::npos)
          << r.err;
    }
  }
}

// --moves: the positions of the moves and lines are passes of their own; below 2^20 matrices they
// run on every rank alone, unless SEKI_DOWNSET_SPLIT_MATRICES=0 splits every pass that has a digit
// to split (2130/0312/1203/3021's children, 33000/...'s).
TEST_F(MpiDownsetTest, DownsetOnRanksWithMovesGivesTheSameBytes) {
  const std::vector<std::string> matrices = {"033/331/312", "2130/0312/1203/3021",
                                             "33000/03300/00330/00033/30003"};
  const RunResult search = RunSeki(Solve(matrices, "search", {"--moves"}));
  ASSERT_EQ(search.status, 0) << search.err;
  for (int ranks : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    for (const std::vector<std::string>& env :
         {std::vector<std::string>{}, std::vector<std::string>{"SEKI_DOWNSET_SPLIT_MATRICES=0"}}) {
      const RunResult m =
          Mpirun(ranks, Solve(matrices, "downset", {"--moves", "-t", "1", "--stats"}), env);
      ASSERT_EQ(m.status, 0) << m.err;
      EXPECT_EQ(m.out, search.out) << env.size();
      if (ranks > 1 && !env.empty()) {
        EXPECT_GT(SentBytes(m.err), 1e6) << m.err;
      }
    }
  }
}

// Rank q's checkpoint file in the directory `ck` on `ranks` ranks, and its text.
fs::path RankCheckpointFile(const std::string& ck, int q, int ranks) {
  return seki::RankFile(fs::path(ck) / "checkpoint.json", q, ranks);
}
std::string RankHeader(const std::string& ck, int q, int ranks) {
  std::ifstream header(RankCheckpointFile(ck, q, ranks));
  return std::string((std::istreambuf_iterator<char>(header)), {});
}

// Rank 1 of 3 is killed with SIGKILL once every rank has written its 20th checkpoint (one after
// every level: 13 levels a slab); the job ends, each rank's checkpoint stays, and --resume on 3
// ranks continues from it to the same bytes (and removes the files). In 4 bits a matrix, killed in
// the second pass (D-SEKI, after 64 checkpoints of the first), the same. A damaged rank file is
// refused with one line.
TEST_F(MpiDownsetTest, DownsetKilledRankResumes) {
  const std::string a = "44000/04400/00440/00044/40004";
  const RunResult one = RunSeki(Solve({a}, "search"));
  ASSERT_EQ(one.status, 0) << one.err;
  const std::string ck = (root_.path() / "ck").string();
  for (const auto& [limit, kill, at] :
       {std::tuple{"1G", "20", "\"pass\": 0"}, std::tuple{"1100000", "80", "\"pass\": 1"}}) {
    SCOPED_TRACE(limit);
    const std::vector<std::string> every_level = {
        "-t", "1", "--checkpoint", ck, "--checkpoint-every", "0.000001m", "--memory-limit", limit};
    const RunResult killed =
        Mpirun(3, Solve({a}, "downset", every_level),
               {std::string("SEKI_KILL_AT=downset-checkpoint:") + kill + "@1"});
    EXPECT_NE(killed.status, 0) << killed.out << killed.err;
    EXPECT_EQ(killed.out, "");
    for (int q = 0; q < 3; ++q)
      EXPECT_NE(RankHeader(ck, q, 3).find(at), std::string::npos)
          << q << ": " << RankHeader(ck, q, 3);
    // 3 ranks' state is there: fewer ranks do not resume it
    const RunResult two =
        Mpirun(2, Solve({a}, "downset", {"--checkpoint", ck, "--resume", "--memory-limit", limit}));
    EXPECT_EQ(two.status, 2) << two.err;
    EXPECT_NE(two.err.find("no checkpoint to resume"), std::string::npos) << two.err;

    const RunResult resumed =
        Mpirun(3, Solve({a}, "downset", {"--checkpoint", ck, "--resume", "--memory-limit", limit}));
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(resumed.out, one.out);
    EXPECT_FALSE(fs::exists(RankCheckpointFile(ck, 1, 3)));
    EXPECT_TRUE(fs::is_empty(ck)) << "the data files too";
  }

  // Killed again; then rank 2's data file is damaged: the resume says so and stops.
  const std::vector<std::string> often = {"-t",       "1", "--checkpoint", ck, "--checkpoint-every",
                                          "0.000001m"};
  ASSERT_NE(Mpirun(3, Solve({a}, "downset", often), {"SEKI_KILL_AT=downset-checkpoint:9@2"}).status,
            0);
  for (const auto& entry : fs::directory_iterator(ck))
    if (entry.path().filename().string().ends_with(".rank-0002-of-0003.bin")) {  // its values
      std::fstream data(entry.path(), std::ios::in | std::ios::out | std::ios::binary);
      data.seekp(100);
      data.put('\x55');
    }
  const RunResult damaged = Mpirun(3, Solve({a}, "downset", {"--checkpoint", ck, "--resume"}));
  EXPECT_EQ(damaged.status, 2);
  EXPECT_EQ(damaged.out, "");
  EXPECT_NE(
      damaged.err.find("seki: " + RankCheckpointFile(ck, 2, 3).string() + ": cannot be resumed"),
      std::string::npos)
      << damaged.err;
}

}  // namespace
