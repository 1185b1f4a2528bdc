// Tables for papers: `seki census --latex` (every row and total of the census tables against the
// census of the same run, the summary row, one table float per shape, game and axis) and `seki
// solve --format latex` (one row per matrix whose values are those of `seki solve --format
// json`), with the booktabs rules in place and bad input refused in one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "engine/census/census.hpp"
#include "engine/run/run.hpp"
#include "tests/seki_process.hpp"
#include "tests/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using seki::Census;
using seki::CensusCell;
using seki::CensusKind;
using seki::Game;
using seki::testing::Lines;
using seki::testing::RunSeki;

// The cells of a LaTeX row "a & b & c \\" without the row's trailing "\\".
std::vector<std::string> Cells(const std::string& row) {
  std::vector<std::string> out;
  std::string body = row.substr(0, row.rfind("\\\\"));
  std::size_t start = 0;
  for (;;) {
    const std::size_t amp = body.find('&', start);
    std::string cell = body.substr(start, amp == std::string::npos ? amp : amp - start);
    cell.erase(0, cell.find_first_not_of(' '));
    cell.erase(cell.find_last_not_of(' ') + 1);
    out.push_back(cell);
    if (amp == std::string::npos) return out;
    start = amp + 1;
  }
}

std::vector<std::string> Expected(const std::string& first, const CensusCell& a,
                                  const CensusCell& b) {
  std::vector<std::string> out = {first};
  for (const CensusCell* c : {&a, &b})
    for (std::uint64_t n : {c->total, c->prime, c->idsm, c->symmetric, c->planar})
      out.push_back(std::to_string(n));
  return out;
}

// The rows between \midrule and \bottomrule of the table labelled `label`.
std::vector<std::string> TableRows(const std::string& latex, const std::string& label) {
  const std::size_t at = latex.find("\\label{" + label + "}");
  EXPECT_NE(at, std::string::npos) << label;
  if (at == std::string::npos) return {};
  const std::size_t begin = latex.find("\\midrule\n", at) + 9;
  const std::size_t end = latex.find("\\bottomrule", at);
  std::vector<std::string> rows;
  for (const std::string& line : Lines(latex.substr(begin, end - begin)))
    if (line != "\\midrule") rows.push_back(line);
  return rows;
}

class LatexTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new seki::testing::TempDir;
    seki::RunParameters p;
    p.rows = 3, p.cols = 3, p.max_entry = 4;
    p.out = (dir_->path() / "3x3h4").string();
    p.command_line = "test enumerate";
    seki::Run(p).Execute();
  }
  static void TearDownTestSuite() { delete dir_; }
  static std::string Run3x3() { return (dir_->path() / "3x3h4").string(); }
  static inline seki::testing::TempDir* dir_ = nullptr;
};

TEST_F(LatexTest, CensusTablesHaveTheCensusCounts) {
  const auto r = RunSeki({"census", Run3x3(), "--latex"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Census c = seki::CensusFromRun(Run3x3());
  EXPECT_NE(r.out.find("% Census of complete and semi-complete seki (\\usepackage{booktabs})"),
            std::string::npos);
  std::size_t rows_checked = 0;
  for (Game g : seki::kGames)
    for (bool by_height : {true, false}) {
      const std::string label = std::string("tab:census-3x3-") + std::string(seki::GameName(g)) +
                                (by_height ? "-height" : "-sum");
      const std::vector<std::string> rows = TableRows(r.out, label);
      const std::vector<seki::CensusRow> expected = seki::CensusRows(c, g, by_height);
      ASSERT_EQ(rows.size(), expected.size() + 1) << label;  // and the totals
      for (std::size_t k = 0; k < expected.size(); ++k) {
        EXPECT_EQ(Cells(rows[k]), Expected(std::to_string(expected[k].value), expected[k].complete,
                                           expected[k].semi_complete))
            << label << ": " << rows[k];
        ++rows_checked;
      }
      EXPECT_EQ(Cells(rows.back()), Expected("all", c.Table(g, CensusKind::kComplete).total,
                                             c.Table(g, CensusKind::kSemiComplete).total));
    }
  EXPECT_EQ(rows_checked, 20u);  // the four tables of 3x3 <= 4 have 20 rows between them
  // The seven complete seki of height 3 of the paper, all prime, in the SEKI table by height.
  const std::vector<std::string> height = TableRows(r.out, "tab:census-3x3-seki-height");
  ASSERT_FALSE(height.empty());
  bool found = false;
  for (const std::string& row : height)
    if (Cells(row)[0] == "3") {
      found = true;
      EXPECT_EQ(Cells(row)[1], "7");
      EXPECT_EQ(Cells(row)[2], "7");
    }
  EXPECT_TRUE(found);
  // The summary: classes (Burnside) and starting classes of the manifest.
  const std::vector<std::string> summary = TableRows(r.out, "tab:census-summary");
  ASSERT_EQ(summary.size(), 1u);
  const std::vector<std::string> cells = Cells(summary[0]);
  ASSERT_EQ(cells.size(), 10u);
  EXPECT_EQ(cells[3], "57675");
  EXPECT_EQ(cells[4], "54840");
  EXPECT_EQ(cells[5], std::to_string(c.Table(Game::kSeki, CensusKind::kComplete).total.total));
  // Balanced environments: every table float opens and closes, with its booktabs rules.
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = r.out.find(what); at != std::string::npos; at = r.out.find(what, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("\\begin{table}"), 5u);
  EXPECT_EQ(count("\\end{table}"), 5u);
  EXPECT_EQ(count("\\toprule"), 5u);
  EXPECT_EQ(count("\\bottomrule"), 5u);
}

TEST_F(LatexTest, SolveRowsHaveTheJsonValues) {
  const std::vector<std::string> matrices = {"033/331/312", "033/403/430", "13/33", "3,10,0/0,3,3",
                                             "111/111/111"};
  std::vector<std::string> args = {"solve", "--format", "latex"};
  args.insert(args.end(), matrices.begin(), matrices.end());
  const auto latex = RunSeki(args);
  ASSERT_EQ(latex.status, 0) << latex.err;
  args[2] = "json";
  const auto json = RunSeki(args);
  ASSERT_EQ(json.status, 0) << json.err;
  const std::vector<std::string> objects = Lines(json.out);
  ASSERT_EQ(objects.size(), matrices.size());
  std::vector<std::string> rows;
  for (const std::string& line : Lines(latex.out))
    if (line.rfind("\\texttt{", 0) == 0) rows.push_back(line);
  ASSERT_EQ(rows.size(), matrices.size());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const nlohmann::json j = nlohmann::json::parse(objects[k]);
    const std::vector<std::string> cells = Cells(rows[k]);
    ASSERT_EQ(cells.size(), 14u) << rows[k];
    EXPECT_EQ(cells[0], "\\texttt{" + j["matrix"].get<std::string>() + "}");
    EXPECT_EQ(cells[1], "$" + std::to_string(j["rows"].get<int>()) + " \\times " +
                            std::to_string(j["cols"].get<int>()) + "$");
    EXPECT_EQ(cells[2], std::to_string(j["sum"].get<int>()));
    EXPECT_EQ(cells[3], std::to_string(j["height"].get<int>()));
    std::size_t at = 4;
    for (const char* game : {"seki", "dseki"}) {
      for (const char* v : {"R", "C", "r", "c"}) EXPECT_EQ(cells[at++], j[game][v]) << rows[k];
      const std::string cls = j[game]["class"];
      EXPECT_EQ(cells[at++], cls == "none" ? "--" : cls) << rows[k];
    }
  }
  EXPECT_EQ(Cells(rows[0])[8], "complete");       // Fig. 2 of the paper
  EXPECT_EQ(Cells(rows[1])[8], "semi-complete");  // 033/403/430
  EXPECT_EQ(latex.out.substr(latex.out.size() - 26), "\\bottomrule\n\\end{tabular}\n");
  EXPECT_EQ(RunSeki({"solve", "--format", "latex", "--exhaustive", "033/331/312"}).out,
            RunSeki({"solve", "--format", "latex", "033/331/312"}).out);
}

TEST_F(LatexTest, BadInputIsOneLine) {
  seki::testing::ExpectBadInput({"solve", "--format", "latex", "--moves", "033/331/312"});
  seki::testing::ExpectBadInput({"solve", "--format", "latex", "033/33"});
  seki::testing::ExpectBadInput({"census", "--latex", (dir_->path() / "none").string()});
}

}  // namespace
