// An independent check of the translation from GO to the game: the board-level capture solver
// (tests/capture_solver.hpp) plays GO on the board itself and must give the SEKI values R (Black
// first) and C (White first) of the model's race (spec section 7: its matrix, outside liberties
// and eyes) on every position of a test set: the classic two-group seki and its variants, each 2x2
// complete seki, a 3x3 complete seki of Section 6 and positions that are not seki realised on a
// board (closed by live walls), races built as stacks of bars with shared and outside liberties
// and one-point eyes (tests/race_boards.hpp: random ones, and every cell of the two-group table
// of docs/go.md up to 2 liberties of each kind), and positions generated at random within the
// model on small boards whose walls keep a liberty away from the groups (seeded). The long sweep
// (DISABLED_, CTest label "long") does more of each. The solver shares nothing with engine/go but
// the choice of groups.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/race_text.hpp"
#include "engine/go/benson.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_model.hpp"
#include "engine/go/go_realise.hpp"
#include "engine/go/live_walls.hpp"
#include "engine/solve/solve_engine.hpp"
#include "tests/capture_solver.hpp"
#include "tests/go_positions.hpp"
#include "tests/race_boards.hpp"

namespace seki::testing {
namespace {

// Positions compared and disagreements (each test prints its own count: CountScope).
int compared = 0, disagreements = 0;
struct CountScope {
  CountScope() { compared = disagreements = 0; }
  ~CountScope() {
    std::printf("%d positions compared with the board solver, %d disagreements\n", compared,
                disagreements);
  }
};

// The board solver's values against SEKI's R (Black first) and C (White first) of the race.
void ExpectSameValues(const go::Board& board, const go::GoModel& model, SolveEngine& engine) {
  std::vector<go::Point> groups;
  for (const auto* side : {&model.white, &model.black})
    for (const go::Chain& c : *side) groups.push_back(c.stones.front());
  CaptureSolver solver(board, groups);
  const Outcome o = engine.Solve(model.race).seki;
  SCOPED_TRACE(FormatRace(model.race) + "\n" + go::DiagramText(board));
  const Result black = solver.Value('X'), white = solver.Value('O');
  EXPECT_EQ(black, o.R);
  EXPECT_EQ(white, o.C);
  ++compared;
  disagreements += black != o.R || white != o.C;
}

// Whether every wall next to the groups keeps a liberty that no group has: the solver plays only
// on the groups' liberties, so such a wall is never captured (the model assumes walls live).
bool WallsKeepALiberty(const go::GoModel& model) {
  for (const go::Chain& wall : model.walls) {
    bool away = false;
    for (go::Point p : wall.liberties) {
      bool group = false;
      for (const auto* side : {&model.white, &model.black})
        for (const go::Chain& c : *side)
          group =
              group || std::find(c.liberties.begin(), c.liberties.end(), p) != c.liberties.end();
      away = away || !group;
    }
    if (!away) return false;
  }
  return true;
}

// The race a stack of bars should give (rows: white bars, columns: black bars, top to bottom).
Race ExpectedRace(const StackSpec& s) {
  std::vector<int> index;
  int whites = 0, blacks = 0;
  for (go::Stone c : s.bars) index.push_back(c == go::Stone::kWhite ? whites++ : blacks++);
  Race r(Matrix(whites, blacks));
  const auto row_of = [&](int b, int& i, int& j) {
    (s.bars[b] == go::Stone::kWhite ? i : j) = index[b];
  };
  for (std::size_t b = 0; b + 1 < s.bars.size(); ++b) {
    int i = -1, j = -1;
    row_of(int(b), i, j);
    row_of(int(b) + 1, i, j);
    r.a.set(i, j, r.a(i, j) + int(s.shared[b].size()));
  }
  for (std::size_t b = 0; b < s.bars.size(); ++b) {
    const bool white = s.bars[b] == go::Stone::kWhite;
    auto& outside = white ? r.row_outside[index[b]] : r.col_outside[index[b]];
    if (b == 0) outside += std::uint8_t(s.top_outside.size());
    if (b + 1 == s.bars.size()) outside += std::uint8_t(s.bottom_outside.size());
    (white ? r.row_eye[index[b]] : r.col_eye[index[b]]) = s.eyes[b] >= 0;
  }
  return r;
}

// A stack of bars on the board: its model is the expected race, its walls live unconditionally,
// and the board solver agrees with the engine.
void CheckStack(const StackSpec& spec, SolveEngine& engine) {
  const StackBoard b = BuildStack(spec);
  const go::GoModel model = go::ExtractModel(b.board, {}, "stack");
  SCOPED_TRACE(go::DiagramText(b.board));
  EXPECT_EQ(FormatRace(model.race), FormatRace(ExpectedRace(spec)));
  EXPECT_TRUE(go::WallsAssumedAlive(model).empty());
  ExpectSameValues(b.board, model, engine);
}

// Every cell of the two-group table with up to `max` liberties of each kind, on the board.
void TwoGroupTable(int max, SolveEngine& engine) {
  for (int eyes = 0; eyes < 4; ++eyes)
    for (int shared = 0; shared <= max; ++shared)
      for (int p = 0; p <= max; ++p)
        for (int q = 0; q <= max; ++q) {
          const bool e = eyes & 1, f = eyes & 2;
          if (shared + p + e == 0 || shared + q + f == 0) continue;  // a group without liberty
          CheckStack(TwoBars(shared, p, q, e, f), engine);
        }
}

void RandomStacks(int count, int max_points, unsigned seed, SolveEngine& engine) {
  std::mt19937 random(seed);
  for (int k = 0; k < count; ++k) CheckStack(RandomStack(random, max_points), engine);
}

// Random boards, each point empty, black or white; those within the model whose walls keep a
// liberty away from the groups and with at most `max_points` liberties are compared.
void RandomBoards(int wanted, unsigned seed, SolveEngine& engine) {
  std::mt19937 random(seed);
  int found = 0, seki = 0, tries = 0, outside = 0, eyes = 0;
  for (; found < wanted && tries < 400000; ++tries) {
    const int w = 4 + int(random() % 3), h = 4 + int(random() % 3);
    go::Board b(w, h);
    for (int k = 0; k < b.size(); ++k) {
      const unsigned r = random() % 100;
      b.set(b.PointAt(k), r < 22   ? go::Stone::kEmpty
                          : r < 61 ? go::Stone::kBlack
                                   : go::Stone::kWhite);
    }
    go::GoModel model;
    try {
      model = go::ExtractModel(b, {}, "random");
    } catch (const InputError&) {
      continue;
    }
    if (model.race.total() > 12 || !WallsKeepALiberty(model)) continue;
    ++found;
    seki += engine.Solve(model.race).seki.is_seki();
    outside += !model.outside.empty();
    eyes += !model.eyes.empty();
    ExpectSameValues(b, model, engine);
  }
  std::printf(
      "%d random boards within the model (%d seki, %d with outside liberties, %d with an "
      "eye) in %d boards\n",
      found, seki, outside, eyes, tries);
  EXPECT_EQ(found, wanted);
  EXPECT_GT(seki, 0);
  EXPECT_GT(outside, 0);
  EXPECT_LT(seki, found);
}

TEST(GoCaptureCheck, TheClassicSekiAndItsVariants) {
  const CountScope count;
  SolveEngine engine;
  for (const char* diagram : {kClassicSeki, kThreeLiberties, kOneLiberty}) {
    const go::Board b = go::ReadDiagram(diagram, "t");
    ExpectSameValues(b, go::ExtractModel(b, {}, "t"), engine);
  }
}

TEST(GoCaptureCheck, RealisedPositions) {
  const CountScope count;
  SolveEngine engine;
  // Every 2x2 complete seki (spec section 4), a 3x3 complete seki of Section 6 (sum 12), and
  // matrices that are no seki: 12/22 (R wins moving first), 11 (C wins), 1, 110/011.
  for (const char* text : {"11/11", "20/02", "21/12", "22/22", "301/022/121", "12/22", "11", "1",
                           "2", "3", "110/011", "21/11"}) {
    SCOPED_TRACE(text);
    const go::Realisation r = go::Realise(ParseMatrix(text), text);
    EXPECT_EQ(go::WallProblem(r.model), "");  // the walls live, with two eyes each
    ExpectSameValues(r.board, r.model, engine);
  }
}

TEST(GoCaptureCheck, RandomPositionsWithinTheModel) {
  const CountScope count;
  SolveEngine engine;
  RandomBoards(150, 20261125, engine);
}

TEST(GoCaptureCheck, RandomStacksOfBars) {
  const CountScope count;
  SolveEngine engine;
  RandomStacks(200, 11, 48, engine);
}

TEST(GoCaptureCheck, TheTwoGroupTableOnTheBoard) {
  const CountScope count;
  SolveEngine engine;
  TwoGroupTable(2, engine);
}

// The long sweep (CTest label "long"): more random boards and stacks, the table up to 3 each.
TEST(GoCaptureCheck, DISABLED_LongSweep) {
  const CountScope count;
  SolveEngine engine;
  RandomBoards(1000, 1, engine);
  RandomStacks(2000, 13, 2, engine);
  TwoGroupTable(3, engine);
}

// Random small matrices (up to 3x3, entries up to 2, sum up to 9), realised on a board: the
// capture solver on the board against the matrix engine.
TEST(GoCaptureCheck, RandomMatricesRealisedOnABoard) {
  const CountScope count;
  SolveEngine engine;
  std::mt19937 random(32);
  int checked = 0, seki = 0;
  while (checked < 30) {
    Matrix a(1 + int(random() % 3), 1 + int(random() % 3));
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j) a.set(i, j, int(random() % 3));
    if (a.has_zero_line() || a.sum() > 9) continue;
    SCOPED_TRACE(FormatMatrix(a));
    const go::Realisation r = go::Realise(a, "random");
    EXPECT_EQ(go::WallProblem(r.model), "");
    ExpectSameValues(r.board, r.model, engine);
    seki += engine.Solve(a).seki.is_seki();
    ++checked;
  }
  std::printf("30 random matrices on a board, %d seki\n", seki);
  EXPECT_GT(seki, 0);
}

}  // namespace
}  // namespace seki::testing
