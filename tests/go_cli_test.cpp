// `seki go`: text, JSON (the fields of `seki solve --format json` plus the board), the SGF it
// writes (read back), --realise, races (an eye; the walls it assumes alive), and bad input or a
// position too large to solve: one line, exit 2 (3 for memory), nothing written; `seki race`.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

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

// A race with an eye (spec section 7): the eye is listed, Black captures whoever moves first.
TEST(GoCli, DecidesARaceWithAnEye) {
  const TempFile file(kBlackEye);
  const RunResult r = RunSeki({"go", file.path()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Outside liberties and eyes (race 1 eyes :1):\n  f1 = 1 (B D5): D4\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Black captures whoever moves first"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  D4   f1      Black L  White -\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Walls:"), std::string::npos) << r.out;  // the four walls share eyes
}

// A wall that does not live unconditionally is named in the text, the JSON, the SGF comment and
// the page.
TEST(GoCli, SaysWhichWallsItAssumesAlive) {
  const TempFile file(kOpenWallRace);
  const TempDir dir;
  const std::string sgf = (dir.path() / "out.sgf").string();
  const RunResult r =
      RunSeki({"go", file.path(), "--sgf", sgf, "--html", (dir.path() / "page").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string note =
      "The verdict assumes that the wall B A8 lives: it is not unconditionally alive (Benson's "
      "algorithm), and the model needs the stones around the groups to live.";
  EXPECT_NE(r.out.find("Walls: " + note), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("race 2 outside 2:2"), std::string::npos) << r.out;
  EXPECT_NE(ReadText(sgf).find(note), std::string::npos);
  EXPECT_NE(ReadText(dir.path() / "page" / "index.html").find("<p id=\"walls\">" + note),
            std::string::npos);
  const RunResult json = RunSeki({"go", file.path(), "--format", "json"});
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["walls"]["assumed_alive"], nlohmann::json::parse(R"(["B A8"])"));
  EXPECT_EQ(j["walls"]["note"], note);
  EXPECT_EQ(j["race"], "2 outside 2:2");
  EXPECT_EQ(j["outside_and_eyes"][0]["points"], nlohmann::json::parse(R"(["A7","B7"])"));
  EXPECT_EQ(j["seki"]["moves"][1]["kind"], "row outside");
  EXPECT_EQ(j["seki"]["moves"][1]["points"], nlohmann::json::parse(R"(["A7","B7"])"));
  // Walls that live (the classic seki's four share their eyes): no note.
  const TempFile classic(kClassicSeki);
  const auto c = nlohmann::json::parse(RunSeki({"go", classic.path(), "--format", "json"}).out);
  EXPECT_TRUE(c["walls"]["note"].is_null());
  EXPECT_TRUE(c["walls"]["assumed_alive"].empty());
}

// `seki race`: a plain race prints what `seki solve` prints; a race its values and moves; bad input
// one line, exit 2; a box over --memory-limit exit 3.
TEST(RaceCli, SolvesRacesAndRefusesBadInput) {
  for (const char* matrix : {"033/331/312", "12/22"}) {
    EXPECT_EQ(RunSeki({"race", matrix, "--moves"}).out, RunSeki({"solve", matrix, "--moves"}).out);
    EXPECT_EQ(RunSeki({"race", matrix, "--format", "json"}).out,
              RunSeki({"solve", matrix, "--format", "json"}).out);
  }
  const RunResult r = RunSeki({"race", "1", "--outside", "2:1", "--eyes", "1:", "--moves"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "1 outside 2:1 eyes 1:  1x1, liberties: rows 4, columns 2");
  EXPECT_NE(r.out.find("  SEKI    R=L C=W r=L c=W  no seki\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("     1  L/W  L/W  -/W\n"), std::string::npos) << r.out;
  ExpectBadInput({"race", "11", "--outside", "1"}, "",
                 "--outside: '1' is not ROWS:COLS (one number per row, a colon, one per column; "
                 "e.g. 1,0:2)");
  ExpectBadInput({"race", "11/11", "--eyes", "1,1,1:"}, "", "--eyes: 3 numbers for the 2 rows");
  ExpectBadInput({"race", "10/00"}, "", "10/00: row 2 has no liberty");
  ExpectBadInput({"race"}, "", "race: give a matrix (or --table N)");
  const RunResult big = RunSeki({"race", "99/99", "--outside", "9,9:9,9", "--memory-limit", "1K"});
  EXPECT_EQ(big.status, 3);
  EXPECT_EQ(big.err,
            "seki: 99/99 outside 9,9:9,9: the down-set solve needs 95.4 MiB of memory, more than "
            "the memory limit of 1.0 KiB (see --memory-limit)\n");
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
  const TempFile damaged("(;GM[1]SZ[9]AB[aa]"), chess("(;GM[2]SZ[8])"), seki(kClassicSeki),
      big_eye(". X O .\n. X O .\n"), ko(". X O . .\nX O . O .\n. X O . .\n");
  ExpectBadInput({"go", damaged.path(), "--sgf", out}, "", "SGF: unexpected end of file");
  ExpectBadInput({"go", chess.path(), "--sgf", out}, "", "is not a game of GO");
  // What stays outside the model, named by point and group.
  ExpectBadInput({"go", big_eye.path(), "--region", "B2,C2", "--sgf", out}, "",
                 "an eye of 2 points (A2 A1) of the black group B B2");
  ExpectBadInput({"go", ko.path(), "--region", "B2", "--sgf", out}, "",
                 "a ko at C2: the white stone W B2 can be captured there and retaken");
  ExpectBadInput({"go", seki.path(), "--region", "A5,B6,B5,E4", "--sgf", out}, "",
                 "touching two black groups (B B6 and B A5), which could join");
  ExpectBadInput({"go", seki.path(), "--region", "A1:A1", "--sgf", out}, "", "holds no stone");
  ExpectBadInput({"go", (dir.path() / "missing").string()}, "", "cannot be read");
  // A directory (found by fuzz_gtp: it was an internal error, exit 70) and an endless file.
  ExpectBadInput({"go", dir.path().string()}, "", "is a directory, not a position file");
  ExpectBadInput({"go", "/dev/zero"}, "", "/dev/zero: larger than 16 MiB");
  ExpectBadInput({"go"}, "", "give one position");
  EXPECT_FALSE(std::filesystem::exists(out));
}

// A position too large to solve: one line, exit 2 (3 for memory), no output file written.
TEST(GoCli, TooLargeIsOneLineAndWritesNothing) {
  const TempDir dir;
  const std::filesystem::path sgf = dir.path() / "out.sgf", svg = dir.path() / "b.svg",
                              page = dir.path() / "page";
  const std::vector<std::string> outputs = {"--sgf",      sgf.string(), "--svg",
                                            svg.string(), "--html",     page.string()};
  const auto run = [&](std::vector<std::string> args, int status) {
    args.insert(args.end(), outputs.begin(), outputs.end());
    const RunResult r = RunSeki(args);
    EXPECT_EQ(r.status, status) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    for (const auto& path : {sgf, svg, page}) EXPECT_FALSE(std::filesystem::exists(path)) << path;
    return r.err;
  };
  // Nine classic seki, three rows of three: nine white and nine black groups, one more than a
  // matrix has rows.
  std::string nine, row;
  for (int band = 0; band < 3; ++band)
    for (std::istringstream rows(kClassicSeki); std::getline(rows, row);)
      if (!row.empty()) nine += row + " " + row + " " + row + "\n";
  const TempFile nine_file(nine);
  const std::string too_many =
      "seki: " + nine_file.path() + ": 9 white groups; the matrix has at most 8 rows and columns\n";
  EXPECT_EQ(run({"go", nine_file.path()}, 2), too_many);
  EXPECT_EQ(run({"go", nine_file.path(), "--format", "json"}, 2), too_many);
  // The 2-cycle C_7 needs a board over 25x25; a 9x1 matrix is more than the solver takes.
  EXPECT_EQ(run({"go", "--realise", "2200000/2020000/0202000/0020200/0002020/0000202/0000022"}, 2),
            "seki: 2200000/2020000/0202000/0020200/0002020/0000202/0000022: its board position "
            "needs 29 rows, more than 25x25\n");
  EXPECT_EQ(run({"go", "--realise", "1/1/1/1/1/1/1/1/1"}, 2),
            "seki: 1/1/1/1/1/1/1/1/1: 9 rows; at most 8 are supported\n");
  // The Fig. 2 matrix within a memory limit of 1K: exit 3.
  EXPECT_EQ(run({"go", "--realise", "033/331/312", "--memory-limit", "1K"}, 3),
            "seki: 033/331/312: cannot be decided within the memory limit of 1.0 KiB (see "
            "--memory-limit): the search ran out of it, and the down-set solve needs 1.5 KiB of "
            "memory\n");
  EXPECT_EQ(run({"go", "--realise", "033/331/312", "--memory-limit", "1K", "--format", "json"}, 3),
            "seki: 033/331/312: cannot be decided within the memory limit of 1.0 KiB (see "
            "--memory-limit): the search ran out of it, and the down-set solve needs 1.5 KiB of "
            "memory\n");
}

}  // namespace
}  // namespace seki::testing
