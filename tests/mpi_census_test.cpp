// `seki census --below A` under mpirun (label "mpi", built when MPI is): the pass split among 2 and
// 3 ranks (SEKI_DOWNSET_SPLIT_MATRICES=0 splits every pass), each rank taking its own chunks and
// rank 0 merging the ranks' censuses, prints the census of one process (the JSON document but for
// the command that made it).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/mpirun.hpp"
#include "tests/seki_process.hpp"

namespace {

using seki::testing::Mpirun;
using seki::testing::RunResult;
using seki::testing::RunSeki;

nlohmann::json Census(const RunResult& r) {
  nlohmann::json j = nlohmann::json::parse(r.out);
  j["census"].erase("source");
  return j;
}

TEST(MpiCensus, RanksGiveTheCensusOfOneProcess) {
  const std::vector<std::string> args = {
      "census", "--below", "2222/2222/2222/2222", "-t", "1", "--format", "json", "-q"};
  const RunResult one = RunSeki(args);
  ASSERT_EQ(one.status, 0) << one.err;
  const nlohmann::json want = Census(one);
  EXPECT_GT(want["classes"].size(), 10u);
  for (int ranks : {2, 3}) {
    SCOPED_TRACE(ranks);
    const RunResult m = Mpirun(ranks, args, {"SEKI_DOWNSET_SPLIT_MATRICES=0"});
    ASSERT_EQ(m.status, 0) << m.err;
    EXPECT_EQ(Census(m), want);
  }
}

}  // namespace
