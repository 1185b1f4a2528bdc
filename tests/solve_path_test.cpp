// The one solve path, end to end: every command that solves (solve, show, extend, family, origin,
// play) goes through SolveEngine, so for every engine they give the same values as `seki solve`,
// and a solve that does not fit the memory limit stops each of them with the same line (exit 3).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/seki_process.hpp"

namespace {

using nlohmann::json;
using seki::testing::Lines;
using seki::testing::RunResult;
using seki::testing::RunSeki;

const std::vector<std::string> kEngines = {"auto", "search", "downset", "exhaustive"};

// A complete seki, a semi-complete seki, a seki, a first-player win and a 4x4 complete seki.
const std::vector<std::string> kMatrices = {"033/331/312", "033/403/430", "3", "13/33",
                                            "3100/1210/0112/0022"};

json OneJson(const std::vector<std::string>& args) {
  const RunResult r = RunSeki(args);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(Lines(r.out).size(), 1u) << r.out;
  return json::parse(Lines(r.out).front());
}

// The games' values as `seki solve --format json` writes them ({"R","C","r","c","class"}).
json Games(const json& j) { return json{{"seki", j.at("seki")}, {"dseki", j.at("dseki")}}; }

TEST(OneSolvePath, ShowAndSolveAgreeForEveryEngine) {
  for (const std::string& m : kMatrices) {
    const json want = Games(OneJson({"solve", "--format", "json", m}));
    for (const std::string& e : kEngines) {
      EXPECT_EQ(Games(OneJson({"solve", "--format", "json", "--engine", e, m})), want) << m << e;
      EXPECT_EQ(Games(OneJson({"show", "--format", "json", "--engine", e, m})), want) << m << e;
    }
  }
}

TEST(OneSolvePath, FamilyOriginAndExtendAgreeWithSolve) {
  const json a4 = Games(OneJson({"solve", "--format", "json", "3100/1210/0112/0022"}));
  const json fig2 = OneJson({"solve", "--format", "json", "033/331/312"});
  const json e1 = Games(OneJson({"solve", "--format", "json", "3010/1023/0331/0312"}));
  for (const std::string& e : kEngines) {
    EXPECT_EQ(Games(OneJson({"family", "A", "--n", "4", "--format", "json", "--engine", e})), a4)
        << e;
    const json origin = OneJson({"origin", "--format", "json", "--engine", e, "033/331/312"});
    EXPECT_EQ(origin.at("class"), (json{{"seki", fig2.at("seki").at("class")},
                                        {"dseki", fig2.at("dseki").at("class")}}))
        << e;
    const json extend =
        OneJson({"extend", "033/331/312", "--at", "1,2", "--format", "json", "--engine", e});
    const json& first = extend.at("extensions").at(0);
    EXPECT_EQ(first.at("matrix"), "3010/1023/0331/0312");
    EXPECT_EQ(Games(first), e1) << e;
  }
}

TEST(OneSolvePath, PlayIsTheSameGameForEveryEngine) {
  const std::string script = "hint\n1,2\nhint\npass\n";
  const RunResult want = RunSeki({"play", "033/403/430"}, script);
  ASSERT_EQ(want.status, 0) << want.err;
  for (const std::string& e : kEngines) {
    const RunResult r = RunSeki({"play", "033/403/430", "--engine", e}, script);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, want.out) << e;
  }
}

// The 8x8 2-cycle pattern cannot be decided by the search or the memo solver in 100 KiB and its
// down-set does not fit either: every command says so in the words of `seki solve`, exit 3,
// nothing on stdout.
TEST(OneSolvePath, MemoryLimitStopsEveryCommandAlike) {
  const std::string eight =
      "22100000/02210000/00221000/00022100/00002210/00000221/10000022/21000002";
  const std::string line = "seki: " + eight +
                           ": cannot be decided within the memory limit of 100.0 KiB (see "
                           "--memory-limit)";
  for (const std::string& engine : {"auto", "exhaustive"}) {
    // The memo solver says only that; the search adds what the down-set would need.
    const std::string said =
        RunSeki({"solve", "--engine", engine, "--memory-limit", "100K", eight}).err;
    EXPECT_EQ(said.rfind(line, 0), 0u) << said;
    EXPECT_EQ(said == line + "\n", engine == "exhaustive") << said;
    for (const std::string& command : {"solve", "show", "origin"}) {
      const RunResult r = RunSeki({command, "--engine", engine, "--memory-limit", "100K", eight});
      EXPECT_EQ(r.status, 3) << command << engine << r.err;
      EXPECT_EQ(r.out, "") << command << engine;
      EXPECT_EQ(r.err, said) << command << engine;
    }
  }
  const RunResult downset =
      RunSeki({"show", "--engine", "downset", "--memory-limit", "100K", eight});
  EXPECT_EQ(downset.status, 3) << downset.err;
  EXPECT_EQ(downset.err,
            RunSeki({"solve", "--engine", "downset", "--memory-limit", "100K", eight}).err);
}

}  // namespace
