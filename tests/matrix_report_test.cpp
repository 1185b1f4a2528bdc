// Matrix reports (engine/describe/matrix_report.hpp): the facts and values `seki show`,
// `seki extend` and `seki family` print, checked on the paper's examples against what the paper
// states, and the one-line InputError messages for bad input.
#include "engine/describe/matrix_report.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::M;

// Values come from a SolveEngine with its default choice (the one solve path).
SolveEngine& Engine() {
  static SolveEngine engine;
  return engine;
}

// The message of the InputError `f` throws ("" when it throws none).
template <class F>
std::string InputErrorOf(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(DescribeMatrix, Fig2IsACompleteSekiNotAnIdsm) {
  // A7 = 033/331/312 (the paper's Fig. 2): symmetric, not an IDSM, a complete seki.
  const MatrixReport r = DescribeMatrix(M("033/331/312"), &Engine());
  EXPECT_EQ(r.rows, 3);
  EXPECT_EQ(r.cols, 3);
  EXPECT_EQ(r.sum, 19);
  EXPECT_EQ(r.height, 3);
  EXPECT_EQ(FormatMatrix(r.transpose), "033/331/312");
  EXPECT_FALSE(r.idsm);
  EXPECT_FALSE(r.line_sum.has_value());
  EXPECT_EQ(r.row_sums, (std::vector<int>{6, 7, 6}));
  EXPECT_EQ(r.col_sums, (std::vector<int>{6, 7, 6}));
  EXPECT_TRUE(r.prime);
  EXPECT_EQ(r.blocks.size(), 1u);
  EXPECT_TRUE(r.symmetric);
  EXPECT_TRUE(r.planar);
  ASSERT_TRUE(r.value.has_value());
  EXPECT_EQ(r.value->seki.seki_class(), SekiClass::kComplete);
  EXPECT_TRUE(r.value->dseki.is_seki());  // seki is contained in d-seki (Prop. 1.1)
  EXPECT_NE(r.value->dseki.seki_class(), SekiClass::kComplete);
}

TEST(DescribeMatrix, DirectSumHasTwoPrimeBlocks) {
  const MatrixReport r = DescribeMatrix(M("210/120/003"));
  EXPECT_TRUE(r.idsm);
  EXPECT_EQ(r.line_sum, 3);
  EXPECT_FALSE(r.prime);
  EXPECT_EQ(r.blocks, (std::vector<Matrix>{M("21/12"), M("3")}));
  EXPECT_FALSE(r.value.has_value());
  // Isomorphic matrices share the canonical form.
  EXPECT_EQ(r.canonical, DescribeMatrix(M("300/021/012")).canonical);
}

TEST(DescribeMatrix, SemiCompleteAndK33) {
  // Fig. 4: 033/403/430 is semi-complete, R must pass; not symmetric.
  const MatrixReport fig4 = DescribeMatrix(M("033/403/430"), &Engine());
  EXPECT_EQ(fig4.value->seki.seki_class(), SekiClass::kSemiComplete);
  EXPECT_EQ(fig4.value->seki.r, Result::L);
  EXPECT_FALSE(fig4.symmetric);
  // 111/111/111: K3,3 is not planar; a (0,1)-IDSM, so a complete d-seki (Prop. 3.2).
  const MatrixReport k33 = DescribeMatrix(M("111/111/111"), &Engine());
  EXPECT_FALSE(k33.planar);
  EXPECT_EQ(k33.line_sum, 3);
  EXPECT_EQ(k33.value->dseki.seki_class(), SekiClass::kComplete);
}

TEST(ExtensionReports, E1OfA7AtEveryEntryAsThePaperStates) {
  // The paper: E1 of A7 at (2,2), (2,3), (3,2), (3,3) complete; (1,2), (2,1) semi-complete;
  // (1,3), (3,1) no seki.
  const std::vector<ExtensionReport> list =
      Extensions(M("033/331/312"), Extension::kE1, std::nullopt, &Engine());
  ASSERT_EQ(list.size(), 8u);  // the positive entries, row by row
  EXPECT_EQ(list.front().row, 1);
  EXPECT_EQ(list.front().col, 2);
  std::map<std::string, SekiClass> cls;
  for (const ExtensionReport& e : list) {
    ASSERT_TRUE(e.extension.has_value());
    EXPECT_EQ(e.extension->rows, 4);
    cls[std::to_string(e.row) + "," + std::to_string(e.col)] =
        e.extension->value->seki.seki_class();
  }
  for (const char* at : {"2,2", "2,3", "3,2", "3,3"}) EXPECT_EQ(cls[at], SekiClass::kComplete);
  for (const char* at : {"1,2", "2,1"}) EXPECT_EQ(cls[at], SekiClass::kSemiComplete);
  for (const char* at : {"1,3", "3,1"}) EXPECT_EQ(cls[at], SekiClass::kNone);
  EXPECT_EQ(FormatMatrix(list.front().extension->matrix), "3010/1023/0331/0312");
}

TEST(ExtensionReports, OneEntryAndUndefinedOnes) {
  const std::vector<ExtensionReport> one =
      Extensions(M("22/22"), Extension::kE1, std::pair{1, 1}, &Engine());
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].extension->matrix, SequenceA(3));  // A^3 is E1 of A^2 = 22/22 at (1,1)
  EXPECT_EQ(one[0].extension->line_sum, 4);
  EXPECT_EQ(one[0].extension->value->seki.seki_class(), SekiClass::kComplete);  // Prop. 6.4

  const std::vector<ExtensionReport> e2 =
      Extensions(M("033/331/312"), Extension::kE2, std::nullopt);
  ASSERT_EQ(e2.size(), 8u);
  int undefined = 0;
  for (const ExtensionReport& e : e2)
    if (!e.extension) {
      ++undefined;
      EXPECT_EQ(e.undefined, "undefined: A(" + std::to_string(e.row) + "," + std::to_string(e.col) +
                                 ") = 1 is below 2");
    } else {
      EXPECT_FALSE(e.extension->value.has_value());
    }
  EXPECT_EQ(undefined, 2);  // the entries equal to 1: (2,3) and (3,2)
}

TEST(ExtensionReports, BadInputIsOneLine) {
  const Matrix a7 = M("033/331/312");
  EXPECT_EQ(InputErrorOf([&] {
              Extensions(a7, Extension::kE1, std::pair{9, 9});
            }),
            "--at: (9,9) is outside the 3x3 matrix");
  EXPECT_EQ(InputErrorOf([&] {
              Extensions(a7, Extension::kE1, std::pair{1, 1});
            }),
            "--at: A(1,1) = 0: extensions are taken at positive entries");
  EXPECT_EQ(InputErrorOf([&] {
              Extensions(a7, Extension::kE2, std::pair{2, 3});
            }),
            "--at: E2 at (2,3) is undefined: A(2,3) = 1 is below 2");
  EXPECT_EQ(
      InputErrorOf([] { CheckExtendable(M("11111111/11111111")); }),
      "11111111/11111111: 2x8: an extension would have 3 rows and 9 columns (at most 8 each)");
  EXPECT_EQ(InputErrorOf([] { CheckExtendable(M("11/11"), "FILE:3"); }), "");
}

TEST(FamilyReports, SequencesAndTwoCyclesAsPropositionsState) {
  // Prop. 6.4: A^n (line sum 4) and B^n (line sum 5) are complete seki except B^2 (a seki).
  const FamilyReport a4 = Family("A", 4, &Engine());
  EXPECT_EQ(a4.family, 'A');
  EXPECT_EQ(a4.name, "A^4");
  EXPECT_EQ(FormatMatrix(a4.member.matrix), "3100/1210/0112/0022");  // as printed in the paper
  EXPECT_EQ(a4.member.line_sum, 4);
  EXPECT_TRUE(a4.member.prime);
  EXPECT_EQ(a4.member.value->seki.seki_class(), SekiClass::kComplete);
  const FamilyReport b3 = Family("b", 3, &Engine());
  EXPECT_EQ(b3.name, "B^3");
  EXPECT_EQ(FormatMatrix(b3.member.matrix), "320/212/023");
  EXPECT_EQ(b3.member.line_sum, 5);
  EXPECT_EQ(b3.member.value->seki.seki_class(), SekiClass::kComplete);
  const FamilyReport b2 = Family("B", 2, &Engine());
  EXPECT_EQ(b2.member.value->seki.seki_class(), SekiClass::kSeki);
  // Theorem 6.7: the 2-cycle C_5 is a prime complete d-seki.
  const FamilyReport c5 = Family("C", 5, &Engine());
  EXPECT_EQ(c5.name, "C_5");
  EXPECT_TRUE(c5.member.prime);
  EXPECT_EQ(c5.member.value->dseki.seki_class(), SekiClass::kComplete);
  EXPECT_FALSE(Family("B", 8).member.value.has_value());
}

TEST(FamilyReports, BadInputIsOneLine) {
  EXPECT_EQ(InputErrorOf([] { Family("D", 3); }), "family: 'D' is not A, B or C");
  EXPECT_EQ(InputErrorOf([] { Family("A", 9); }), "--n: A^n needs n in 2..8");
  EXPECT_EQ(InputErrorOf([] { Family("C", 2); }), "--n: the 2-cycle C_N needs N in 3..8");
}

TEST(DescribeMatrix, RefusesHopelessPositionsAsSolveDoes) {
  const Matrix big = M("22222222/22222222/22222222/22222222/22222222/22222222/22222222/22222222");
  EXPECT_EQ(InputErrorOf([&] {
              DescribeMatrix(big, &Engine(), "big");
            }).rfind("big: too large to solve: ", 0),
            0u);
  EXPECT_EQ(InputErrorOf([&] { DescribeMatrix(M("033/331/312"), &Engine()); }), "");
}

}  // namespace
}  // namespace seki
