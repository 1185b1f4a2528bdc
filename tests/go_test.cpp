// engine/go: GO coordinates, diagrams, SGF (read, damaged files, write and read back), the model of
// a position with every check that refuses one outside it, the verdict in GO words, and boards
// realising the catalogue's planar matrices, closed by walls that live with two eyes each.
#include <gtest/gtest.h>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/go/benson.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_model.hpp"
#include "engine/go/go_realise.hpp"
#include "engine/go/go_verdict.hpp"
#include "engine/go/live_walls.hpp"
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
  // A wall chosen as a group: its liberty A6 touches the wall above too; both chosen, they could
  // join.
  EXPECT_EQ(Problem(kClassicSeki, "A5,B5,E4"),
            "test: the liberty at A6 of the black group B A5 touches the black wall B B6 (a stone "
            "there would join them)");
  EXPECT_EQ(Problem(kClassicSeki, "A5,B6,B5,E4"),
            "test: a liberty at A6 touching two black groups (B B6 and B A5), which could join");
  // Two empty points next to the black chain alone: an eye of two points.
  EXPECT_EQ(Problem(". X O .\n. X O .\n", "B2,C2"),
            "test: an eye of 2 points (A2 A1) of the black group B B2 (eyes of two or more "
            "points are outside the model)");
  // The black chain without its white partner: the ring is a wall, its liberties are outside
  // liberties of the black group, and no white group is left.
  EXPECT_EQ(Problem(kClassicSeki, "E4"), "test: no white group among the groups (1 selected)");
  // A ko: a black stone at C2 would capture the white stone B2 and could be retaken.
  EXPECT_EQ(Problem(". X O . .\nX O . O .\n. X O . .\n", "B2"),
            "test: a ko at C2: the white stone W B2 can be captured there and retaken");
  // A liberty of a group next to a wall of its colour: a black stone at B3 joins B C3 and B A3.
  EXPECT_EQ(Problem("X X X X X\nO O O O O\nX . X X X\nX X O O O\nX X X X X\n", "C3,B4"),
            "test: the liberty at B3 of the black group B C3 touches the black wall B A3 (a stone "
            "there would join them)");
  // An outside liberty next to empty points only, whose region reaches a black stone elsewhere.
  EXPECT_EQ(Problem("X X X X X\nO O O O X\nO . . . X\nO O O O X\nX X X X X\n", "A4"),
            "test: the outside liberty at B3 of the white group W A4 touches no black stone (a "
            "black stone there could be captured)");
  // Two one-point eyes: the chain lives.
  EXPECT_EQ(Problem("X X X X X X X\nX O O O O O X\nX O . O . O X\nX O O O O O X\nX X X X X X "
                    "X\n",
                    "B4"),
            "test: the white group W B4 has two eyes (C3 E3): it lives, so it is a wall, not a "
            "group of a race");
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
  EXPECT_EQ(Problem(next_to_empty, "A4,B3"),
            "test: the outside liberty at E3 of the white group W A4 touches no black stone (a "
            "black stone there could be captured)");
  // The classic seki with B4 empty: C4 is next to B4, a liberty of the ring but not of B E4.
  const char* gap = R"(
. X X X X X .
X O O O O O X
X . . . X O X
X O X X X O X
X O O O O O X
. X X X X X .
)";
  EXPECT_EQ(Problem(gap, "B5,E4"),
            "test: the liberty at C4 of the black group B E4 is next to the empty point B4, which "
            "is not its liberty (filling C4 would give it a new liberty)");
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

// Every wall of a realised board (a chain that is not a group) has two eyes or more, each an empty
// point whose neighbours are all that wall's stones, so no liberty of a group; every stone is a
// group's or a wall's. With one bar the walls are two chains, else four: two of each colour.
// Returns the number of walls.
int ExpectLiveWalls(const Realisation& r) {
  const Board& b = r.board;
  const ChainMap map = FindChains(b);
  const std::vector<Wall> walls = Walls(r.model);
  std::size_t stones = 0;
  int black = 0;
  for (const Chain& c : r.model.white) stones += c.stones.size();
  for (const Chain& c : r.model.black) stones += c.stones.size();
  for (const Wall& w : walls) {
    SCOPED_TRACE(ChainName(w.chain));
    const int chain = map.chain_of[b.Index(w.chain.stones.front())];
    EXPECT_GE(w.eyes.size(), 2u);
    for (Point e : w.eyes) {
      EXPECT_EQ(b.at(e), Stone::kEmpty);
      for (Point q : b.Neighbours(e)) EXPECT_EQ(map.chain_of[b.Index(q)], chain) << PointName(e);
      for (const SharedLiberty& l : r.model.liberties) EXPECT_NE(l.at, e);
    }
    stones += w.chain.stones.size();
    black += w.chain.colour == Stone::kBlack;
  }
  int on_board = 0;
  for (int k = 0; k < b.size(); ++k) on_board += b.at(b.PointAt(k)) != Stone::kEmpty;
  EXPECT_EQ(stones, std::size_t(on_board));
  EXPECT_EQ(2 * black, int(walls.size()));
  EXPECT_EQ(WallProblem(r.model), "");
  // The two-eye check is a special case of Benson's: every wall lives unconditionally.
  const std::vector<char> alive = UnconditionallyAlive(b, map);
  for (const Wall& w : walls) EXPECT_TRUE(alive[map.chain_of[b.Index(w.chain.stones.front())]]);
  EXPECT_TRUE(WallsAssumedAlive(r.model).empty());
  return int(walls.size());
}

TEST(GoRealise, WallsLiveWithTwoEyes) {
  // 1x1; the four 2x2 complete seki; the six planar 3x3 complete seki of height 3 (Section 6);
  // the 2-cycles C_3..C_6; A^4 and B^4; 1xn and nx1 matrices (one bar, or one group of a colour
  // that winds around the bars as a ring: 111 on 13x13 points, 111331 on 13x25), a 6x2 matrix.
  const std::vector<std::pair<const char*, int>> cases = {
      {"1", 2},
      {"2", 2},
      {"3", 2},
      {"11/11", 4},
      {"20/02", 4},
      {"21/12", 4},
      {"22/22", 4},
      {"033/303/330", 4},
      {"301/022/121", 4},
      {"320/212/023", 4},
      {"320/203/032", 4},
      {"320/213/033", 4},
      {"033/331/312", 4},
      {"220/202/022", 4},
      {"2200/2020/0202/0022", 4},
      {"22000/20200/02020/00202/00022", 4},
      {"220000/202000/020200/002020/000202/000022", 4},
      {"3100/1210/0112/0022", 4},
      {"3200/2120/0212/0023", 4},
      {"11", 2},
      {"1/1", 2},
      {"111", 4},
      {"3/3/3/3/3", 4},
      {"111331", 4},
      {"11/11/11/11/11/11", 4}};
  for (const auto& [text, walls] : cases) {
    SCOPED_TRACE(text);
    const Realisation r = Realise(ParseMatrix(text), text);
    EXPECT_EQ(ExpectLiveWalls(r), walls);
    EXPECT_LE(r.board.width(), kMaxBoardSize);
    EXPECT_LE(r.board.height(), kMaxBoardSize);
  }
  // The board of (2): the white bar, the black block below it with the two shared liberties,
  // a black wall above with four eyes on the edge, a white one around with seven.
  const Realisation two = Realise(ParseMatrix("2"), "2");
  EXPECT_EQ(DiagramText(two.board),
            "  A B C D E F G H J\n"
            "8 . X . X . X . X .\n"
            "7 X X X X X X X X X\n"
            "6 X X O O O O O X X\n"
            "5 O O X X . . X O O\n"
            "4 O O X X X X X O .\n"
            "3 . O X X X X X O O\n"
            "2 O O O O O O O O O\n"
            "1 . O . O . O . O .\n");
  const std::vector<Wall> walls = Walls(two.model);
  ASSERT_EQ(walls.size(), 2u);
  EXPECT_EQ(ChainName(walls[0].chain), "B B8");
  EXPECT_EQ(walls[0].eyes.size(), 5u);
  EXPECT_EQ(ChainName(walls[1].chain), "W A5");
  EXPECT_EQ(walls[1].eyes.size(), 7u);
  // The classic position's walls have no eye: the check names the first.
  EXPECT_EQ(WallProblem(Model(kClassicSeki)), "the wall B B6 has 0 eyes, not two");
}

// Benson's algorithm: two one-point eyes live; one eye and a row of liberties live, one eye and
// open space do not; two chains sharing two vital regions live, and so do four walls sharing their
// corners as eyes (the classic seki's); a wall with open space beside it does not, and the verdict
// names it.
TEST(GoBenson, UnconditionalLife) {
  const auto alive = [](const char* diagram, Point p) {
    const Board b = ReadDiagram(diagram, "t");
    const ChainMap map = FindChains(b);
    return bool(UnconditionallyAlive(b, map)[map.chain_of[b.Index(p)]]);
  };
  const char* two_eyes = "X X X X X\nX . X . X\nX X X X X\n";
  EXPECT_TRUE(alive(two_eyes, {0, 0}));
  // One eye and a row of liberties below: two vital regions (White cannot fill the whole row).
  EXPECT_TRUE(alive("X X X X X\nX . X X X\nX X X X X\n. . . . .\n", {0, 1}));
  // One eye and open space: the space is not vital (points of it are no liberty of the chain).
  EXPECT_FALSE(alive("X X X X X\nX . X X X\nX X X X X\n. . . . .\n. . . . .\n", {0, 2}));
  // Two chains sharing two vital regions (B3; A2 and C4, which the white chain cannot both fill).
  EXPECT_TRUE(alive("X X . O\nX . X O\n. X X O\nO O O O\n", {0, 3}));
  EXPECT_TRUE(alive(kClassicSeki, {1, 5}));  // B B6, with A6 and G6 shared with its neighbours
  const GoModel open = Model(testing::kOpenWallRace);
  ASSERT_EQ(WallsAssumedAlive(open).size(), 1u);
  EXPECT_EQ(ChainName(WallsAssumedAlive(open)[0]), "B A8");
  EXPECT_TRUE(WallsAssumedAlive(Model(kClassicSeki)).empty());
}

TEST(GoRealise, EveryPlanarThreeByThreeSupport) {
  int realised = 0;
  for (int mask = 1; mask < 512; ++mask) {
    Matrix a(3, 3);
    for (int k = 0; k < 9; ++k) a.set(k / 3, k % 3, (mask >> k & 1) * 3);
    if (a.has_zero_line() || !IsPlanar(a)) continue;
    SCOPED_TRACE(FormatMatrix(a));
    const Realisation r = Realise(a, "t");
    EXPECT_EQ(r.model.matrix.sum(), a.sum());
    EXPECT_EQ(WallProblem(r.model), "");
    ++realised;
  }
  EXPECT_EQ(realised, 264);
}

}  // namespace
}  // namespace seki::go
