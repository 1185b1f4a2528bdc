// The exact local search (engine/go/go_search.hpp) against the matrix model where the model is
// decides (ModelDecides): on every family of positions the GO tests generate (the classic seki and
// its variants, every cell of the two-group table up to two liberties each, random stacks of bars,
// random small matrices realised on a board, the GNU Go comparison's bars, rings and open classic
// seki: thousands of positions) the search's values moving first and second are the
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
#include "tests/race_generators.hpp"

namespace seki::testing {
namespace {

struct Tally {
  int compared = 0, exact = 0, gave_up = 0;
  ~Tally() {
    std::printf("%d positions, %d where the model decides, all agree; the search gave up on %d\n",
                compared, exact, gave_up);
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

// Search and model on one race: equal where the model decides (an open fight assumes the same
// chains alive in both).
// only_decided: not where the model does not decide (no search there).
void Compare(const go::GoModel& model, SolveEngine& engine, Tally& tally,
             bool only_decided = false) {
  const go::Board& board = model.board;
  const go::GoFight fight = go::FightOfRace(model);
  if (only_decided && !go::ModelDecides(model, fight)) return;
  SCOPED_TRACE(FormatRace(model.race) + "\n" + go::DiagramText(board));
  go::FightAnswer black, white;
  try {
    black = go::DecideFight(fight, go::Stone::kBlack, false, {}, "test");
    white = go::DecideFight(fight, go::Stone::kWhite, false, {}, "test");
  } catch (const Stopped& e) {  // its budget: counted, and held to a few in the tests below
    ASSERT_EQ(e.reason(), Stopped::Reason::kBudget);
    ++tally.gave_up;
    return;
  }
  ASSERT_FALSE(black.ko || white.ko);
  ExpectMoveKeeps(fight, go::Stone::kBlack, black);
  ExpectMoveKeeps(fight, go::Stone::kWhite, white);
  ++tally.compared;
  if (!go::ModelDecides(model, fight)) return;
  ++tally.exact;
  const Outcome o = engine.Solve(model.race).seki;
  EXPECT_EQ(black.result, o.R);
  EXPECT_EQ(white.result, o.C);
}
void Compare(const go::Board& board, SolveEngine& engine, Tally& tally) {
  Compare(go::ExtractModel(board, {}, "test"), engine, tally);
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
  for (int k = 0; k < 2000; ++k) Compare(BuildStack(RandomStack(random, 11)).board, engine, tally);
  EXPECT_EQ(tally.compared, tally.exact);
}

// The families of the GNU Go comparison (tests/race_generators.hpp): bars, rings closed and open,
// the classic seki with open walls (the model and the search assume the same walls alive); the
// positions where the model decides.
TEST(GoSearch, TheComparisonsFamiliesAgreeWithTheModel) {
  Tally tally;
  SolveEngine engine;
  std::mt19937 random(60);
  for (int k = 0; k < 1200; ++k) {
    const StackBoard b = k % 4 == 0   ? BuildStack(RandomRace(random))
                         : k % 4 == 1 ? RandomRing(random, false)
                         : k % 4 == 2 ? RandomRing(random, true)
                                      : RandomClassic(random);
    try {
      Compare(go::RaceOf(b.board, b.groups[0], b.groups[1]), engine, tally, true);
    } catch (const InputError&) {  // outside the model (a two-point eye, groups that can join)
    }
  }
  EXPECT_GT(tally.exact, 600);
  EXPECT_EQ(tally.gave_up, 0);
}

TEST(GoSearch, RealisedMatricesAgreeWithTheModel) {
  Tally tally;
  SolveEngine engine;
  std::mt19937 random(59);
  for (int checked = 0; checked < 400;) {
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

// The classic seki's board on 7x7 with its walls open and every stone capturable (the whole board
// is the fight): captures and recaptures bring positions back, so the table keeps only values
// that no repetition above them decided, and the line is played by searches that start anew at
// each step. The answer: Black moving first gets a seki, White captures; each line is legal and
// ends as its result says.
constexpr const char* kOpenClassic = R"(
. . . . . . .
. X X X X X .
X O O O O O X
X O X X . O X
X O . X X O .
X O O O O O X
. X X X X X .
)";

TEST(GoSearch, AWholeBoardFightWithRepetitions) {
  const go::Board b = go::ReadDiagram(kOpenClassic, "t");
  const go::GoFight fight = go::FightOfRace(go::ExtractModel(b, {}, "t"));
  EXPECT_TRUE(fight.closed);
  EXPECT_EQ(fight.region.size(), 49u);
  for (const go::Stone first : {go::Stone::kBlack, go::Stone::kWhite}) {
    const go::FightAnswer a = go::DecideFight(fight, first, false, {}, "t");
    ASSERT_FALSE(a.ko);
    EXPECT_EQ(a.repetition, first == go::Stone::kBlack);  // Black's search meets one
    EXPECT_EQ(a.result, first == go::Stone::kBlack ? Result::D : Result::W);
    EXPECT_FALSE(a.line_stopped);
    go::Board board = b;
    for (const go::GoStep& step : a.line.steps)
      if (!step.pass) go::PlayMove(board, step.at, step.colour, "line");  // throws if illegal
    if (a.result == Result::W) {
      EXPECT_EQ(a.line.ending.rfind("White captures B", 0), 0u) << a.line.ending;
    } else {
      EXPECT_EQ(a.line.ending, "both pass: nobody captures");
    }
    ExpectMoveKeeps(fight, first, a);
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
