// End-to-end checks of the `seki` binary: JSON and text output, stdin and file input, and that
// every kind of bad input gives exit status 2, one line on stderr and nothing on stdout.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/seki_process.hpp"

extern char** environ;

namespace {

using nlohmann::json;
using seki::testing::ExpectBadInput;
using seki::testing::Lines;
using seki::testing::RunResult;
using seki::testing::RunSeki;
using seki::testing::TempFile;

std::vector<json> JsonLines(const RunResult& r) {
  std::vector<json> objects;
  for (const std::string& line : Lines(r.out)) objects.push_back(json::parse(line));
  return objects;
}

TEST(CliSolve, JsonFor033_303_330) {
  const RunResult r = RunSeki({"solve", "--format", "json", "033/303/330"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::vector<json> objects = JsonLines(r);
  ASSERT_EQ(objects.size(), 1u);
  const json expected = json::parse(R"({"matrix":"033/303/330","rows":3,"cols":3,"sum":18,
      "height":3,"seki":{"R":"D","C":"D","r":"L","c":"L","class":"complete"},
      "dseki":{"R":"D","C":"D","r":"D","c":"D","class":"seki"}})");
  EXPECT_EQ(objects[0], expected);
  EXPECT_EQ(Lines(r.out)[0].rfind(R"({"matrix":"033/303/330","rows":3,)", 0), 0u)
      << "keys keep their order";
}

TEST(CliSolve, TwoByTwoCompleteSeki) {
  const RunResult r = RunSeki({"solve", "--format=json", "11/11", "20/02", "21/12", "22/22"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<json> objects = JsonLines(r);
  ASSERT_EQ(objects.size(), 4u);
  const char* names[] = {"11/11", "20/02", "21/12", "22/22"};
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(objects[k]["matrix"], names[k]);
    EXPECT_EQ(objects[k]["seki"]["class"], "complete") << names[k];
    // Spec section 4: of these only 11/11 is a complete d-seki.
    EXPECT_EQ(objects[k]["dseki"]["class"] == "complete", k == 0) << names[k];
  }
}

TEST(CliSolve, MatrixIsNormalisedNotCanonical) {
  const RunResult r = RunSeki({"solve", "--format", "json", " 3,3,0/3,0,3/0,3,3 "});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(JsonLines(r).at(0)["matrix"], "330/303/033");
}

TEST(CliSolve, Text) {
  const RunResult ok = RunSeki({"solve", "033/303/330", "033/403/430"});
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.err, "");
  EXPECT_NE(ok.out.find("033/303/330  3x3, sum 18, height 3"), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("R=D C=D r=L c=L  complete seki"), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("R=D C=D r=D c=D  d-seki"), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("semi-complete seki"), std::string::npos) << "033/403/430: " << ok.out;
}

TEST(CliSolve, MovesAndLines) {
  const RunResult r = RunSeki({"solve", "--format", "json", "--moves", "033/331/312"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = JsonLines(r).at(0);
  for (const char* game : {"seki", "dseki"}) {
    SCOPED_TRACE(game);
    const json& g = j[game];
    ASSERT_EQ(g["moves"].size(), 8u);  // the positive entries of 033/331/312
    EXPECT_EQ(g["moves"][0]["row"], 1);
    EXPECT_EQ(g["moves"][0]["col"], 2);
    for (const char* first : {"R", "C"}) {
      const json& line = g["lines"][first];
      EXPECT_EQ(line["result"], g[first]);
      ASSERT_FALSE(line["steps"].empty());
      EXPECT_EQ(line["steps"][0]["player"], first);
      EXPECT_FALSE(line["ending"].get<std::string>().empty());
    }
  }
  // 033/331/312 is a complete seki: both players pass at once.
  EXPECT_EQ(j["seki"]["lines"]["R"]["steps"].size(), 2u);
  EXPECT_EQ(j["seki"]["lines"]["R"]["steps"][0]["pass"], true);

  const RunResult text = RunSeki({"solve", "--moves", "033/331/312"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("R first: R pass C pass -> draw: two passes"), std::string::npos)
      << text.out;
}

// `seki solve` of a few matrices (a seki, complete seki, a 6-column one) in a format, with moves or
// not.
std::vector<std::string> SolveArgs(const char* format, bool moves) {
  std::vector<std::string> args = {"solve",       "--format",    format,
                                   "033/331/312", "033/403/430", "0044/0404/4040/4400",
                                   "12/22",       "111/233",     "210211/011112/110000"};
  if (moves) args.push_back("--moves");
  return args;
}

// The search engine (the default) and --exhaustive print the same bytes, with and without moves.
TEST(CliSolve, ExhaustiveGivesTheSameOutput) {
  for (const char* format : {"text", "json"})
    for (const bool moves : {false, true}) {
      std::vector<std::string> args = SolveArgs(format, moves);
      const RunResult bounded = RunSeki(args);
      args.push_back("--exhaustive");
      const RunResult exhaustive = RunSeki(args);
      ASSERT_EQ(bounded.status, 0) << bounded.err;
      ASSERT_EQ(exhaustive.status, 0) << exhaustive.err;
      EXPECT_EQ(bounded.out, exhaustive.out) << format << (moves ? " --moves" : "");
    }
}

// Every --engine prints the same bytes, with and without moves, at 1 and 2 threads.
TEST(CliSolve, EnginesGiveTheSameOutput) {
  for (const char* format : {"text", "json"})
    for (const bool moves : {false, true}) {
      std::vector<std::string> args = SolveArgs(format, moves);
      const RunResult want = RunSeki(args);
      ASSERT_EQ(want.status, 0) << want.err;
      for (const char* engine : {"search", "downset", "exhaustive"})
        for (const char* threads : {"1", "2"}) {
          std::vector<std::string> with = args;
          with.insert(with.end(), {"--engine", engine, "--threads", threads});
          const RunResult r = RunSeki(with);
          ASSERT_EQ(r.status, 0) << r.err;
          EXPECT_EQ(r.out, want.out) << engine << ' ' << format << (moves ? " --moves" : "");
        }
    }
  ExpectBadInput({"solve", "--engine", "magic", "11/11"});
  ExpectBadInput({"solve", "--engine", "search", "--exhaustive", "11/11"}, "",
                 "seki: --exhaustive: conflicts with --engine search\n");
  ExpectBadInput({"solve", "--resume", "11/11"}, "",
                 "seki: --resume: needs --checkpoint DIR or --scratch DIR\n");
}

// A down-set that does not fit the memory limit is refused before anything is solved: one line
// naming the memory it needs and what its ring on disk would need, exit 3.
TEST(CliSolve, DownsetThatDoesNotFitIsRefused) {
  const RunResult r = RunSeki(
      {"solve", "--engine", "downset", "--memory-limit", "1G", "11/11", "2222/2222/2222/2222"});
  EXPECT_EQ(r.status, 0) << r.err;
  const RunResult refused = RunSeki(
      {"solve", "--engine", "downset", "--memory-limit", "1M", "11/11", "2222/2222/2222/2222"});
  EXPECT_EQ(refused.status, 3);
  EXPECT_EQ(refused.out, "");
  EXPECT_EQ(refused.err,
            "seki: 2222/2222/2222/2222: the down-set solve needs 6.9 MiB of memory, more than "
            "the memory limit of 1.0 MiB (see --memory-limit); its ring on disk (--scratch DIR) "
            "would still need 4.6 MiB of memory\n");
  // Where the ring on disk fits the limit, the refusal names it (issue 59): the way out.
  const RunResult way_out = RunSeki({"solve", "--engine", "downset", "--memory-limit", "500M",
                                     "660000/066000/006600/000660/000066/600006"});
  EXPECT_EQ(way_out.status, 3);
  EXPECT_EQ(way_out.err,
            "seki: 660000/066000/006600/000660/000066/600006: the down-set solve needs 942.9 MiB "
            "of memory, more than the memory limit of 500.0 MiB (see --memory-limit); its ring on "
            "disk fits: --scratch DIR with 1.18 GiB free, 404.1 MiB of memory (seki plan --matrix "
            "gives the time)\n");
  // A matrix with symmetries: the pass by orbits is named with what it needs; where the search
  // of `auto` runs out of memory, the refusal says so and names the down-set's ways out.
  const std::string abb = "2,4,0,0,0,0/0,4,2,0,0,0/0,0,4,4,0,0/0,0,0,2,4,0/0,0,0,0,4,2/4,0,0,0,0,4";
  const std::string ways =
      "the down-set solve needs 3.0 MiB of memory; by orbits of its 8 symmetries it needs 1.5 MiB "
      "one game a pass (one process, without --scratch or --plain-pass); its ring on disk "
      "(--scratch DIR) would still need 1.2 MiB of memory\n";
  const RunResult searched = RunSeki({"solve", "--memory-limit", "1M", abb});
  EXPECT_EQ(searched.status, 3);
  EXPECT_EQ(searched.err, "seki: " + abb +
                              ": cannot be decided within the memory limit of 1.0 MiB (see "
                              "--memory-limit): the search ran out of it, and " +
                              ways);
  const RunResult downset = RunSeki({"solve", "--engine", "downset", "--memory-limit", "1M", abb});
  EXPECT_EQ(downset.status, 3);
  std::string more = ways;
  more.insert(more.find(';'), ", more than the memory limit of 1.0 MiB (see --memory-limit)");
  EXPECT_EQ(downset.err, "seki: " + abb + ": " + more);
  for (const char* engine : {"auto", "downset"}) {  // by orbits within 2.5 MiB
    const RunResult fits =
        RunSeki({"solve", "--engine", engine, "--memory-limit", "2500K", "--format", "json", abb});
    EXPECT_EQ(fits.status, 0) << fits.err;
  }
}

// Where one byte a matrix does not fit the memory limit but half a byte does (0033/...: a ring of
// 4^7 matrices, 16 KiB at one byte, 8 KiB at 4 bits), the down-set solves one game a pass and
// prints the same bytes as the search, moves and optimal lines included.
TEST(CliSolve, DownsetInHalfTheMemoryGivesTheSameOutput) {
  for (const char* format : {"text", "json"}) {
    const std::vector<std::string> args = {
        "solve", "--format", format, "--moves", "11/11", "0033/0330/3300/3003", "033/331/312"};
    const RunResult want = RunSeki(args);
    ASSERT_EQ(want.status, 0) << want.err;
    std::vector<std::string> half = args;
    half.insert(half.end(), {"--engine", "downset", "--memory-limit", "12K"});
    const RunResult r = RunSeki(half);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, want.out) << format;
    half.back() = "8K";
    EXPECT_EQ(RunSeki(half).status, 3) << "refused below half a byte a matrix";
  }
}

// The pass by orbits of the matrix's symmetries (the weighted 12-cycle (1,2,2) has 8) prints what
// the plain pass prints, for a solve and for the census below it.
TEST(CliSolve, ThePassByOrbitsPrintsWhatThePlainPassPrints) {
  const std::string a = "120000/021000/002200/000120/000021/200002";
  for (std::vector<std::string> args :
       {std::vector<std::string>{"solve", "--engine", "downset"}, {"census", "--below"}}) {
    args.insert(args.end(), {a, "--format", "json", "-q"});
    const RunResult orbits = RunSeki(args);
    ASSERT_EQ(orbits.status, 0) << orbits.err;
    args.push_back("--plain-pass");
    const RunResult plain = RunSeki(args);
    ASSERT_EQ(plain.status, 0) << plain.err;
    if (args[0] == "solve") {
      EXPECT_EQ(orbits.out, plain.out);
      continue;
    }
    json x = json::parse(orbits.out), y = json::parse(plain.out);  // but for the command line
    x["census"].erase("source");
    y["census"].erase("source");
    EXPECT_EQ(x, y);
    EXPECT_EQ(x["census"]["classes"], 1);
  }
}

TEST(CliSolve, ReadsStandardInput) {
  const RunResult r =
      RunSeki({"solve", "--format", "json", "-"}, "# 2x2 complete seki\n\n11/11\r\n  22/22  \n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<json> objects = JsonLines(r);
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(objects[0]["matrix"], "11/11");
  EXPECT_EQ(objects[1]["matrix"], "22/22");
}

TEST(CliSolve, ReadsFileAfterArguments) {
  const TempFile file("20/02\n# comment\n21/12\n");
  const RunResult r = RunSeki({"solve", "--format", "json", "11/11", "--input", file.path()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<json> objects = JsonLines(r);
  ASSERT_EQ(objects.size(), 3u);
  EXPECT_EQ(objects[0]["matrix"], "11/11");
  EXPECT_EQ(objects[1]["matrix"], "20/02");
  EXPECT_EQ(objects[2]["matrix"], "21/12");
}

TEST(CliSolve, BadMatrices) {
  ExpectBadInput({"solve", "033/000/330"}, "", "seki: 033/000/330: row 2 is zero\n");
  ExpectBadInput({"solve", "10/10"}, "", "seki: 10/10: column 2 is zero\n");
  ExpectBadInput({"solve", "03x/303/330"}, "",
                 "seki: 03x/303/330: row 1, column 3: 'x' is not a digit\n");
  ExpectBadInput({"solve", "033/30/330"}, "",
                 "seki: 033/30/330: row 2 has 2 entries, expected 3\n");
  ExpectBadInput({"solve", "1,2/300,4"});
  ExpectBadInput({"solve", "1/1/1/1/1/1/1/1/1"});
  ExpectBadInput({"solve", "11//11"});
  ExpectBadInput({"solve", ""}, "", "seki: argument 1: empty matrix\n");
  ExpectBadInput({"solve", "1\n1/11"}, "",
                 "seki: 1\\x0a1/11: row 1, column 2: '\\x0a' is not a digit\n");
  ExpectBadInput({"solve", "-1,2/3,4"}, "", "seki: -1,2/3,4: row 1: negative entry -1\n");
}

TEST(CliSolve, BadBatchPrintsNothing) {
  ExpectBadInput({"solve", "11/11", "22/22", "033/000/330"}, "",
                 "seki: 033/000/330: row 2 is zero\n");
  ExpectBadInput({"solve", "11/11", "-"}, "22/22\n\n1x\n",
                 "seki: <stdin>:3: row 1, column 2: "
                 "'x' is not a digit\n");
}

TEST(CliSolve, TooLargeIsRefused) {
  const std::string nines =
      "99999999/99999999/99999999/99999999/99999999/99999999/99999999/99999999";
  ExpectBadInput({"solve", nines});
  const RunResult r = RunSeki({"solve", nines});
  EXPECT_EQ(r.err.rfind("seki: " + nines + ": too large to solve", 0), 0u) << r.err;
}

TEST(CliSolve, ThreadCountsGiveTheSameOutput) {
  const std::vector<std::string> inputs = {"221000/022100/002210/000221/100022/210002",
                                           "033/331/312", "0044/0404/4040/4400"};
  std::vector<std::string> args = {"solve", "--moves", "--threads", "1"};
  args.insert(args.end(), inputs.begin(), inputs.end());
  const RunResult one = RunSeki(args);
  ASSERT_EQ(one.status, 0) << one.err;
  for (const char* threads : {"2", "4"}) {
    args[3] = threads;
    const RunResult r = RunSeki(args);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, one.out) << threads;
    EXPECT_EQ(r.err, "");
  }
}

// A run or a check whose levels do not fit in --memory-limit is refused before it starts: exit 3
// (as a solve that does not fit), one line naming the level and the memory, no run directory.
TEST(CliEnumerate, MemoryLimitRefusesWithExit3) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("seki_cli_memory_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  const RunResult r = RunSeki({"enumerate", "--rows", "4", "--cols", "4", "--max-entry", "4",
                               "--memory-limit", "100M", "--quiet", "--out", dir.string()});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(Lines(r.err).size(), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("seki: --memory-limit: level ", 0), 0u) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir));
  const RunResult c =
      RunSeki({"check", "6.2", "--shapes", "4x4", "--max-entry", "4", "--memory-limit", "100M"});
  EXPECT_EQ(c.status, 3) << c.err;
  EXPECT_EQ(Lines(c.err).size(), 1u) << c.err;
  EXPECT_EQ(c.err.rfind("seki: --memory-limit: shape 4x4", 0), 0u) << c.err;
  EXPECT_EQ(c.out, "");
}

// A position that does not fit in --memory-limit: exit 3 and one line, earlier results kept, no
// partial values; a 6x6 in 1M either still answers correctly or stops the same way.
TEST(CliSolve, MemoryLimit) {
  const std::string eight =
      "22100000/02210000/00221000/00022100/00002210/00000221/10000022/21000002";
  const RunResult r = RunSeki({"solve", "--memory-limit", "100K", "11/11", eight});
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, RunSeki({"solve", "11/11"}).out);
  EXPECT_EQ(
      r.err,
      "seki: " + eight +
          ": cannot be decided within the memory limit of 100.0 KiB (see "
          "--memory-limit)" +
          std::string(
              ": the search ran out of it, and the down-set solve needs 1.71 GiB of memory; by "
              "orbits of its 16 symmetries it needs 246.3 MiB one game a pass (one process, "
              "without "
              "--scratch or --plain-pass); its ring on disk (--scratch DIR) would still need 1.14 "
              "GiB of "
              "memory\n"));

  const std::string six = "110111/110201/002120/111101/202010/020012";
  const RunResult want = RunSeki({"solve", six});
  ASSERT_EQ(want.status, 0) << want.err;
  for (const char* limit : {"1M", "64M"}) {
    const RunResult small = RunSeki({"solve", "--memory-limit", limit, six});
    if (small.status == 3) {
      EXPECT_EQ(small.out, "");
      EXPECT_EQ(Lines(small.err).size(), 1u) << small.err;
    } else {
      EXPECT_EQ(small.status, 0) << small.err;
      EXPECT_EQ(small.out, want.out);
    }
  }
  ExpectBadInput({"solve", "--memory-limit", "1x", "11/11"}, "",
                 "seki: --memory-limit: '1x' has an unknown unit (use K, M, G or T)\n");
  ExpectBadInput({"solve", "--threads", "0", "11/11"});
}

// The old size refusal no longer applies to what the search engine decides cheaply: an 8x8 of
// nines with a row that R can empty at once.
TEST(CliSolve, LargeButEasyIsSolved) {
  const std::string easy =
      "10000000/99999999/99999999/99999999/99999999/99999999/99999999/99999999";
  const RunResult r = RunSeki({"solve", easy});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("SEKI"), std::string::npos) << r.out;
  ExpectBadInput({"solve", "--exhaustive", easy});
}

TEST(CliSolve, BadSources) {
  ExpectBadInput({"solve"});
  ExpectBadInput({"solve", "-"}, "");
  ExpectBadInput({"solve", "-"}, "# only a comment\n\n", "seki: <stdin>: no matrices\n");
  ExpectBadInput({"solve", "-", "-"}, "11/11\n");
  ExpectBadInput({"solve", "--input", "/nonexistent/matrices.txt"});
  ExpectBadInput({"solve", "--input", std::filesystem::temp_directory_path().string()});
  const TempFile empty;
  ExpectBadInput({"solve", "--input", empty.path()}, "",
                 "seki: " + empty.path() + ": no matrices\n");
  const TempFile bad("11/11\n033/000/330\n");
  ExpectBadInput({"solve", "--input", bad.path()}, "",
                 "seki: " + bad.path() + ":2: row 2 is zero\n");
}

TEST(CliSolve, BadOptions) {
  ExpectBadInput({}, "", "seki: a command is required: solve, play, demo, enumerate");
  ExpectBadInput({"frobnicate"}, "", "seki: The following argument was not expected: frobnicate\n");
  ExpectBadInput({"--bogus"});
  ExpectBadInput({"solve", "--bogus", "11/11"});
  ExpectBadInput({"solve", "--format", "xml", "11/11"});
  ExpectBadInput({"solve", "--format"});
  ExpectBadInput({"solve", "--input"});
}

// An internal error (here an I/O failure: a file stands where the run's seki/ directory goes) is
// not a finding: exit 70 (EX_SOFTWARE) and one error line "seki: internal error: ...", the last
// (after the run's "seki enumerate: ..." header).
TEST(CliEnumerate, InternalErrorExits70) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("seki_cli_internal_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "seki") << "not a directory\n";
  const RunResult r = RunSeki({"enumerate", "--rows", "2", "--cols", "2", "--max-entry", "2",
                               "--quiet", "--out", dir.string()});
  std::filesystem::remove_all(dir);
  EXPECT_EQ(r.status, 70) << r.out << r.err;
  const std::vector<std::string> lines = Lines(r.err);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& line) { return line.starts_with("seki: "); }),
            1)
      << r.err;
  EXPECT_TRUE(lines.back().starts_with("seki: internal error: ")) << r.err;
  EXPECT_NE(lines.back().find((dir / "seki").string()), std::string::npos) << r.err;
}

// Output that cannot be written (standard output on a full disk) is an I/O error, never exit 0:
// for a command that succeeds and for one that ends with a finding's status.
TEST(Cli, UnwritableStandardOutputExits70) {
  for (const std::string command :
       {"solve 033/331/312", "show 210/120/003", "check 6.2 --shapes 2x2 --max-entry 2"}) {
    const RunResult r = seki::testing::RunProgram(
        "/bin/sh", {"-c", std::string(SEKI_BINARY) + " " + command + " > /dev/full"});
    EXPECT_EQ(r.status, 70) << command << ": " << r.err;
    ASSERT_FALSE(Lines(r.err).empty()) << command;
    EXPECT_EQ(Lines(r.err).back(),
              "seki: internal error: standard output could not be written (a full disk or a "
              "closed file): the output is incomplete")
        << command;
  }
}

TEST(Cli, HelpVersionAndDemo) {
  const RunResult version = RunSeki({"--version"});
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("seki ", 0), 0u) << version.out;
  EXPECT_NE(version.out.find("(commit "), std::string::npos) << version.out;

  const RunResult help = RunSeki({"solve", "--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--moves"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--memory-limit"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("3 when the search\nengine"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("130 when stopped by Ctrl-C"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("70 on an internal error"), std::string::npos) << help.out;

  // One table of statuses for every command, at the end of seki --help.
  const RunResult top = RunSeki({"--help"});
  EXPECT_EQ(top.status, 0);
  EXPECT_NE(top.out.find("Exit status (every command): 0 done; 1 a finding (check, verify, "
                         "reproduce); 2 bad input; 3 does not fit --memory-limit; 70 an internal "
                         "error; 130 stopped by Ctrl-C."),
            std::string::npos)
      << top.out;

  const RunResult demo = RunSeki({"demo"});
  ASSERT_EQ(demo.status, 0) << demo.err;
  EXPECT_EQ(demo.err, "");
  EXPECT_NE(demo.out.find("033/331/312  3x3, sum 19, height 3"), std::string::npos) << demo.out;
  EXPECT_NE(demo.out.find("complete seki"), std::string::npos) << demo.out;
  EXPECT_NE(demo.out.find("C first:"), std::string::npos) << demo.out;
}

}  // namespace
