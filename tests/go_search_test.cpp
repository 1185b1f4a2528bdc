// The exact local search (engine/go/go_search.hpp) against the matrix model where the model is
// exact (ModelIsExact): on every family of positions the GO tests generate (the classic seki and
// its variants, every cell of the two-group table up to two liberties each, random stacks of bars,
// random small matrices realised on a board) the search's values moving first and second are the
// race's SEKI values R and C; every move it proposes is legal and keeps its result. And what the
// model cannot see: dead stones in an eye, captured to make the eye; a suicide never proposed; a
// ko refused; the node budget and the stop flag.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <random>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/race_text.hpp"
#include "engine/base/stopped.hpp"
#include "engine/go/board_races.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_realise.hpp"
#include "engine/solve/solve_engine.hpp"
#include "tests/go_positions.hpp"
#include "tests/race_boards.hpp"

namespace seki::testing {
namespace {

struct Tally {
  int compared = 0, exact = 0;
  ~Tally() {
    std::printf("%d positions, %d where the model is exact, all agree\n", compared, exact);
  }
};

// The search's answer is legal and keeps its result: after its move, the opponent's value is the
// negation (searched again on the board after the move).
void ExpectMoveKeeps(const go::GoFight& fight, go::Stone mover, const go::FightAnswer& a) {
  if (!a.move) return;
  go::Board after = fight.board;
  ASSERT_EQ(after.at(*a.move), go::Stone::kEmpty);
  go::PlayMove(after, *a.move, mover, "test");
  ASSERT_NE(after.at(*a.move), go::Stone::kEmpty) << "suicide proposed";
  bool captured = false;
  for (go::Point t : fight.targets) captured = captured || after.at(t) == go::Stone::kEmpty;
  if (captured) {
    EXPECT_EQ(a.result, Result::W);
    return;
  }
  go::GoFight next = fight;
  next.board = after;
  const go::FightAnswer reply = go::DecideFight(next, go::Other(mover), false, {}, "test");
  ASSERT_FALSE(reply.ko);
  EXPECT_EQ(Negate(reply.result), a.result);
}

// Search and model on one position: equal where the model is exact.
void Compare(const go::Board& board, SolveEngine& engine, Tally& tally) {
  const go::GoModel model = go::ExtractModel(board, {}, "test");
  const go::GoFight fight = go::FightOfRace(model);
  SCOPED_TRACE(FormatRace(model.race) + "\n" + go::DiagramText(board));
  const go::FightAnswer black = go::DecideFight(fight, go::Stone::kBlack, false, {}, "test");
  const go::FightAnswer white = go::DecideFight(fight, go::Stone::kWhite, false, {}, "test");
  ASSERT_FALSE(black.ko || white.ko);
  ExpectMoveKeeps(fight, go::Stone::kBlack, black);
  ExpectMoveKeeps(fight, go::Stone::kWhite, white);
  ++tally.compared;
  if (!go::ModelIsExact(model, fight)) return;
  ++tally.exact;
  const Outcome o = engine.Solve(model.race).seki;
  EXPECT_EQ(black.result, o.R);
  EXPECT_EQ(white.result, o.C);
}

TEST(GoSearch, TheClassicSekiAndItsVariants) {
  Tally tally;
  SolveEngine engine;
  for (const char* diagram : {kClassicSeki, kThreeLiberties, kOneLiberty, kBlackEye})
    Compare(go::ReadDiagram(diagram, "t"), engine, tally);
  const go::Board classic = go::ReadDiagram(kClassicSeki, "t");
  const go::GoFight fight = go::FightOfRace(go::ExtractModel(classic, {}, "t"));
  EXPECT_TRUE(fight.closed);
  const go::FightAnswer a = go::DecideFight(fight, go::Stone::kBlack, false, {}, "t");
  EXPECT_EQ(a.result, Result::D);
  EXPECT_FALSE(a.move);  // nothing does better than passing
  EXPECT_EQ(a.line.ending, "both pass: nobody captures");
}

TEST(GoSearch, TheTwoGroupTableAgreesWithTheModel) {
  Tally tally;
  SolveEngine engine;
  for (const StackSpec& cell : TwoGroupCells(2)) Compare(BuildStack(cell).board, engine, tally);
  EXPECT_EQ(tally.compared, tally.exact);  // walls that live: the model is exact everywhere
}

TEST(GoSearch, RandomStacksAgreeWithTheModel) {
  Tally tally;
  SolveEngine engine;
  std::mt19937 random(58);
  for (int k = 0; k < 300; ++k) Compare(BuildStack(RandomStack(random, 11)).board, engine, tally);
  EXPECT_EQ(tally.compared, tally.exact);
}

TEST(GoSearch, RealisedMatricesAgreeWithTheModel) {
  Tally tally;
  SolveEngine engine;
  std::mt19937 random(59);
  for (int checked = 0; checked < 40;) {
    Matrix a(1 + int(random() % 3), 1 + int(random() % 3));
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j) a.set(i, j, int(random() % 3));
    if (a.has_zero_line() || a.sum() > 8) continue;
    Compare(go::Realise(a, "random").board, engine, tally);
    ++checked;
  }
  EXPECT_GT(tally.exact, 0);
}

// The example of issue 58 (GNU Go's coordinates M..T, 16..19 become A..H, 1..4 here): Black's
// group (E4 and row 3) has the liberties D4 and F4, White's (G4, F1..F3, ...) F4 and H3. Dead
// white stones (A4 B4 C4) sit in Black's eye space and dead black ones (G2 H2 H1) in White's; the
// white wall lower left lives (eyes A1, C1). Whoever plays F4 is captured; D4 (Black) and H3
// (White) capture the dead stones and make an eye: seki whoever moves first (`1 0`). The model
// reads the dead stones as walls.
constexpr const char* kDeadStonesInEyes = R"(
O O O . X . O O
X X X X X O O .
O O O O X O X X
. O . O X O O X
)";

TEST(GoSearch, DeadStonesInAnEyeAreCapturedToMakeIt) {
  const go::Board b = go::ReadDiagram(kDeadStonesInEyes, "t");
  SolveEngine engine;
  const go::Point black_group{4, 3}, white_group{6, 3};
  for (auto [a, o] : {std::pair{black_group, white_group}, std::pair{white_group, black_group}}) {
    const go::SemeaiAnswer s = go::AnalyzeSemeai(b, a, o, engine);
    EXPECT_TRUE(s.searched);
    EXPECT_TRUE(s.keeps);
    EXPECT_FALSE(s.captures);
  }
}

TEST(GoSearch, TheBudgetAndTheStopFlagEndASearch) {
  const go::Board b = go::ReadDiagram(kDeadStonesInEyes, "t");
  const go::GoFight fight = go::FightOf(b, {{4, 3}, {6, 3}}, "t");
  go::FightLimits limits;
  limits.max_nodes = 2;
  try {
    go::DecideFight(fight, go::Stone::kBlack, false, limits, "t");
    ADD_FAILURE() << "no budget";
  } catch (const Stopped& e) {
    EXPECT_EQ(e.reason(), Stopped::Reason::kBudget);
  }
  const std::atomic<bool> stop{true};
  limits = {};
  limits.stop = &stop;
  EXPECT_THROW(go::DecideFight(fight, go::Stone::kBlack, false, limits, "t"), Stopped);
}

}  // namespace
}  // namespace seki::testing
