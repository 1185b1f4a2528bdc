// PlaySession (engine/solve/play_session.hpp): parsing moves, legal and illegal moves, passes and
// the end of a game, and that the engine's replies, forecasts and hints agree with the exhaustive
// ExhaustiveSolver's values on the paper's Fig. 2 matrix, a semi-complete seki and random matrices.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/play_session.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::M;
using testing::RandomStart;
using testing::Rng;

constexpr Result W = Result::W, D = Result::D, L = Result::L;

// The value for `mover` of the position `a` by the ExhaustiveSolver: R(A) or C(A), or after the
// opponent's pass max(D, best active move) (passing back draws).
Result SolverValue(ExhaustiveSolver& solver, const Matrix& a, Game g, Player mover,
                   bool after_pass) {
  const Outcome o = solver.Solve(a)[g];
  if (after_pass) return Max(D, o.active(mover));
  return mover == Player::kR ? o.R : o.C;
}

// The value for the mover of a step, by the ExhaustiveSolver: the child's value for an active move,
// the opponent's value after a pass negated (a draw for a second pass).
Result SolverStepValue(ExhaustiveSolver& solver, const Matrix& before, Game g, const PlayStep& step,
                       bool after_pass) {
  if (step.pass) {
    if (after_pass) return D;
    return Negate(SolverValue(solver, before, g, Opponent(step.player), true));
  }
  return MoverResult(solver.ChildSolution(before, step.row, step.col)[g], step.player);
}

void ExpectInputError(const std::function<void()>& f, const std::string& text) {
  try {
    f();
    ADD_FAILURE() << "no InputError, expected one containing " << text;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
}

TEST(ParsePlayMove, AcceptsMovesAndPass) {
  EXPECT_EQ(ParsePlayMove("1,2"), (PlayMove{false, 0, 1}));
  EXPECT_EQ(ParsePlayMove(" 3 , 1 "), (PlayMove{false, 2, 0}));
  EXPECT_EQ(ParsePlayMove("pass"), (PlayMove{true, -1, -1}));
  EXPECT_EQ(ParsePlayMove(" PASS\r"), (PlayMove{true, -1, -1}));
  for (const char* bad : {"foo", "", "1", "0,1", "1,0", "-1,2", "1,2,3", "1;2", "a,b", "1234,1"})
    ExpectInputError([&] { ParsePlayMove(bad); }, "not a move");
}

TEST(PassResult, IsThePassRule) {
  for (Result r : {L, D, W})
    for (Result c : {L, D, W}) {
      const Outcome o = Outcome::FromActive(r, c);
      EXPECT_EQ(Max(r, PassResult(o, Player::kR, false)), o.R);
      EXPECT_EQ(Max(c, PassResult(o, Player::kC, false)), o.C);
      EXPECT_EQ(PassResult(o, Player::kR, true), D);
    }
}

TEST(PlaySession, RefusesABadStart) {
  ExpectInputError([] { PlaySession(M("00/12"), Game::kSeki, Player::kR, Player::kR); },
                   "not a starting position");
}

// Fig. 2: a complete seki; every active move loses for either player, so both pass: a draw.
TEST(PlaySession, Fig2BothPass) {
  ExhaustiveSolver solver;
  const Matrix a = M("033/331/312");
  PlaySession s(a, Game::kSeki, Player::kR, Player::kR);
  EXPECT_EQ(s.Values(), solver.Solve(a).seki);
  EXPECT_EQ(s.Values().seki_class(), SekiClass::kComplete);
  EXPECT_EQ(s.LegalMoves().size(), 9u);  // 8 positive entries and pass
  EXPECT_TRUE(s.human_to_move());

  const PlayForecast f = s.Forecast();
  EXPECT_EQ(f.mover, Player::kR);
  EXPECT_EQ(f.value, D);
  EXPECT_EQ(f.best_move, L);
  EXPECT_EQ(f.pass, D);
  const PlayHint h = s.Hint();
  ASSERT_EQ(h.moves.size(), 8u);
  for (const MoveValue& m : h.moves) EXPECT_EQ(m.value, L);
  EXPECT_EQ(h.pass, D);

  s.Play("pass");
  EXPECT_FALSE(s.over());
  EXPECT_TRUE(s.after_pass());
  EXPECT_EQ(s.to_move(), Player::kC);
  EXPECT_EQ(s.BestMove(), (PlayMove{true, -1, -1}));
  s.PlayBest();
  EXPECT_TRUE(s.over());
  EXPECT_EQ(s.ending(), "draw: two passes");
  EXPECT_EQ(s.result(Player::kR), D);
  EXPECT_FALSE(s.winner());
  EXPECT_TRUE(s.LegalMoves().empty());
  EXPECT_EQ(s.history().size(), 2u);
  ExpectInputError([&] { s.Play("1,2"); }, "game over: draw: two passes");
}

TEST(PlaySession, IllegalMovesChangeNothing) {
  PlaySession s(M("033/331/312"), Game::kSeki, Player::kR, Player::kR);
  ExpectInputError([&] { s.Play("9,9"); }, "9,9: no entry (9,9) in a 3x3 matrix");
  ExpectInputError([&] { s.Play("1,1"); }, "1,1: entry (1,1) is 0");
  ExpectInputError([&] { s.Play("foo"); }, "foo: not a move");
  ExpectInputError([&] { s.Play(PlayMove{false, 3, 0}); }, "4,1: no entry");
  ExpectInputError(
      [] { PlaySession(M("1"), Game::kSeki, Player::kR, Player::kR).result(Player::kR); },
      "not over");
  EXPECT_TRUE(s.history().empty());
  EXPECT_EQ(s.position(), M("033/331/312"));
  EXPECT_EQ(s.to_move(), Player::kR);

  const PlayStep& step = s.Play(" 1,2 ");
  EXPECT_EQ(step.player, Player::kR);
  EXPECT_EQ(step.row, 0);
  EXPECT_EQ(step.col, 1);
  EXPECT_EQ(s.position(), M("023/331/312"));
  EXPECT_EQ(s.to_move(), Player::kC);
  EXPECT_FALSE(s.human_to_move());
}

// 033/403/430 (the paper's Fig. 4): a semi-complete seki where R must pass and C has a move that
// keeps the draw.
TEST(PlaySession, SemiCompleteSeki) {
  ExhaustiveSolver solver;
  const Matrix a = M("033/403/430");
  PlaySession s(a, Game::kSeki, Player::kC, Player::kR);
  EXPECT_EQ(s.Values().seki_class(), SekiClass::kSemiComplete);
  EXPECT_EQ(s.Values().r, L);
  EXPECT_EQ(s.Values().c, D);
  const PlayMove best = s.BestMove();
  EXPECT_FALSE(best.pass);  // C's active move draws, passing would only draw too
  const PlayStep& step = s.PlayBest();
  EXPECT_EQ(SolverStepValue(solver, a, Game::kSeki, step, false), D);
  const PlayForecast f = s.Forecast();
  EXPECT_EQ(f.mover, Player::kR);
  EXPECT_EQ(f.value, SolverValue(solver, s.position(), Game::kSeki, Player::kR, false));
}

TEST(PlaySession, OneByOneEndings) {
  PlaySession seki(M("1"), Game::kSeki, Player::kR, Player::kR);
  seki.Play("1,1");
  EXPECT_TRUE(seki.over());
  EXPECT_EQ(seki.winner(), Player::kR);  // SEKI: the mover who empties both lines wins
  EXPECT_EQ(seki.ending(), "R wins: row 1 and column 1 became zero together");

  PlaySession dseki(M("1"), Game::kDSeki, Player::kC, Player::kR);
  dseki.PlayBest();
  EXPECT_TRUE(dseki.over());
  EXPECT_FALSE(dseki.winner());  // D-SEKI: a draw

  PlaySession row(M("12"), Game::kSeki, Player::kR, Player::kR);  // 1x2: C wins
  row.Play("pass");
  row.PlayBest();
  EXPECT_EQ(row.winner(), Player::kC);
  EXPECT_EQ(row.ending(), "C wins: column 1 is zero");
}

// Both sides play the engine's move: the game ends with the ExhaustiveSolver's value for the first
// player. Against a random opponent, every engine step has the position's value and the engine
// never ends worse than that value.
void CheckGames(const Matrix& a, ExhaustiveSolver& solver, Rng& rng) {
  for (Game g : kGames)
    for (Player first : {Player::kR, Player::kC}) {
      SCOPED_TRACE(FormatMatrix(a) + " " + std::string(GameName(g)) + " " + PlayerName(first));
      PlaySession both(a, g, first, first);
      while (!both.over()) both.PlayBest();
      EXPECT_EQ(both.result(first), SolverValue(solver, a, g, first, false));

      PlaySession s(a, g, first, first);  // the human (random) moves first
      const Result engine_value = Negate(SolverValue(solver, a, g, first, false));
      Result engine_now = engine_value;
      while (!s.over()) {
        const Matrix before = s.position();
        const bool after_pass = s.after_pass();
        if (s.human_to_move()) {
          const std::vector<PlayMove> legal = s.LegalMoves();
          s.Play(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
          continue;
        }
        const Player mover = s.to_move();
        const Result value = SolverValue(solver, before, g, mover, after_pass);
        EXPECT_GE(value, engine_now);  // random moves never lower the engine's value
        engine_now = value;
        const PlayForecast f = s.Forecast();
        EXPECT_EQ(f.value, value);
        EXPECT_EQ(f.best_move, solver.Solve(before)[g].active(mover));
        const PlayHint h = s.Hint();
        const std::vector<MoveValue> expected = ActiveMoves(solver, before, g, mover);
        ASSERT_EQ(h.moves.size(), expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k)
          EXPECT_EQ(h.moves[k].value, expected[k].value);
        const PlayStep& step = s.PlayBest();
        EXPECT_EQ(SolverStepValue(solver, before, g, step, after_pass), value);
      }
      EXPECT_GE(s.result(Opponent(first)), engine_value);
    }
}

TEST(PlaySession, EngineRepliesAreOptimal) {
  ExhaustiveSolver solver;
  Rng rng(11);
  for (const char* text : {"033/331/312", "033/403/430", "22/22", "13/33", "111/233", "2"})
    CheckGames(M(text), solver, rng);
  for (int k = 0; k < 60; ++k) {
    const int rows = 1 + k % 3, cols = 1 + (k / 3) % 4;
    CheckGames(RandomStart(rng, rows, cols, 3, 16), solver, rng);
  }
}

}  // namespace
}  // namespace seki
