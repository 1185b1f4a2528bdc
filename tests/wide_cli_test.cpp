// Regions whose keys need more than 56 bits through the command line: `seki enumerate` runs them
// (the wide level engine builds the levels; past 64 bits with several words a key) with Burnside's
// counts and resumes them identically, and so does `seki check`; `seki verify` and `seki export`
// read such runs; an entry bound above 255 is refused with one line, exit 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/level/class_count.hpp"
#include "tests/seki_process.hpp"

namespace {

namespace fs = std::filesystem;
using seki::testing::RunResult;
using seki::testing::RunSeki;

fs::path TempDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("seki_wide_" + std::to_string(getpid()) + name);
  fs::remove_all(dir);
  return dir;
}

TEST(WideCli, EnumerateEightByEightEntriesOne) {
  const fs::path dir = TempDir("8x8");
  const RunResult r = RunSeki({"enumerate", "--rows", "8", "--cols", "8", "--max-entry", "1",
                               "--max-sum", "10", "--quiet", "--out", dir.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(dir / "summary.json");
  const nlohmann::json summary = nlohmann::json::parse(in);
  const std::vector<std::uint64_t> burnside = seki::ClassCountsBySum(8, 8, 1, 10);
  ASSERT_EQ(summary["levels"].size(), burnside.size());
  for (std::size_t s = 0; s < burnside.size(); ++s)
    EXPECT_EQ(summary["levels"][s]["classes"].get<std::uint64_t>(), burnside[s]) << "sum " << s;
  const RunResult verify = RunSeki({"verify", dir.string()});
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  fs::remove_all(dir);
}

TEST(WideCli, CheckThreeByFourEntriesTwenty) {
  const RunResult r =
      RunSeki({"check", "6.3", "--shapes", "3x4", "--max-entry", "20", "--max-sum", "16"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::uint64_t classes = 0;
  for (std::uint64_t n : seki::ClassCountsBySum(3, 4, 16, 16)) classes += n;
  EXPECT_NE(r.out.find("classes=" + std::to_string(classes) + " "), std::string::npos) << r.out;
}

// 6 x 6 with entries <= 2 (72-bit keys, two words a class): Burnside per level, and a run killed
// after a checkpoint resumes to byte-identical files.
TEST(WideCli, EnumerateSixBySixEntriesTwoAndResume) {
  const fs::path whole = TempDir("6x6whole"), cut = TempDir("6x6cut");
  const std::vector<std::string> args = {"enumerate", "--rows",      "6",       "--cols",
                                         "6",         "--max-entry", "2",       "--max-sum",
                                         "10",        "--outcomes",  "--quiet", "--out"};
  auto with = [&](const fs::path& dir, std::vector<std::string> extra = {}) {
    std::vector<std::string> a = args;
    a.push_back(dir.string());
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  ASSERT_EQ(RunSeki(with(whole)).status, 0);
  std::ifstream in(whole / "summary.json");
  const nlohmann::json summary = nlohmann::json::parse(in);
  const std::vector<std::uint64_t> burnside = seki::ClassCountsBySum(6, 6, 2, 10);
  ASSERT_EQ(summary["levels"].size(), burnside.size());
  for (std::size_t s = 0; s < burnside.size(); ++s)
    EXPECT_EQ(summary["levels"][s]["classes"].get<std::uint64_t>(), burnside[s]) << "sum " << s;

  const RunResult killed = RunSeki(with(cut), "", {"SEKI_KILL_AT=checkpoint:7"});
  EXPECT_NE(killed.status, 0);
  ASSERT_EQ(RunSeki(with(cut, {"--resume"})).status, 0);
  for (const char* file :
       {"outcomes.txt", "seki/seki.txt", "dseki/seki.txt", "dseki/complete.txt"}) {
    std::ifstream a(whole / file), b(cut / file);
    const std::string ta((std::istreambuf_iterator<char>(a)), {}),
        tb((std::istreambuf_iterator<char>(b)), {});
    EXPECT_EQ(ta, tb) << file;
  }
  EXPECT_GT(fs::file_size(whole / "outcomes.txt"), 1000u);
  // verify re-checks a run of two-word keys: order by (sum, key), canonical forms, every value.
  const RunResult verify = RunSeki({"verify", whole.string()});
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  // export writes one row per starting class from outcomes.txt.
  const fs::path db = TempDir("6x6.sqlite");
  const RunResult exported = RunSeki({"export", whole.string(), "--sqlite", db.string()});
  ASSERT_EQ(exported.status, 0) << exported.err;
  const std::uint64_t starting = summary["totals"]["starting"].get<std::uint64_t>();
  EXPECT_NE(exported.out.find("exported " + std::to_string(starting) + " classes"),
            std::string::npos)
      << exported.out;
  // Two lines of outcomes.txt swapped: verify finds them out of order (exit 1).
  std::vector<std::string> lines;
  {
    std::ifstream o(cut / "outcomes.txt");
    for (std::string line; std::getline(o, line);) lines.push_back(line);
  }
  ASSERT_GT(lines.size(), 10u);
  std::swap(lines[lines.size() - 2], lines[lines.size() - 3]);
  {
    std::ofstream o(cut / "outcomes.txt", std::ios::trunc);
    for (const std::string& line : lines) o << line << '\n';
  }
  const RunResult bad = RunSeki({"verify", cut.string(), "--sample", "0"});
  EXPECT_EQ(bad.status, 1) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("comes after a larger (sum, key)"), std::string::npos) << bad.out;
  fs::remove_all(whole);
  fs::remove_all(cut);
  fs::remove_all(db);
}

// A run of two-word keys without outcomes.txt exports the union of its seki catalogues.
TEST(WideCli, ExportSixBySixFromTheCatalogues) {
  const fs::path dir = TempDir("6x6cat"), db = TempDir("6x6cat.sqlite");
  ASSERT_EQ(RunSeki({"enumerate", "--rows", "6", "--cols", "6", "--max-entry", "2", "--max-sum",
                     "11", "--quiet", "--out", dir.string()})
                .status,
            0);
  const RunResult verify = RunSeki({"verify", dir.string()});
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  std::vector<std::string> all;
  for (const char* file : {"seki/seki.txt", "dseki/seki.txt"}) {
    std::ifstream in(dir / file);
    for (std::string line; std::getline(in, line);) all.push_back(line.substr(0, line.find(' ')));
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  ASSERT_GT(all.size(), 3u);
  const RunResult exported = RunSeki({"export", dir.string(), "--sqlite", db.string()});
  ASSERT_EQ(exported.status, 0) << exported.err;
  EXPECT_NE(exported.out.find("exported " + std::to_string(all.size()) + " classes"),
            std::string::npos)
      << exported.out;
  fs::remove_all(dir);
  fs::remove_all(db);
}

// A check past 64 bits (6 x 6, entries <= 2: two words a key) with complete seki listed: killed
// after a level and resumed, it reports what an uninterrupted check reports.
TEST(WideCli, CheckSixBySixEntriesTwoAndResume) {
  const fs::path ckpt = TempDir("ckpt"), one = TempDir("one.json"), two = TempDir("two.json");
  const std::vector<std::string> args = {"check",        "6.2", "--shapes",  "6x6",
                                         "--max-entry",  "2",   "--max-sum", "12",
                                         "--min-height", "1",   "--quiet"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = args;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  const RunResult whole = RunSeki(with({"--json", one.string()}));
  ASSERT_EQ(whole.status, 0) << whole.err;
  std::uint64_t classes = 0;
  for (std::uint64_t n : seki::ClassCountsBySum(6, 6, 2, 12)) classes += n;
  EXPECT_NE(whole.out.find("classes=" + std::to_string(classes) + " "), std::string::npos);
  const RunResult killed =
      RunSeki(with({"--checkpoint", ckpt.string()}), "", {"SEKI_KILL_AT=check-checkpoint-6x6:9"});
  EXPECT_NE(killed.status, 0);
  const RunResult resumed =
      RunSeki(with({"--checkpoint", ckpt.string(), "--resume", "--json", two.string()}));
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  auto facts = [](const fs::path& file) {
    std::ifstream in(file);
    nlohmann::json j = nlohmann::json::parse(in);
    j.erase("command");
    j.erase("seconds");
    for (auto& shape : j["shapes"]) shape.erase("seconds");
    return j;
  };
  const nlohmann::json a = facts(one), b = facts(two);
  EXPECT_EQ(a, b);
  EXPECT_GT(a["totals"]["listed"].get<int>(), 0) << a.dump();
  fs::remove_all(ckpt);
  fs::remove(one);
  fs::remove(two);
}

TEST(WideCli, RefusedInOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"enumerate", "--rows", "4", "--cols", "4", "--max-entry", "256",
                                 "--out", TempDir("256").string()},
        {"check", "6.2", "--shapes", "6x6", "--max-entry", "256", "--max-sum", "8"}}) {
    const RunResult r = RunSeki(args);
    EXPECT_EQ(r.status, 2) << args[0] << " " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
