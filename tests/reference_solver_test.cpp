// seki_reference (tests/reference_solver.cpp, written from the spec alone) against `seki solve`
// on random matrices of every shape up to 4x4 and on the paper's seki: the same values in both
// games, so that the reference may stand as an independent check where no engine can check another.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "tests/seki_process.hpp"

namespace seki::testing {
namespace {

// A random m x n matrix with entries 0..max and no zero line, in `seki solve`'s syntax.
std::string RandomMatrix(std::mt19937& rng, int m, int n, int max) {
  std::uniform_int_distribution<int> entry(0, max);
  for (;;) {
    std::vector<std::vector<int>> a(m, std::vector<int>(n));
    std::vector<int> rows(m, 0), cols(n, 0);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        a[i][j] = entry(rng);
        rows[i] += a[i][j];
        cols[j] += a[i][j];
      }
    if (std::count(rows.begin(), rows.end(), 0) || std::count(cols.begin(), cols.end(), 0))
      continue;
    std::string text;
    for (int i = 0; i < m; ++i) {
      if (i) text += '/';
      for (int j = 0; j < n; ++j) text += static_cast<char>('0' + a[i][j]);
    }
    return text;
  }
}

// The SEKI and D-SEKI lines of each matrix, from either program's text output.
std::vector<std::string> ValueLines(const std::string& out) {
  std::vector<std::string> lines;
  for (const std::string& line : Lines(out))
    if (line.rfind("  SEKI", 0) == 0 || line.rfind("  D-SEKI", 0) == 0) lines.push_back(line);
  return lines;
}

void ExpectSameValues(const std::vector<std::string>& matrices) {
  std::vector<std::string> solve_args = {"solve", "-q"};
  solve_args.insert(solve_args.end(), matrices.begin(), matrices.end());
  const RunResult engine = RunSeki(solve_args, "", {}, 300);
  const RunResult reference = RunProgram(SEKI_REFERENCE_BINARY, matrices, "", {}, 300);
  ASSERT_EQ(engine.status, 0) << engine.err;
  ASSERT_EQ(reference.status, 0) << reference.err;
  const auto want = ValueLines(engine.out), got = ValueLines(reference.out);
  ASSERT_EQ(want.size(), 2 * matrices.size());
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(got[i], want[i]) << matrices[i / 2];
}

TEST(ReferenceSolver, AgreesWithTheEnginesOnRandomMatrices) {
  std::mt19937 rng(20261127);
  std::vector<std::string> matrices;
  for (int m = 1; m <= 4; ++m)
    for (int n = 1; n <= 4; ++n)
      for (int k = 0; k < 12; ++k) matrices.push_back(RandomMatrix(rng, m, n, m * n > 9 ? 2 : 4));
  ExpectSameValues(matrices);
}

TEST(ReferenceSolver, AgreesOnThePapersSekiAndEveryClass) {
  // Complete seki and d-seki (spec section 4), a semi-complete seki, a seki that is not complete,
  // and matrices that are no seki: every class of both games appears.
  ExpectSameValues({"11/11", "21/12", "12/21", "111/111/111", "220/022/202", "330/033/303",
                    "2,1,0/0,2,1/1,0,2", "31/13", "21/03", "3,3,0,0/0,3,3,0/0,0,3,3/3,0,0,3", "4",
                    "1,2,3"});
}

TEST(ReferenceSolver, RefusesWhatIsNotAStartingMatrix) {
  for (const std::string bad : {"10/00", "12/3", "1x", "9,999"}) {
    const RunResult r = RunProgram(SEKI_REFERENCE_BINARY, {bad});
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace seki::testing
