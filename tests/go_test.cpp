// engine/go: GO coordinates, diagrams, SGF (read, damaged files, write and read back), the model of
// a position with every check that refuses one outside it, the verdict in GO words, and boards
// realising the catalogue's planar matrices.
#include <gtest/gtest.h>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_model.hpp"
#include "engine/go/go_realise.hpp"
#include "engine/go/go_verdict.hpp"
#include "engine/go/sgf.hpp"
#include "engine/structure/planarity.hpp"
#include "tests/go_positions.hpp"

namespace seki::go {
namespace {

using testing::kBlackEye;
using testing::kClassicSeki;
using testing::kOneLiberty;
using testing::kThreeLiberties;

GoModel Model(const char* diagram, const std::string& region = "") {
  const Board b = ReadDiagram(diagram, "test");
  return ExtractModel(b, ParseSelection(region, b, "--region"), "test");
}

std::string Problem(const char* text, const std::string& region = "") {
  try {
    Model(text, region);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(GoCoordinates, ColumnsSkipIAndRowOneIsAtTheBottom) {
  EXPECT_EQ(PointName({0, 0}), "A1");
  EXPECT_EQ(PointName({8, 0}), "J1");
  EXPECT_EQ(PointName({18, 18}), "T19");
  const Point p = ParsePointName("j10", 19, 19, "x");
  EXPECT_EQ(p, (Point{8, 9}));
  EXPECT_THROW(ParsePointName("I3", 19, 19, "x"), InputError);
  EXPECT_THROW(ParsePointName("C20", 19, 19, "x"), InputError);
  EXPECT_THROW(ParsePointName("C", 19, 19, "x"), InputError);
  EXPECT_THROW(Board(26, 26), InputError);
}

TEST(GoDiagram, ReadsItsOwnOutputAndForumForms) {
  const Board b = ReadDiagram(kClassicSeki, "t");
  EXPECT_EQ(b.width(), 7);
  EXPECT_EQ(b.height(), 6);
  EXPECT_EQ(b.at({1, 4}), Stone::kWhite);  // B5
  EXPECT_EQ(b.at({4, 3}), Stone::kBlack);  // E4
  EXPECT_EQ(ReadDiagram(DiagramText(b), "t"), b);
  EXPECT_EQ(ReadDiagram("$$ +-----+\n$$ | X O |\n$$ | . + |\n$$ +-----+\n", "t").at({0, 1}),
            Stone::kBlack);
  EXPECT_THROW(ReadDiagram("X O\nX\n", "t"), InputError);
  EXPECT_THROW(ReadDiagram("X Q\n", "t"), InputError);
  EXPECT_THROW(ReadDiagram("\n\n", "t"), InputError);
}

TEST(GoSgf, MainLineWithCapturesAndSetup) {
  // Setup, then Black captures the white stones on the first line; a variation not taken.
  const Board b = ReadSgf(
      "(;GM[1]FF[4]SZ[5]AB[ad]AW[ae][be:ce];B[bd]C[a \\] bracket];W[];B[cd];W[tt];B[de]"
      "(;W[ee])(;W[aa]))",
      "t");
  EXPECT_EQ(b.width(), 5);
  EXPECT_EQ(b.at({0, 1}), Stone::kBlack);  // A2
  EXPECT_EQ(b.at({0, 0}), Stone::kEmpty);  // A1..C1 captured by D1
  EXPECT_EQ(b.at({2, 0}), Stone::kEmpty);
  EXPECT_EQ(b.at({3, 0}), Stone::kBlack);
  EXPECT_EQ(b.at({4, 0}), Stone::kWhite);  // E1, the main line
  EXPECT_EQ(b.at({0, 4}), Stone::kEmpty);  // A5 is the second variation's
  const Board r = ReadSgf("(;SZ[7:5]AB[aa])", "t");
  EXPECT_EQ(r.width(), 7);
  EXPECT_EQ(r.height(), 5);
}

TEST(GoSgf, DamagedFilesAndOtherGamesAreRefused) {
  for (const char* bad :
       {"", "hello", "(;SZ[9]AB[aa]", "(;SZ[9]AB[aa", "(;SZ[x])", "(;SZ[30])", "(;GM[2]SZ[9])",
        "(;SZ[5]AB[zz])", "(;SZ[5]B[aa];W[aa])", "(;SZ[5]AB)", "(SZ[5])"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(ReadSgf(bad, "f.sgf"), InputError);
  }
  try {
    ReadSgf("(;GM[2]SZ[9])", "f.sgf");
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "f.sgf: SGF: GM[2] is not a game of GO (GM[1])");
  }
}

TEST(GoSgf, WrittenRecordsReadBack) {
  const GoModel m = Model(kClassicSeki);
  SolveEngine engine;
  const GoAnalysis a = AnalyseGo(m, engine, "t");
  const std::string text = WriteSgf(AnalysisRecord(a, "classic"));
  EXPECT_EQ(ReadSgf(text, "t").at({2, 3}), Stone::kEmpty);
  EXPECT_NE(text.find("LB[cc:1,1][dc:1,1]"), std::string::npos) << text;
  EXPECT_NE(text.find("C[seki: matrix 2"), std::string::npos) << text;
  EXPECT_NE(text.find("(;B[];W[]C[Black first (SEKI): both pass"), std::string::npos) << text;
}

TEST(GoModelTest, TheClassicSekiIsTheMatrixTwo) {
  const GoModel m = Model(kClassicSeki);
  EXPECT_EQ(FormatMatrix(m.matrix), "2");
  EXPECT_EQ(m.RowName(0), "W B5");
  EXPECT_EQ(m.ColName(0), "B E4");
  ASSERT_EQ(m.liberties.size(), 2u);
  EXPECT_EQ(PointName(m.liberties[0].at), "C4");
  EXPECT_EQ(FormatMatrix(Model(kThreeLiberties).matrix), "3");
  EXPECT_EQ(FormatMatrix(Model(kOneLiberty).matrix), "1");
  // The same groups named by a region or by points.
  EXPECT_EQ(FormatMatrix(Model(kClassicSeki, "B5,E4").matrix), "2");
  EXPECT_EQ(FormatMatrix(Model(kClassicSeki, "B3:E4").matrix), "2");
}

TEST(GoModelTest, EachConditionIsNamed) {
  EXPECT_EQ(Problem(kBlackEye, "B6,D5"), "test: an eye at D4 of the black group B D5");
  EXPECT_NE(Problem(kBlackEye).find("no group in the model"), std::string::npos);
  EXPECT_NE(Problem(kBlackEye).find("an eye at D4"), std::string::npos);
  // A wall chosen as a group: its liberty A6 touches the wall above too.
  EXPECT_EQ(Problem(kClassicSeki, "A5,B5,E4"),
            "test: a liberty at A6 touching two black groups (B B6 and B A5), which could join");
  EXPECT_EQ(Problem(". X O .\n. X O .\n", "B2,C2"),
            "test: the black group B B2 has an outside liberty at A2 (not shared with a white "
            "group)");
  // The black chain without its white partner.
  EXPECT_EQ(Problem(kClassicSeki, "E4"),
            "test: the liberty at C4 of B E4 touches W B5, which is not one of the groups");
  // Two white chains meet at one liberty.
  EXPECT_NE(Problem(". O . \nO . O\n. O .\n", "B3,A2").find("touching two white groups"),
            std::string::npos);
  // A shared liberty next to an empty point that is another chain's liberty.
  const char* next_to_empty = R"(
X X X X X X .
O O O O O X .
O X X . . O X
O O O O O O X
. . . . . O X
)";
  EXPECT_NE(Problem(next_to_empty, "A4,B3").find("is next to the empty point"), std::string::npos)
      << Problem(next_to_empty, "A4,B3");
  EXPECT_NE(Problem(kClassicSeki, "A1:A1").find("holds no stone"), std::string::npos);
  EXPECT_NE(Problem(kClassicSeki, "C4").find("C4 is empty"), std::string::npos);
  EXPECT_NE(Problem(kClassicSeki, "Z4").find("is not a point"), std::string::npos);
}

TEST(GoVerdict, SaysTheGameInGoWords) {
  SolveEngine engine;
  const GoAnalysis two = AnalyseGo(Model(kClassicSeki), engine, "t");
  EXPECT_EQ(two.verdict.rfind("Complete seki: whoever fills a shared liberty first", 0), 0u);
  EXPECT_EQ(two.parting, "");
  EXPECT_EQ(two.lines.at(0).ending, "both pass: the groups live in seki");
  const GoAnalysis one = AnalyseGo(Model(kOneLiberty), engine, "t");
  EXPECT_NE(one.verdict.find("Whoever moves first captures"), std::string::npos) << one.verdict;
  EXPECT_EQ(GoLineMoves(one.lines.at(0)), "B D4");
  EXPECT_EQ(one.lines.at(0).ending, "Black captures W B5 (the capture comes first)");
  const GoAnalysis three = AnalyseGo(Model(kThreeLiberties), engine, "t");
  EXPECT_NE(three.verdict.find("Seki (not complete): Black may fill C4 D4 E4 safely"),
            std::string::npos)
      << three.verdict;
  const std::string text = GoAnalysisText(two);
  EXPECT_NE(text.find("A(1,1) = 2: C4 D4"), std::string::npos) << text;
  EXPECT_NE(text.find("C4   A(1,1)  Black L  White L"), std::string::npos) << text;
}

TEST(GoRealise, BuildsTheCatalogueOnABoard) {
  SolveEngine engine;
  for (const char* text :
       {"1", "2", "3", "11/11", "20/02", "21/12", "22/22", "12/22", "11", "033/303/330",
        "301/022/121", "320/212/023", "320/203/032", "320/213/033", "033/331/312", "033/403/430",
        "220/202/022", "3100/1210/0112/0022"}) {
    SCOPED_TRACE(text);
    const Matrix a = ParseMatrix(text);
    const Realisation r = Realise(a, text);
    EXPECT_EQ(r.model.matrix.rows(), a.rows());
    EXPECT_EQ(r.model.matrix.sum(), a.sum());
    // The board read back by default finds the same groups, and the values are the matrix's.
    const GoModel again = ExtractModel(r.board, {}, "t");
    EXPECT_EQ(FormatMatrix(again.matrix), FormatMatrix(r.model.matrix));
    EXPECT_EQ(engine.Solve(again.matrix).seki, engine.Solve(a).seki);
  }
  EXPECT_THROW(Realise(ParseMatrix("133/313/331"), "x"), InputError);
}

TEST(GoRealise, EveryPlanarThreeByThreeSupport) {
  int realised = 0;
  for (int mask = 1; mask < 512; ++mask) {
    Matrix a(3, 3);
    for (int k = 0; k < 9; ++k) a.set(k / 3, k % 3, (mask >> k & 1) * 3);
    if (a.has_zero_line() || !IsPlanar(a)) continue;
    SCOPED_TRACE(FormatMatrix(a));
    EXPECT_EQ(Realise(a, "t").model.matrix.sum(), a.sum());
    ++realised;
  }
  EXPECT_EQ(realised, 264);
}

}  // namespace
}  // namespace seki::go
