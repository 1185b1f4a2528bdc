// End-to-end checks of `seki show`, `seki extend` and `seki family`: text and JSON output, and
// that bad input gives exit status 2 with one line on stderr and nothing on stdout.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/seki_process.hpp"

namespace {

using nlohmann::json;
using seki::testing::Lines;
using seki::testing::RunResult;
using seki::testing::RunSeki;
using seki::testing::TempFile;

void ExpectBadInput(const std::vector<std::string>& args, const std::string& expected_err) {
  seki::testing::ExpectBadInput(args, "", expected_err);
}

TEST(ShowCommand, TextFields) {
  const RunResult r = RunSeki({"show", "033/331/312", "210/120/003"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* expected :
       {"3x3, sum 19, height 3", "IDSM       no (row sums 6,7,6; column sums 6,7,6)",
        "symmetric  yes", "planar     yes", "SEKI       R=D C=D r=L c=L  complete seki",
        "D-SEKI     R=D C=D r=D c=D  d-seki", "IDSM       yes, line sum 3",
        "prime      no, direct sum of 2 prime blocks: 21/12 + 3"})
    EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\n" << r.out;
}

TEST(ShowCommand, Json) {
  const RunResult r = RunSeki({"show", "--format", "json", "-"}, "033/403/430\n111/111/111\n");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  std::vector<json> objects;
  while (std::getline(lines, line)) objects.push_back(json::parse(line));
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(objects[0]["matrix"], "033/403/430");
  EXPECT_EQ(objects[0]["transpose"], "044/303/330");
  EXPECT_EQ(objects[0]["symmetric"], false);
  EXPECT_EQ(objects[0]["planar"], true);
  EXPECT_EQ(objects[0]["idsm"], false);
  EXPECT_EQ(objects[0]["seki"]["class"], "semi-complete");
  EXPECT_EQ(objects[0]["seki"]["r"], "L");
  EXPECT_EQ(objects[1]["planar"], false);  // K3,3
  EXPECT_EQ(objects[1]["idsm"], true);
  EXPECT_EQ(objects[1]["line_sum"], 3);
  EXPECT_EQ(objects[1]["dseki"]["class"], "complete");  // Prop. 3.2
}

TEST(ExtendCommand, AllEntriesOfA7) {
  const RunResult r = RunSeki({"extend", "033/331/312", "--all", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["kind"], "E1");
  ASSERT_EQ(j["extensions"].size(), 8u);  // the positive entries
  std::map<std::string, std::string> cls;
  for (const json& e : j["extensions"])
    cls[std::to_string(e["at"][0].get<int>()) + "," + std::to_string(e["at"][1].get<int>())] =
        e["seki"]["class"];
  EXPECT_EQ(cls["2,2"], "complete");
  EXPECT_EQ(cls["1,2"], "semi-complete");
  EXPECT_EQ(cls["1,3"], "none");
}

TEST(ExtendCommand, OneEntryAndUndefinedOnes) {
  const RunResult r = RunSeki({"extend", "033/331/312", "--at", "1,2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("at (1,2): 3010/1023/0331/0312"), std::string::npos) << r.out;
  const RunResult all = RunSeki({"extend", "033/331/312", "--all", "--kind", "e2"});
  ASSERT_EQ(all.status, 0) << all.err;
  EXPECT_NE(all.out.find("at (2,3): undefined: A(2,3) = 1 is below 2"), std::string::npos)
      << all.out;
}

TEST(FamilyCommand, Members) {
  RunResult r = RunSeki({"family", "A", "--n", "4"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("A^4 = 3100/1210/0112/0022"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("complete seki"), std::string::npos) << r.out;
  r = RunSeki({"family", "B", "--n", "2", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["matrix"], "32/23");
  EXPECT_EQ(j["seki"]["class"], "seki");  // B^2 is a seki, not complete
  r = RunSeki({"family", "C", "--n", "5", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["dseki"]["class"], "complete");
  // A sweep: one row a member, the same values as seki solve, its rows also in --output (a
  // sweep's checkpoint: tests/checkpoint_test.cpp).
  const TempFile rows("");
  r = RunSeki({"family", "cycle", "--n", "4", "--from", "3", "--to", "5", "--output", rows.path(),
               "--format", "json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(Lines(r.out).size(), 3u) << r.out;
  EXPECT_NE(r.out.find("\"matrix\":\"4400/0440/0044/4004\",\"seki\":{\"R\":\"D\",\"C\":\"D\","
                       "\"r\":\"L\",\"c\":\"L\",\"class\":\"complete\"}"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(rows.Read(), r.out);
  ExpectBadInput({"family", "cycle", "--n", "4", "--from", "3", "--to", "3", "--output",
                  "/nonexistent-dir/rows.jsonl"},
                 "cannot write");
  r = RunSeki({"family", "B", "--n", "8", "--no-solve"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("B^8 = "), std::string::npos) << r.out;
}

TEST(MatrixToolsCli, BadInput) {
  ExpectBadInput({"show"}, "no matrices given");
  ExpectBadInput({"show", "12/3"}, "12/3: row 2");
  ExpectBadInput({"show", "000/111"}, "row 1 is zero");
  ExpectBadInput({"extend", "033/331/312"}, "exactly one of --at I,J and --all");
  ExpectBadInput({"extend", "033/331/312", "--at", "1,2", "--all"}, "exactly one of");
  ExpectBadInput({"extend", "033/331/312", "--at", "1,1"}, "A(1,1) = 0");
  ExpectBadInput({"extend", "033/331/312", "--at", "2,3", "--kind", "E2"},
                 "E2 at (2,3) is undefined");
  ExpectBadInput({"extend", "033/331/312", "--at", "4,1"}, "outside the 3x3 matrix");
  ExpectBadInput({"extend", "033/331/312", "--at", "x"}, "is not I,J");
  ExpectBadInput({"extend", "033/331/312", "--at", "1,2", "--kind", "E3"}, "not E1 or E2");
  ExpectBadInput({"extend", "11111111/11111111", "--all"}, "at most 8");
  ExpectBadInput({"family", "D", "--n", "3"},
                 "is not one of A, B, C, cycle, alternating, opposite, cubic");
  ExpectBadInput({"family", "cycle", "--n", "4"}, "give a range --from P --to Q");
  ExpectBadInput({"family", "cycle", "--n", "9", "--from", "2", "--to", "3"}, "2..8");
  ExpectBadInput({"family", "A", "--n", "9"}, "2..8");
  ExpectBadInput({"family", "C", "--n", "2"}, "3..8");
  ExpectBadInput({"family", "A"}, "--n is required");
  ExpectBadInput({"reproduce", "--threads", "-1"}, "--threads");
  // An output that is a directory is refused before the work, not after it.
  ExpectBadInput({"reproduce", "--quick", "--json", "/tmp"}, "/tmp: cannot write: is a directory");
}

}  // namespace
