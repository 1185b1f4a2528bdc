// Matrix text syntax: parsing, every error message, and FormatMatrix round trips; the "I,J" of an
// entry (ParseRowColumn).
#include "engine/base/matrix_text.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/entry_text.hpp"

namespace seki {
namespace {

Matrix Make(std::vector<std::vector<int>> rows) {
  Matrix a(static_cast<int>(rows.size()), static_cast<int>(rows.front().size()));
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) a.set(i, j, rows[i][j]);
  return a;
}

std::string ErrorOf(std::string_view text) {
  try {
    ParseMatrix(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ParseMatrix, DigitRows) {
  EXPECT_EQ(ParseMatrix("033/303/330"), Make({{0, 3, 3}, {3, 0, 3}, {3, 3, 0}}));
  EXPECT_EQ(ParseMatrix("1"), Make({{1}}));
  EXPECT_EQ(ParseMatrix("12345678"), Make({{1, 2, 3, 4, 5, 6, 7, 8}}));
  EXPECT_EQ(ParseMatrix("1/2/3/4/5/6/7/8"), Make({{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}}));
}

TEST(ParseMatrix, CommaRows) {
  EXPECT_EQ(ParseMatrix("3,10,0/0,3,3"), Make({{3, 10, 0}, {0, 3, 3}}));
  EXPECT_EQ(ParseMatrix("255,0/007,1"), Make({{255, 0}, {7, 1}}));
  EXPECT_EQ(ParseMatrix("3, 10 ,0/0 ,3, 3"), Make({{3, 10, 0}, {0, 3, 3}}));
}

TEST(ParseMatrix, MixedRowsAndOneEntryCommaRows) {
  EXPECT_EQ(ParseMatrix("033/3,0,12/330"), Make({{0, 3, 3}, {3, 0, 12}, {3, 3, 0}}));
  EXPECT_EQ(ParseMatrix("12,"), Make({{12}}));
  EXPECT_EQ(ParseMatrix("12,/3,"), Make({{12}, {3}}));
  EXPECT_EQ(ParseMatrix("12,/3"), Make({{12}, {3}}));
}

TEST(ParseMatrix, SurroundingWhitespaceIgnored) {
  EXPECT_EQ(ParseMatrix("  \t033/303/330\r\n"), ParseMatrix("033/303/330"));
  EXPECT_EQ(ParseMatrix("11 / 11"), Make({{1, 1}, {1, 1}}));
}

TEST(ParseMatrix, ZeroLinesAreAccepted) {  // a parse, not a starting-position check
  EXPECT_EQ(ParseMatrix("033/000/330"), Make({{0, 3, 3}, {0, 0, 0}, {3, 3, 0}}));
}

TEST(ParseMatrix, Errors) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "empty matrix"},
      {" \t\n", "empty matrix"},
      {"1/1/1/1/1/1/1/1/1", "9 rows; at most 8 are supported"},
      {"123456789", "row 1 has 9 entries; at most 8 are supported"},
      {"1,2,3,4,5,6,7,8,9", "row 1 has 9 entries; at most 8 are supported"},
      {"033/30/330", "row 2 has 2 entries, expected 3"},
      {"033/3/330", "row 2 has 1 entry, expected 3"},
      {"03/303", "row 2 has 3 entries, expected 2"},
      {"03x/303/330", "row 1, column 3: 'x' is not a digit"},
      {"033/3 3/330", "row 2, column 2: ' ' is not a digit"},
      {"03\t3/303", "row 1, column 3: '\\x09' is not a digit"},
      {"1,x2/3,4", "row 1, column 2: 'x' is not a digit"},
      {"1,+2/3,4", "row 1, column 2: '+' is not a digit"},
      {"1,2/300,4", "row 2, column 1: entry 300 is larger than 255"},
      {"1,2/3,256", "row 2, column 2: entry 256 is larger than 255"},
      {"1,99999999999999999999", "row 1, column 2: entry 99999999999999999999 is larger than 255"},
      {"-1,2/3,4", "row 1: negative entry -1"},
      {"-12/34", "row 1: negative entry -1"},
      {"1-,2", "row 1, column 1: '-' is not a digit"},
      {"11//11", "row 2: empty row"},
      {"11/11/", "row 3: empty row"},
      {"/11", "row 1: empty row"},
      {"1,,2/3,4,5", "row 1, column 2: empty entry between commas"},
      {",1/2,3", "row 1, column 1: empty entry before the first comma"},
      {"1,2,/3,4", "row 1, column 3: empty entry after the last comma"},
      {",", "row 1, column 1: empty entry before the first comma"},
  };
  for (const auto& [text, message] : cases) EXPECT_EQ(ErrorOf(text), message) << "text: " << text;
}

TEST(ParseMatrix, ErrorsAreOneLine) {
  const std::string message = ErrorOf("03\n3/303");
  EXPECT_EQ(message, "row 1, column 3: '\\x0a' is not a digit");
}

TEST(FormatMatrix, DigitAndCommaRows) {
  EXPECT_EQ(FormatMatrix(Make({{0, 3, 3}, {3, 0, 3}, {3, 3, 0}})), "033/303/330");
  EXPECT_EQ(FormatMatrix(Make({{9}})), "9");
  EXPECT_EQ(FormatMatrix(Make({{3, 10, 0}, {0, 3, 3}})), "3,10,0/0,3,3");
  EXPECT_EQ(FormatMatrix(Make({{12}, {3}})), "12,/3,");
  EXPECT_EQ(FormatMatrix(Make({{255}})), "255,");
  EXPECT_EQ(FormatMatrix(ParseMatrix(" 3, 10 ,0/0 ,3, 3 ")), "3,10,0/0,3,3");
}

TEST(FormatMatrix, RoundTripsEveryShapeAndHeight) {
  std::mt19937 rng(12345);
  for (int rows = 1; rows <= kMaxDim; ++rows) {
    for (int cols = 1; cols <= kMaxDim; ++cols) {
      for (int top : {1, 9, 10, 255}) {
        for (int trial = 0; trial < 20; ++trial) {
          Matrix a(rows, cols);
          std::uniform_int_distribution<int> entry(0, top);
          for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j) a.set(i, j, entry(rng));
          const std::string text = FormatMatrix(a);
          EXPECT_EQ(text.find(',') != std::string::npos, a.height() > 9) << text;
          EXPECT_EQ(ParseMatrix(text), a) << text;
          EXPECT_EQ(FormatMatrix(ParseMatrix(text)), text);
        }
      }
    }
  }
}

TEST(ParseRowColumn, ReadsTwoIntegersAndLeavesTheRangeToTheCaller) {
  using Pair = std::pair<int, int>;
  EXPECT_EQ(ParseRowColumn("1,2"), (Pair{1, 2}));
  EXPECT_EQ(ParseRowColumn(" 3 , 1 "), (Pair{3, 1}));
  EXPECT_EQ(ParseRowColumn("9,9"), (Pair{9, 9}));
  EXPECT_EQ(ParseRowColumn("0,-1"), (Pair{0, -1}));
  for (const char* bad : {"", "1", ",", "1,", ",2", "1,2,3", "1;2", "a,b", "1x,2", "99999999999,1"})
    EXPECT_FALSE(ParseRowColumn(bad).has_value()) << bad;
}

}  // namespace
}  // namespace seki
