// End-to-end checks of `seki play`: scripted standard input gives the same transcript on every run,
// with each command echoed, the moves, what each side can force and the result; illegal input gets
// one line and the prompt again; bad matrices and options exit 2.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/seki_process.hpp"

namespace {

using seki::testing::ExpectBadInput;
using seki::testing::RunResult;
using seki::testing::RunSeki;

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Runs `seki play` twice with the same script; expects exit 0, nothing on stderr and the same
// transcript both times, and returns it.
std::string Transcript(const std::vector<std::string>& args, const std::string& script) {
  std::vector<std::string> full = {"play"};
  full.insert(full.end(), args.begin(), args.end());
  const RunResult first = RunSeki(full, script), second = RunSeki(full, script);
  EXPECT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(first.err, "");
  EXPECT_EQ(first.out, second.out);
  return first.out;
}

TEST(CliPlay, Fig2BothPassIsADraw) {
  const std::string out = Transcript({"033/331/312"}, "pass\n");
  EXPECT_TRUE(Has(out, "SEKI on 033/331/312 (3x3). You play R (rows), the engine plays C")) << out;
  EXPECT_TRUE(Has(out, "SEKI values: R=D C=D r=L c=L (complete seki).")) << out;
  EXPECT_TRUE(Has(out,
                  "R to move: a draw with best play (every move of R loses; a pass leads to "
                  "a draw).\nR> pass\nR (you) passes\n"))
      << out;
  EXPECT_TRUE(Has(out, "C (engine) passes\nGame over: draw: two passes. A draw.\n")) << out;
}

TEST(CliPlay, IllegalInputAndHint) {
  const std::string out = Transcript({"033/331/312"}, "9,9\nfoo\n1,1\nhint\nquit\n");
  EXPECT_TRUE(Has(out, "R> 9,9\n9,9: no entry (9,9) in a 3x3 matrix\nR> foo\n")) << out;
  EXPECT_TRUE(Has(out,
                  "R> foo\nfoo: not a move: expected I,J (row and column, from 1) or pass\n"
                  "R> 1,1\n1,1: entry (1,1) is 0: only a positive entry can be lowered\n"
                  "R> hint\n"))
      << out;
  EXPECT_TRUE(Has(out,
                  "R> hint\nResult for R of each choice (W win, D draw, L loss):\n"
                  "  1,2 L  1,3 L\n  2,1 L  2,2 L  2,3 L\n  3,1 L  3,2 L  3,3 L\n  pass D\n"
                  "R> quit\nYou quit"))
      << out;
}

// A losing first move in a semi-complete seki: the engine (C) then wins whatever R does.
TEST(CliPlay, SemiCompleteSekiEngineWins) {
  std::string script = "1,2\n";
  for (int k = 0; k < 40; ++k) script += "pass\n";
  const std::string out = Transcript({"033/403/430"}, script);
  EXPECT_TRUE(Has(out, "SEKI values: R=D C=D r=L c=D (semi-complete seki).")) << out;
  EXPECT_TRUE(Has(out,
                  "R> 1,2\nR (you) lowers (1,2) -> 023/403/430\nC to move: C can force a "
                  "win"))
      << out;
  EXPECT_TRUE(Has(out, "C (engine) lowers")) << out;
  EXPECT_TRUE(Has(out, "Game over: C wins: column ")) << out;
  EXPECT_TRUE(Has(out, "The engine (C) wins.\n")) << out;
}

// The user plays C in D-SEKI, C first; the engine (R) answers a pass with a pass.
TEST(CliPlay, AsCInDSeki) {
  const std::string out =
      Transcript({"033/403/430", "--game", "dseki", "--first", "c", "--as", "C"}, "hint\npass\n");
  EXPECT_TRUE(Has(out,
                  "D-SEKI on 033/403/430 (3x3). You play C (columns), the engine plays R; C "
                  "moves first."))
      << out;
  EXPECT_TRUE(Has(out, "C> hint\nResult for C of each choice")) << out;
  EXPECT_TRUE(Has(out, "R to move (C passed): ")) << out;
  EXPECT_TRUE(Has(out, "Game over: draw: two passes. A draw.\n")) << out;
}

TEST(CliPlay, EngineMovesFirst) {
  const std::string out = Transcript({"12", "--as", "R", "--first", "C"}, "");
  EXPECT_TRUE(Has(out,
                  "C (engine) lowers (1,1) -> 02\nGame over: C wins: column 1 is zero. The "
                  "engine (C) wins.\n"))
      << out;
}

TEST(CliPlay, EndOfInputEndsCleanly) {
  const std::string out = Transcript({"033/331/312"}, "1,2\n");
  EXPECT_TRUE(Has(out, "R (you) lowers (1,2) -> 023/331/312\n")) << out;
  EXPECT_TRUE(Has(out, "\nEnd of input: the game is left unfinished.\n")) << out;
}

TEST(CliPlay, BadMatrixOrOption) {
  ExpectBadInput({"play", "000/111"}, "", "000/111: row 1 is zero");
  ExpectBadInput({"play", "0x3"}, "", "0x3");
  ExpectBadInput({"play", "-"}, "1,1\n", "give the matrix as argument");
  ExpectBadInput({"play", "033/331/312", "--game", "go"}, "", "--game");
  ExpectBadInput({"play", "033/331/312", "--as", "X"}, "", "--as");
  ExpectBadInput({"play"}, "", "matrix");
}

TEST(CliPlay, Help) {
  const RunResult r = RunSeki({"play", "--help"});
  EXPECT_EQ(r.status, 0);
  for (const char* part : {"--game", "--first", "--as", "hint", "quit", "pass"})
    EXPECT_TRUE(Has(r.out, part)) << part;
}

}  // namespace
