// The census below a matrix (engine/census/census_below.hpp, `seki census --below`): its classes
// are those the level engine finds among the same matrices (the complete and semi-complete classes
// of a `seki enumerate` run whose region holds the box, kept when some row and column permutation
// of the class is <= A), on boxes of 3x3, 3x4 and 4x4; its counts of seki and d-seki matrices by
// height are those of every B <= A solved one by one; every class re-solved by the search engine
// has the class listed; 1 and 2 threads and 1, 2 and 3 ranks (threads of one process) give the
// same census; a census stopped and resumed from its checkpoint is that of one pass; the command's
// text, JSON and LaTeX, and its bad input.
#include "engine/census/census_below.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <numeric>
#include <thread>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "run_fixture.hpp"
#include "stop_part_way.hpp"
#include "test_support.hpp"
#include "thread_ranks.hpp"

namespace seki {
namespace {

namespace fs = std::filesystem;
using testing::M;
using Classes = std::map<Matrix, std::array<SekiClass, 2>>;

SolveEngineOptions Options(int threads = 1) {
  return SolveEngineOptions{.memory_bytes = std::size_t{1} << 30, .threads = threads};
}

Classes Found(const CensusBelow& c) {
  Classes out;
  for (const BelowClass& b : c.classes) out[b.matrix] = b.kind;
  return out;
}

// The complete and semi-complete classes of a finished run (its four catalogues), by canonical
// form.
Classes RunClasses(const fs::path& dir) {
  Classes out;
  for (Game g : kGames)
    for (const char* kind : {"complete", "semi-complete"}) {
      const fs::path file = dir / GameName(g) / (std::string(kind) + ".txt");
      for (const std::string& line : testing::FileLines(file)) {
        if (line.empty() || line[0] == '#') continue;
        const auto r = ParseCatalogueLine(line);
        EXPECT_TRUE(r) << line;
        if (!r) continue;
        out[canon::CanonicalForm(r->matrix)][static_cast<int>(g)] =
            std::string(kind) == "complete" ? SekiClass::kComplete : SekiClass::kSemiComplete;
      }
    }
  return out;
}

// Whether some row and column permutation of b is <= a entrywise.
bool BelowUpToPermutation(const Matrix& b, const Matrix& a) {
  std::vector<int> rows(b.rows()), cols(b.cols());
  std::iota(rows.begin(), rows.end(), 0);
  do {
    std::iota(cols.begin(), cols.end(), 0);
    do {
      bool below = true;
      for (int i = 0; i < b.rows() && below; ++i)
        for (int j = 0; j < b.cols() && below; ++j) below = b(rows[i], cols[j]) <= a(i, j);
      if (below) return true;
    } while (std::next_permutation(cols.begin(), cols.end()));
  } while (std::next_permutation(rows.begin(), rows.end()));
  return false;
}

class CensusBelowTest : public ::testing::Test {
 protected:
  // A run of rows x cols, entries <= max_entry, made once per shape.
  fs::path Run(int rows, int cols, int max_entry) {
    const fs::path dir = scratch_.path() / (std::to_string(rows) + "x" + std::to_string(cols) +
                                            "-" + std::to_string(max_entry));
    if (!fs::exists(dir)) testing::MakeRun(dir, rows, cols, max_entry, false);
    return dir;
  }
  testing::TempDir scratch_;
};

TEST_F(CensusBelowTest, TheLevelEngineFindsTheSameClasses) {
  struct Box {
    int max_entry;
    const char* a;
  };
  for (const Box& box : {Box{3, "333/333/333"}, Box{3, "332/321/213"}, Box{3, "303/033/330"},
                         Box{2, "2222/2222/2222"}, Box{2, "2212/1222/2121"},
                         Box{2, "2222/2222/2222/2222"}, Box{2, "2210/1221/0122/2102"}}) {
    const Matrix a = M(box.a);
    SCOPED_TRACE(box.a);
    Classes want;
    for (const auto& [m, kind] : RunClasses(Run(a.rows(), a.cols(), box.max_entry)))
      if (BelowUpToPermutation(m, a)) want[m] = kind;
    const CensusBelow got = TakeCensusBelow(a, Options(), "test");
    EXPECT_FALSE(want.empty());
    EXPECT_EQ(Found(got), want);
    EXPECT_EQ(got.census.classes, want.size());
    EXPECT_EQ(got.bytes > 0, true);
  }
}

TEST_F(CensusBelowTest, CountsAreThoseOfEveryMatrixSolvedAlone) {
  const Matrix a = M("322/231/213");
  std::array<std::map<int, std::uint64_t>, 2> seki;
  std::uint64_t starting = 0, matrices = 0;
  ExhaustiveSolver solver;
  Matrix b(3, 3);
  std::vector<int> cell(9, 0);
  for (;;) {
    for (int k = 0; k < 9; ++k) b.set(k / 3, k % 3, cell[k]);
    ++matrices;
    if (!b.has_zero_line()) {
      ++starting;
      const Solution v = solver.Solve(b);
      if (v.seki.seki_class() != SekiClass::kNone) ++seki[0][b.height()];
      if (v.dseki.seki_class() != SekiClass::kNone) ++seki[1][b.height()];
    }
    int k = 0;
    while (k < 9 && ++cell[k] > a(k / 3, k % 3)) cell[k++] = 0;
    if (k == 9) break;
  }
  const CensusBelow got = TakeCensusBelow(a, Options(), "test");
  EXPECT_EQ(got.matrices, matrices);
  EXPECT_EQ(got.census.starting, starting);
  EXPECT_EQ(got.seki_matrices, seki);
}

TEST_F(CensusBelowTest, EveryClassReSolvedByTheSearchAgrees) {
  const CensusBelow got = TakeCensusBelow(M("2222/2222/2222/2222"), Options(), "test");
  ASSERT_GT(got.classes.size(), 10u);
  SolveEngine search(SolveEngineOptions{.kind = EngineKind::kSearch});
  for (const BelowClass& b : got.classes) {
    const Solution v = search.Solve(b.matrix);
    const auto listed = [](SekiClass k) {
      return k == SekiClass::kComplete || k == SekiClass::kSemiComplete ? k : SekiClass::kNone;
    };
    EXPECT_EQ(listed(v.seki.seki_class()), b.kind[0]) << FormatMatrix(b.matrix);
    EXPECT_EQ(listed(v.dseki.seki_class()), b.kind[1]) << FormatMatrix(b.matrix);
  }
}

// The census of a on `ranks` ranks (threads of one process) of `threads` threads each, rank 0's
// after the merge.
CensusBelow OnRanks(const Matrix& a, int ranks, int threads) {
  testing::Mailboxes boxes(ranks);
  std::vector<std::unique_ptr<CensusTaker>> takers;
  for (int q = 0; q < ranks; ++q) takers.push_back(std::make_unique<CensusTaker>(a));
  std::vector<int> split(ranks, 0);
  {
    std::vector<std::jthread> threads_of;
    for (int q = 0; q < ranks; ++q)
      threads_of.emplace_back([&, q] {
        testing::ThreadRanks mine(boxes, q);
        SolveEngineOptions o = Options(threads);
        o.kind = EngineKind::kDownset;
        o.ranks = &mine;
        o.take = takers[q].get();
        SolveEngine engine(o);
        engine.Solve(a);
        split[q] = engine.downset()->split_ranks();
      });
  }
  EXPECT_EQ(split[0], ranks);
  for (int q = 1; q < ranks; ++q) takers[0]->Merge(takers[q]->Save());
  return takers[0]->Result("test");
}

TEST_F(CensusBelowTest, ThreadsAndRanksGiveTheSameCensus) {
  const Matrix a = M("2222/2222/2222/2222");
  const CensusBelow one = TakeCensusBelow(a, Options(1), "test");
  EXPECT_EQ(TakeCensusBelow(a, Options(2), "test"), one);
  for (int ranks : {2, 3}) {
    SCOPED_TRACE(ranks);
    EXPECT_EQ(OnRanks(a, ranks, 1 + (ranks & 1)), one);
  }
}

// A census stopped part way and resumed from its checkpoint (a fresh taker: what was found comes
// back from the checkpoint) is the census of one uninterrupted pass, in both storage modes and at
// 1 and 2 threads.
TEST_F(CensusBelowTest, StoppedCensusResumesWithWhatItFound) {
  const Matrix a = M("2222/2222/2222/2222");
  const CensusBelow want = TakeCensusBelow(a, Options(1), "test");
  const std::filesystem::path dir = scratch_.path() / "census-checkpoint";
  int resumed = 0;
  for (const bool one_game : {false, true})
    for (const int threads : {1, 2})
      for (const double at : {0.3, 0.7}) {
        SCOPED_TRACE(::testing::Message()
                     << "one game " << one_game << " threads " << threads << " stopped at " << at);
        std::filesystem::remove_all(dir);
        DownsetOptions options{.full_table_bytes = 0, .threads = threads};
        if (one_game) options.mode = DownsetMode::kOneGame;
        options.checkpoint = dir;
        std::atomic<bool> stop{false};
        options.stop = &stop;
        CensusTaker first_taker(a);
        options.take = &first_taker;
        DownsetEngine first(options);
        const bool stopped = testing::StopPartWay(first, at, stop, [&] { first.Solve(a); });
        CensusTaker taker(a);
        if (stopped) {
          ++resumed;
          options.stop = nullptr;
          options.resume = true;
          options.take = &taker;
          DownsetEngine second(options);
          second.Solve(a);
        }
        EXPECT_EQ((stopped ? taker : first_taker).Result("test"), want);
      }
  EXPECT_GT(resumed, 0);  // at least one pass was stopped part way and resumed
}

TEST_F(CensusBelowTest, CommandLine) {
  const auto json_run = testing::RunSeki({"census", "--below", "22/22", "--format", "json", "-q"});
  ASSERT_EQ(json_run.status, 0) << json_run.err;
  const nlohmann::json j = nlohmann::json::parse(json_run.out);
  EXPECT_EQ(j["below"], "22/22");
  EXPECT_EQ(j["matrices"], 81);
  // 22/22 itself, 11/11, 20/02, 21/12 are complete seki below 22/22 (the spec's four 2x2).
  std::vector<std::string> complete;
  for (const auto& c : j["classes"])
    if (c["seki"] == "complete") complete.push_back(c["matrix"]);
  EXPECT_EQ(complete, (std::vector<std::string>{"11/11", "02/20", "12/21", "22/22"}));

  const auto text = testing::RunSeki({"census", "--below", "22/22", "-q"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("every B <= 22/22"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("| 22/22 | 2 | 8 | complete |"), std::string::npos) << text.out;
  const auto latex = testing::RunSeki({"census", "--below", "22/22", "--latex", "-q"});
  ASSERT_EQ(latex.status, 0) << latex.err;
  EXPECT_NE(latex.out.find("\\begin{longtable}"), std::string::npos);

  const auto zero = testing::RunSeki({"census", "--below", "20/00"});
  EXPECT_EQ(zero.status, 2);
  EXPECT_EQ(std::count(zero.err.begin(), zero.err.end(), '\n'), 1) << zero.err;
  const auto both = testing::RunSeki({"census", "--below", "22/22", "somedir"});
  EXPECT_EQ(both.status, 2) << both.err;
  const auto big = testing::RunSeki(
      {"census", "--below", "99999/99999/99999/99999/99999", "--memory-limit", "1M", "-q"});
  EXPECT_EQ(big.status, 3) << big.err;
}

}  // namespace
}  // namespace seki
