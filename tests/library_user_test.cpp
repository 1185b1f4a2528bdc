// What a library user (the MPI driver, the Python package, a research script) does without the
// `seki` binary: run an enumeration into a directory, verify it, export it to SQLite and check a
// conjecture over the same region — every step a library call, cross-checked against the others
// and against independent counts (Burnside, the paper's seven 3x3 complete seki of height 3).
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/check/region_check.hpp"
#include "engine/level/class_count.hpp"
#include "engine/readback/export.hpp"
#include "engine/readback/verify.hpp"
#include "engine/run/run.hpp"
#include "temp_dir.hpp"

namespace seki::testing {
namespace {

// Lines of a catalogue whose height field is `height`.
std::vector<std::string> LinesOfHeight(const std::string& text, int height) {
  std::vector<std::string> out;
  std::istringstream in(text);
  const std::string field = " height=" + std::to_string(height) + " ";
  for (std::string line; std::getline(in, line);)
    if (line.find(field) != std::string::npos) out.push_back(line.substr(0, line.find(' ')));
  return out;
}

TEST(LibraryUser, RunVerifyExportAndCheckTheSameRegion) {
  TempDir scratch;
  const fs::path dir = scratch.path() / "3x3h3";

  // 1. The run: every class of 3x3 matrices with entries <= 3, both games, outcomes.txt too.
  RunParameters p;
  p.rows = 3, p.cols = 3, p.max_entry = 3, p.threads = 2;
  p.out = dir.string();
  p.outcomes = true;
  p.command_line = "library_user_test";
  const RunResult run = seki::Run(p).Execute();
  ASSERT_EQ(run.status, RunStatus::kCompleted);
  const std::vector<std::uint64_t> burnside = ClassCountsBySum(3, 3, 3, 27);
  EXPECT_EQ(run.totals.classes, std::accumulate(burnside.begin(), burnside.end(), 0ull));
  EXPECT_EQ(run.totals.classes, 8240u);  // the known total for 3x3, entries <= 3

  // The seven complete seki of height 3 (spec, "3x3"), found among the catalogue's lines.
  const std::vector<std::string> height3 = LinesOfHeight(ReadText(dir / "seki/complete.txt"), 3);
  EXPECT_EQ(height3.size(), 7u);
  const std::string fig2 = FormatMatrix(canon::CanonicalForm(ParseMatrix("033/331/312")));
  EXPECT_NE(std::find(height3.begin(), height3.end(), fig2), height3.end()) << fig2;

  // 2. Verify: every check of the run directory holds, and the callback sees each one.
  std::size_t seen = 0;
  const VerifyReport verified = VerifyRun(dir, {}, [&](const VerifyCheck&) { ++seen; });
  EXPECT_TRUE(verified.ok());
  EXPECT_EQ(verified.failed(), 0u);
  EXPECT_GT(verified.total(), 40u);
  EXPECT_EQ(seen, verified.total());

  // 3. Export: one row per starting class (from outcomes.txt).
  const ExportResult exported = ExportRun(dir, scratch.path() / "3x3h3.db", false);
  EXPECT_EQ(exported.source, "outcomes.txt");
  EXPECT_EQ(exported.classes, run.totals.starting);

  // 4. Check conjecture 6.2 over the same region: the same classes, the same complete seki.
  CheckRequest request;
  request.conjecture = "6.2";
  request.shapes = {"3x3"};
  request.max_entry = 3;
  request.threads = 2;
  const CheckReport check = CheckRegion(request);
  ASSERT_EQ(check.shapes.size(), 1u);
  const ShapeReport& shape = check.shapes[0];
  EXPECT_EQ(shape.classes, run.totals.classes);
  EXPECT_EQ(shape.examined, run.totals.starting);
  EXPECT_EQ(shape.Count(Game::kSeki, SekiClass::kComplete),
            run.totals.Members(Game::kSeki, CatalogueKind::kComplete));
  EXPECT_EQ(shape.largest_complete_seki_height, 3);
  EXPECT_EQ(shape.complete_seki_by_height[3], 7u);
  EXPECT_EQ(check.FindingCount(), 0u);
  EXPECT_EQ(check.Result(), "no-counterexample");
}

}  // namespace
}  // namespace seki::testing
