// End-to-end checks of `seki check`: the report and summary line on small regions, the JSON
// file, listed findings with lines of play, and bad input (exit 2, one line on stderr, nothing on
// stdout).
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
using seki::testing::TempFile;

void ExpectBadInput(const std::vector<std::string>& args, const std::string& expected_err) {
  seki::testing::ExpectBadInput(args, "", expected_err);
}

void ExpectContains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "missing: " << part << "\n" << text;
}

TEST(CheckCommand, Conjecture61ThreeByThree) {
  const RunResult r = RunSeki({"check", "6.1", "--shapes", "3x3", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  ExpectContains(r.out, "3x3, entries <= 2, sum <= 18\n");
  ExpectContains(r.out, "classes examined: 581 with no zero line, of 738 classes in all");
  ExpectContains(r.out, "  no counterexample\n");
  const auto lines = Lines(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back().rfind("check conjecture=6.1 shapes=3x3 max_entry=2 max_sum=none "
                               "classes=738 examined=581 findings=0 result=no-counterexample ",
                               0),
            0u)
      << lines.back();
}

TEST(CheckCommand, Conjecture63GridAndJson) {
  TempFile out;
  const RunResult r = RunSeki({"check", "6.3", "--max-rows", "2", "--max-cols", "3", "--max-entry",
                               "3", "--quiet", "--json", out.path()});
  ASSERT_EQ(r.status, 0) << r.err;
  // 1x2, 1x3, 2x3 (2x1 is the transpose of 1x2, in the grid).
  ExpectContains(Lines(r.out).back(), "shapes=1x2,1x3,2x3 ");
  ExpectContains(Lines(r.out).back(), " seki=0 dseki=");
  const json j = json::parse(out.Read());
  EXPECT_EQ(j["conjecture"], "6.3");
  EXPECT_EQ(j["result"], "no-counterexample");
  EXPECT_EQ(j["region"]["max_entry"], 3);
  EXPECT_TRUE(j["region"]["max_sum"].is_null());
  ASSERT_EQ(j["shapes"].size(), 3u);
  const json& s = j["shapes"][2];
  EXPECT_EQ(s["rows"], 2);
  EXPECT_EQ(s["cols"], 3);
  EXPECT_EQ(s["classes"], 430);
  EXPECT_EQ(s["burnside_classes"], 430);
  EXPECT_EQ(s["examined"], 344);
  EXPECT_EQ(s["class_counts"]["seki"]["seki"], 0);
  EXPECT_EQ(s["findings"].size(), 0u);
  EXPECT_TRUE(j["tool"].contains("version"));
  ExpectContains(j["command"].get<std::string>(), "check 6.3 --max-rows 2");
}

TEST(CheckCommand, Conjecture62ListedHeights) {
  TempFile out;
  const RunResult r = RunSeki({"check", "6.2", "--shapes", "3x3", "--max-entry", "3",
                               "--min-height", "3", "--quiet", "--json", out.path()});
  ASSERT_EQ(r.status, 0) << r.err;  // listed heights <= 3 are not findings
  ExpectContains(r.out,
                 "complete seki by height: height 1: 2, height 2: 11, height 3: 7; "
                 "largest height: 3\n");
  ExpectContains(r.out, "  no complete seki of height >= 4: no counterexample\n");
  ExpectContains(r.out, "  LISTED 7 of 7: ");
  ExpectContains(r.out, "    SEKI   R=D C=D r=L c=L  complete seki\n");
  ExpectContains(r.out, "    SEKI, R first: R pass C pass -> draw: two passes\n");
  ExpectContains(r.out, "    SEKI, C first: C pass R pass -> draw: two passes\n");
  ExpectContains(Lines(r.out).back(),
                 "largest_height=3x3:3 min_height=3 listed=7 findings=0 "
                 "result=no-counterexample");
  const json j = json::parse(out.Read());
  ASSERT_EQ(j["shapes"][0]["findings"].size(), 7u);
  const json& f = j["shapes"][0]["findings"][0];
  EXPECT_EQ(f["kind"], "listed");
  EXPECT_EQ(f["seki"]["class"], "complete seki");
  EXPECT_EQ(f["lines"]["game"], "SEKI");
  EXPECT_EQ(f["lines"]["R"]["ending"], "draw: two passes");
  EXPECT_EQ(f["lines"]["C"]["steps"][0]["player"], "C");
  EXPECT_EQ(j["shapes"][0]["largest_complete_seki_height"], 3);
  EXPECT_EQ(j["totals"]["listed"], 7);
}

TEST(CheckCommand, BadInput) {
  ExpectBadInput({"check", "6.4", "--shapes", "3x3", "--max-entry", "2"}, "unknown conjecture");
  ExpectBadInput({"check", "6.2", "--shapes", "3x3"}, "no bound");
  ExpectBadInput({"check", "6.2", "--max-entry", "2"}, "no region");
  ExpectBadInput({"check", "6.2", "--shapes", "3by3", "--max-entry", "2"}, "'3by3'");
  ExpectBadInput({"check", "6.2", "--shapes", "9x3", "--max-entry", "2"}, "'9x3'");
  ExpectBadInput({"check", "6.3", "--shapes", "3x3", "--max-entry", "2"}, "m != n");
  ExpectBadInput({"check", "6.1", "--shapes", "3x3", "--max-entry", "3"}, "(0,1,2)");
  ExpectBadInput({"check", "6.1", "--shapes", "3x3", "--min-height", "3"}, "only for");
  // A shape late in the list that does not fit the memory limit is refused before any search
  // (exit 3, as every refusal for memory).
  const RunResult late =
      RunSeki({"check", "6.9", "--shapes", "2x2,7x7", "--max-entry", "2", "--memory-limit", "8G"});
  EXPECT_EQ(late.status, 3) << late.err;
  EXPECT_EQ(late.out, "");
  EXPECT_NE(late.err.find("--memory-limit: shape 7x7"), std::string::npos) << late.err;
  ExpectBadInput({"check", "6.2", "--shapes", "3x3", "--max-entry", "0"}, "--max-entry");
  ExpectBadInput(
      {"check", "6.2", "--shapes", "3x3", "--max-entry", "2", "--json", "/nonexistent/dir/x.json"},
      "cannot write");
}

}  // namespace
