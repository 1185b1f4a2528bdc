// Regions whose keys need 57..64 bits through the command line: `seki enumerate` and `seki check`
// run them (the wide level engine builds the levels) with Burnside's counts and a verified run
// directory; a region past 64 bits, or an entry bound above 255, is refused with one line, exit 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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

TEST(WideCli, RegionsPast64BitsAreRefusedInOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"enumerate", "--rows", "6", "--cols", "6", "--max-entry", "2",
                                 "--max-sum", "5", "--out", TempDir("6x6").string()},
        {"enumerate", "--rows", "4", "--cols", "4", "--max-entry", "256", "--out",
         TempDir("256").string()},
        {"check", "6.2", "--shapes", "6x6", "--max-entry", "2", "--max-sum", "8"}}) {
    const RunResult r = RunSeki(args);
    EXPECT_EQ(r.status, 2) << args[0] << " " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
