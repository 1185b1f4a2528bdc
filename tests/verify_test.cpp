// `seki verify` on real runs: a fresh run passes (exit 0); an altered value, a flipped byte, a
// deleted line, swapped lines, a non-canonical matrix, a wrong field, a damaged outcomes.txt and a
// manifest that does not match all fail (exit 1) — both as caught by the checksums and, with the
// manifest's checksums brought up to date, by the content checks alone; a missing directory or
// an unreadable manifest is bad input (exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_fixture.hpp"
#include "seki_process.hpp"

namespace seki::testing {
namespace {

class VerifyTest : public TwoRunsSuite {
 protected:
  // A fresh copy of one of the runs to damage.
  fs::path Copy(const std::string& which) {
    const fs::path to = scratch_.path() / ("copy" + std::to_string(copies_++));
    CopyRun(root_->path() / which, to);
    return to;
  }

  static RunResult Verify(const fs::path& dir, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"verify", dir.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunSeki(args, "", {}, 120);
  }

  // Exit 1, and a FAILED line whose text contains every fragment.
  static void ExpectFailure(const RunResult& r, const std::vector<std::string>& fragments) {
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    for (const std::string& fragment : fragments) {
      bool found = false;
      for (const std::string& line : Lines(r.out))
        found = found || (line.rfind("FAILED", 0) == 0 && line.find(fragment) != std::string::npos);
      EXPECT_TRUE(found) << "no FAILED line mentions '" << fragment << "' in\n" << r.out;
    }
    const std::vector<std::string> lines = Lines(r.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines.back().find(" FAILED"), std::string::npos);
    EXPECT_EQ(lines.back().find(" 0 FAILED"), std::string::npos) << lines.back();
  }

  int copies_ = 0;
};

TEST_F(VerifyTest, FreshRunsPass) {
  for (const char* which : {"plain", "outcomes"}) {
    const RunResult r = Verify(root_->path() / which);
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<std::string> lines = Lines(r.out);
    ASSERT_GT(lines.size(), 40u);
    int checks = 0;
    for (std::size_t k = 2; k + 1 < lines.size(); ++k) {
      EXPECT_EQ(lines[k].rfind("ok      ", 0), 0u) << lines[k];
      ++checks;
    }
    EXPECT_EQ(lines.back(), "verify: " + std::to_string(checks) + " checks, " +
                                std::to_string(checks) + " ok, 0 FAILED");
    EXPECT_NE(r.out.find("re-solving every line"), std::string::npos);
    EXPECT_NE(r.out.find("seki/seki.txt: solver: re-solved all"), std::string::npos);
  }
  const RunResult r = Verify(root_->path() / "outcomes");
  EXPECT_NE(r.out.find("ok      outcomes.txt against the catalogues"), std::string::npos);
}

TEST_F(VerifyTest, SampleStatesItsSeedAndPasses) {
  const RunResult r = Verify(root_->path() / "outcomes", {"--sample", "3", "--seed", "77"});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("seed 77 (repeat with --seed 77)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(sample)"), std::string::npos);
  // Every complete line is re-solved even in a sample.
  EXPECT_NE(r.out.find("seki/complete.txt: solver: re-solved 13 of 13 lines"), std::string::npos)
      << r.out;
  const RunResult again = Verify(root_->path() / "outcomes", {"--sample", "3", "--seed", "77"});
  EXPECT_EQ(again.out.substr(again.out.find('\n')), r.out.substr(r.out.find('\n')));
  const RunResult unseeded = Verify(root_->path() / "plain", {"--sample", "2"});
  EXPECT_EQ(unseeded.status, 0);
  EXPECT_NE(unseeded.out.find("(repeat with --seed "), std::string::npos);
}

TEST_F(VerifyTest, AlteredValueFails) {
  const fs::path dir = Copy("plain");
  std::vector<std::string> lines = FileLines(dir / "seki/complete.txt");
  ASSERT_FALSE(lines.empty());
  const std::size_t at = lines[0].find(" c=L");
  ASSERT_NE(at, std::string::npos);
  lines[0].replace(at, 4, " c=D");
  WriteLines(dir / "seki/complete.txt", lines);
  ExpectFailure(Verify(dir),
                {"file seki/complete.txt", "seki/complete.txt: class by the written values",
                 "seki/complete.txt: solver"});
  RefreshManifestChecksums(dir);
  ExpectFailure(Verify(dir), {"seki/complete.txt: class by the written values",
                              "seki/complete.txt: solver", "seki/complete.txt in seki/seki.txt"});
}

TEST_F(VerifyTest, AlteredValueThatKeepsTheClassFailsInTheSolver) {
  // A dseki/seki.txt line R=D C=D r=D c=D changed to r=L: still a d-seki by its own values (a
  // semi-complete one, which seki.txt may hold) and consistent with the pass rule, so only the
  // solver can tell.
  const fs::path dir = Copy("plain");
  std::vector<std::string> lines = FileLines(dir / "dseki/seki.txt");
  bool changed = false;
  for (std::string& line : lines) {
    const std::size_t at = line.find(" r=D c=D");
    if (at != std::string::npos) {
      line.replace(at, 8, " r=L c=D");
      changed = true;
      break;
    }
  }
  ASSERT_TRUE(changed);
  WriteLines(dir / "dseki/seki.txt", lines);
  RefreshManifestChecksums(dir);
  const RunResult r = Verify(dir);
  ExpectFailure(r, {"dseki/seki.txt: solver"});
  EXPECT_NE(r.out.find("ok      dseki/seki.txt: class by the written values"), std::string::npos);
}

TEST_F(VerifyTest, FlippedByteFails) {
  const fs::path original = root_->path() / "plain";
  const std::string text = ReadText(original / "dseki/seki.txt");
  ASSERT_GT(text.size(), 1000u);
  // Caught by the checksum...
  {
    const fs::path dir = Copy("plain");
    std::string damaged = text;
    damaged[500] ^= 0x01;
    WriteText(dir / "dseki/seki.txt", damaged);
    ExpectFailure(Verify(dir), {"file dseki/seki.txt"});
  }
  // ... and, at each of several offsets, by a content check alone.
  for (std::size_t at :
       {std::size_t{0}, std::size_t{5}, std::size_t{13}, std::size_t{22}, std::size_t{30},
        std::size_t{61}, std::size_t{333}, text.size() / 2, text.size() - 2, text.size() - 1}) {
    SCOPED_TRACE("offset " + std::to_string(at));
    const fs::path dir = Copy("plain");
    std::string damaged = text;
    damaged[at] ^= 0x01;
    WriteText(dir / "dseki/seki.txt", damaged);
    RefreshManifestChecksums(dir);
    const RunResult r = Verify(dir);
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_NE(r.out.find("FAILED  dseki/seki.txt"), std::string::npos) << r.out;
  }
}

TEST_F(VerifyTest, DeletedLineFails) {
  const fs::path dir = Copy("plain");
  std::vector<std::string> lines = FileLines(dir / "seki/seki.txt");
  // Delete a complete seki's line, so the containment check also notices.
  const std::string complete = FileLines(dir / "seki/complete.txt").at(0);
  const auto it = std::find(lines.begin(), lines.end(), complete);
  ASSERT_NE(it, lines.end());
  lines.erase(it);
  WriteLines(dir / "seki/seki.txt", lines);
  ExpectFailure(Verify(dir), {"file seki/seki.txt", "seki/seki.txt: line count"});
  RefreshManifestChecksums(dir);
  ExpectFailure(Verify(dir), {"seki/seki.txt: line count", "seki/complete.txt in seki/seki.txt"});
}

TEST_F(VerifyTest, DeletedOutcomesLineAndValueFail) {
  const fs::path dir = Copy("outcomes");
  std::vector<std::string> lines = FileLines(dir / "outcomes.txt");
  const std::string complete = FileLines(dir / "seki/complete.txt").at(0);
  const std::string matrix = complete.substr(0, complete.find(' '));
  const auto it = std::find_if(lines.begin(), lines.end(), [&](const std::string& line) {
    return line.rfind(matrix + " ", 0) == 0;
  });
  ASSERT_NE(it, lines.end());
  lines.erase(it);
  WriteLines(dir / "outcomes.txt", lines);
  RefreshManifestChecksums(dir);
  ExpectFailure(Verify(dir), {"outcomes.txt: line count", "outcomes.txt against the catalogues"});

  const fs::path dir2 = Copy("outcomes");
  std::vector<std::string> lines2 = FileLines(dir2 / "outcomes.txt");
  ASSERT_GT(lines2.size(), 10u);
  std::string& line = lines2[10];
  const std::size_t at = line.find(" seki=") + 6;  // R of SEKI
  line[at] = line[at] == 'W' ? 'L' : 'W';
  WriteLines(dir2 / "outcomes.txt", lines2);
  RefreshManifestChecksums(dir2);
  ExpectFailure(Verify(dir2), {"outcomes.txt: pass rule", "outcomes.txt: solver"});
}

TEST_F(VerifyTest, SwappedLinesFailTheOrder) {
  const fs::path dir = Copy("plain");
  std::vector<std::string> lines = FileLines(dir / "dseki/seki.txt");
  std::swap(lines[3], lines[lines.size() - 3]);
  WriteLines(dir / "dseki/seki.txt", lines);
  RefreshManifestChecksums(dir);
  ExpectFailure(Verify(dir), {"dseki/seki.txt: order"});
}

TEST_F(VerifyTest, RepeatedLineFails) {
  const fs::path dir = Copy("plain");
  std::vector<std::string> lines = FileLines(dir / "dseki/seki.txt");
  lines.insert(lines.begin() + 5, lines[5]);
  WriteLines(dir / "dseki/seki.txt", lines);
  RefreshManifestChecksums(dir);
  ExpectFailure(Verify(dir), {"dseki/seki.txt: order", "dseki/seki.txt: line count"});
}

TEST_F(VerifyTest, NonCanonicalMatrixFails) {
  const fs::path dir = Copy("plain");
  std::vector<std::string> lines = FileLines(dir / "dseki/seki.txt");
  // Rows 1 and 3 swapped: the same class (and the same fields), but not its canonical form.
  bool changed = false;
  for (std::string& line : lines) {
    const std::string m = line.substr(0, line.find(' '));
    const std::string swapped = m.substr(8, 3) + m.substr(3, 5) + m.substr(0, 3);
    if (m.size() == 11 && swapped != m) {
      line = swapped + line.substr(11);
      changed = true;
      break;
    }
  }
  ASSERT_TRUE(changed);
  WriteLines(dir / "dseki/seki.txt", lines);
  RefreshManifestChecksums(dir);
  ExpectFailure(Verify(dir), {"dseki/seki.txt: canonical forms"});
}

TEST_F(VerifyTest, WrongFieldFails) {
  const fs::path dir = Copy("plain");
  std::vector<std::string> lines = FileLines(dir / "dseki/seki.txt");
  std::string& line = lines[7];
  for (const char* field : {" prime=", " planar=", " symmetric="}) {
    const std::size_t at = line.find(field);
    ASSERT_NE(at, std::string::npos);
  }
  const std::size_t at = line.find(" symmetric=") + 11;
  line.replace(at, line[at] == 'y' ? 3 : 2, line[at] == 'y' ? "no" : "yes");
  WriteLines(dir / "dseki/seki.txt", lines);
  RefreshManifestChecksums(dir);
  ExpectFailure(Verify(dir), {"dseki/seki.txt: fields"});
}

TEST_F(VerifyTest, ManifestProblems) {
  {  // Counts that disagree with the files.
    const fs::path dir = Copy("plain");
    nlohmann::json m = nlohmann::json::parse(ReadText(dir / "manifest.json"));
    m["totals"]["members"]["seki/complete"] =
        m["totals"]["members"]["seki/complete"].get<int>() + 1;
    WriteText(dir / "manifest.json", m.dump(2));
    ExpectFailure(Verify(dir), {"manifest levels", "seki/complete.txt: line count"});
  }
  {  // Not complete.
    const fs::path dir = Copy("plain");
    nlohmann::json m = nlohmann::json::parse(ReadText(dir / "manifest.json"));
    m["complete"] = false;
    WriteText(dir / "manifest.json", m.dump(2));
    ExpectFailure(Verify(dir), {"manifest"});
  }
  {  // A listed file missing, an unlisted file present.
    const fs::path dir = Copy("plain");
    fs::remove(dir / "dseki/complete.txt");
    WriteText(dir / "outcomes.txt", "");
    ExpectFailure(Verify(dir), {"file dseki/complete.txt: missing",
                                "file outcomes.txt: present but not listed"});
  }
  {  // A file name that leaves the run directory.
    const fs::path dir = Copy("plain");
    nlohmann::json m = nlohmann::json::parse(ReadText(dir / "manifest.json"));
    m["files"]["../outside.txt"] = {{"bytes", 0}, {"xxh3_64", "2d06800538d394c2"}};
    WriteText(dir / "manifest.json", m.dump(2));
    ExpectFailure(Verify(dir), {"outside the run directory"});
  }
}

TEST_F(VerifyTest, GenerationOnlyRunHasOnlyCounts) {
  const fs::path dir = scratch_.path() / "generated";
  const RunResult made = RunSeki({"enumerate", "--rows", "2", "--cols", "3", "--max-entry", "2",
                                  "--generate-only", "--quiet", "--out", dir.string()});
  ASSERT_EQ(made.status, 0) << made.err;
  if (!fs::exists(dir / "manifest.json"))
    GTEST_SKIP() << "enumerate --generate-only wrote no manifest";
  const RunResult r = Verify(dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("ok      generation-only run"), std::string::npos) << r.out;
  fs::create_directories(dir / "seki");
  WriteText(dir / "seki/seki.txt", "");  // a catalogue has no business here
  ExpectFailure(Verify(dir), {"generation-only run"});
  ExpectBadInput({"export", dir.string(), "--sqlite", (scratch_.path() / "g.sqlite").string()}, "",
                 "generation-only run has no values");
}

TEST_F(VerifyTest, BadInputIsExitTwo) {
  ExpectBadInput({"verify", (scratch_.path() / "no-such-run").string()}, "",
                 "no such run directory");
  const fs::path dir = Copy("plain");
  fs::remove(dir / "manifest.json");
  ExpectBadInput({"verify", dir.string()}, "", "manifest.json: missing");
  WriteText(dir / "manifest.json", "{ not json");
  ExpectBadInput({"verify", dir.string()}, "", "not valid JSON");
  WriteText(dir / "manifest.json", R"({"format": "seki-run/2"})");
  ExpectBadInput({"verify", dir.string()}, "", "format 'seki-run/2'");
  WriteText(dir / "manifest.json", R"({"format": "seki-run/1"})");
  ExpectBadInput({"verify", dir.string()}, "", "key tool missing");
  ExpectBadInput({"verify"}, "", "dir is required");
  ExpectBadInput({"verify", dir.string(), "--seed", "3"}, "", "--seed requires --sample");
}

}  // namespace
}  // namespace seki::testing
