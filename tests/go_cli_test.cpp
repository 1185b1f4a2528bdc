// `seki go`: text, JSON (the fields of `seki solve --format json` plus the board), the SGF it
// writes (read back), --realise, and bad input: one line, exit 2 (3 for memory), nothing written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/go/sgf.hpp"
#include "tests/go_positions.hpp"
#include "tests/seki_process.hpp"
#include "tests/temp_dir.hpp"

namespace seki::testing {
namespace {

TEST(GoCli, DecidesTheClassicSeki) {
  const TempFile file(kClassicSeki);
  const RunResult r = RunSeki({"go", file.path()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Matrix 2 (rows: white groups, columns: black groups)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Verdict: Complete seki"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Black first: B pass, W pass -> both pass"), std::string::npos) << r.out;
}

TEST(GoCli, JsonHasTheSolveFieldsAndTheBoard) {
  const TempFile file(kThreeLiberties);
  const RunResult r = RunSeki({"go", file.path(), "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const RunResult solve = RunSeki({"solve", "--format", "json", "--moves", "3"});
  const auto s = nlohmann::json::parse(solve.out);
  for (const char* key : {"matrix", "rows", "cols", "sum", "height"}) EXPECT_EQ(j[key], s[key]);
  for (const char* g : {"seki", "dseki"})
    for (const char* key : {"R", "C", "r", "c", "class"}) EXPECT_EQ(j[g][key], s[g][key]);
  EXPECT_EQ(j["seki"]["class"], "seki");
  EXPECT_EQ(j["seki"]["moves"][0]["points"], nlohmann::json::parse(R"(["C4","D4","E4"])"));
  EXPECT_EQ(j["groups"]["white"][0]["name"], "W B5");
  EXPECT_EQ(j["groups"]["black"][0]["name"], "B C3");
  EXPECT_EQ(j["entries"][0]["liberties"].size(), 3u);
  EXPECT_EQ(j["board"]["width"], 7);
  EXPECT_TRUE(j["parting"].is_null());
  EXPECT_TRUE(j["go_lines"]["B"]["moves"].is_array());
}

TEST(GoCli, WritesTheAnalysisAsSgfAndAPage) {
  const TempFile file(kClassicSeki);
  const TempDir dir;
  const std::string sgf = (dir.path() / "out.sgf").string();
  const RunResult r =
      RunSeki({"go", file.path(), "--sgf", sgf, "--svg", (dir.path() / "b.svg").string(), "--html",
               (dir.path() / "page").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = ReadText(sgf);
  EXPECT_EQ(text.rfind("(;GM[1]FF[4]", 0), 0u);
  EXPECT_NE(text.find("LB[cc:1,1][dc:1,1]"), std::string::npos) << text;
  const go::Board back = go::ReadSgf(text, "out.sgf");  // the position read back
  const RunResult again = RunSeki({"go", sgf});
  EXPECT_EQ(again.out, r.out);
  EXPECT_EQ(back.width(), 7);
  EXPECT_NE(ReadText(dir.path() / "b.svg").find("class=\"stone black\""), std::string::npos);
  EXPECT_NE(ReadText(dir.path() / "page" / "index.html").find("Complete seki"), std::string::npos);
}

TEST(GoCli, RealisesAMatrix) {
  const TempDir dir;
  const std::string sgf = (dir.path() / "fig2.sgf").string();
  const RunResult r = RunSeki({"go", "--realise", "033/331/312", "--sgf", sgf});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Verdict: Complete seki"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("GO may differ"), std::string::npos) << r.out;
  const RunResult back = RunSeki({"go", sgf, "--format", "json"});
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_EQ(nlohmann::json::parse(back.out)["seki"]["class"], "complete");
  ExpectBadInput({"go", "--realise", "133/313/331"}, "", "not planar");
}

TEST(GoCli, BadInputIsOneLineAndWritesNothing) {
  const TempDir dir;
  const std::string out = (dir.path() / "out.sgf").string();
  const TempFile damaged("(;GM[1]SZ[9]AB[aa]"), chess("(;GM[2]SZ[8])"), eye(kBlackEye),
      seki(kClassicSeki);
  ExpectBadInput({"go", damaged.path(), "--sgf", out}, "", "SGF: unexpected end of file");
  ExpectBadInput({"go", chess.path(), "--sgf", out}, "", "is not a game of GO");
  ExpectBadInput({"go", eye.path(), "--sgf", out}, "", "an eye at D4");
  ExpectBadInput({"go", eye.path(), "--region", "B6,D5", "--sgf", out}, "",
                 "an eye at D4 of the black group B D5");
  ExpectBadInput({"go", seki.path(), "--region", "A1:A1", "--sgf", out}, "", "holds no stone");
  ExpectBadInput({"go", (dir.path() / "missing").string()}, "", "cannot be read");
  ExpectBadInput({"go"}, "", "give one position");
  EXPECT_FALSE(std::filesystem::exists(out));
  const RunResult memory =
      RunSeki({"go", "--realise", "033/331/312", "--memory-limit", "1K", "--sgf", out});
  EXPECT_EQ(memory.status, 3) << memory.err;
  EXPECT_EQ(memory.out, "");
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace seki::testing
