// The generalised game of spec section 7 (engine/base/race.hpp): its text; the box engine and the
// memo solver against each other and, on plain races, against the paper's engines byte for byte;
// both against a reference written here from the rules alone (the game tree with passes played
// out, no pass rule); the invariants of spec section 3; the facts spec section 7 lists;
// SolveEngine's race path (a plain race is its matrix; a race too large for the memory limit is
// refused).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/race_text.hpp"
#include "engine/describe/race_table.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/race_box.hpp"
#include "engine/solve/race_memo.hpp"
#include "engine/solve/race_report.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki::testing {
namespace {

// The game of spec section 7 played out move by move, passes included: V(race, mover, after_pass)
// is the result for the mover; two passes in a row are a draw. Shares nothing with the engines
// but the Race type.
class Reference {
 public:
  explicit Reference(Game g) : game_(g) {}

  Result Value(const Race& r, Player mover, bool after_pass) {
    const auto key = std::make_tuple(r, mover == Player::kR, after_pass);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const Player other = mover == Player::kR ? Player::kC : Player::kR;
    Result best = after_pass ? Result::D : Negate(Value(r, other, true));
    for (int k = 0; k < Count(r); ++k) {
      Race next = r;
      if (!Lower(next, k, mover)) continue;
      best = Max(best, Outcome(next, mover, other));
    }
    memo_[key] = best;
    return best;
  }

 private:
  // Places to play: entries, then each row's outside liberties and eye, then each column's.
  static int Count(const Race& r) { return r.rows() * r.cols() + 2 * (r.rows() + r.cols()); }

  static int Liberties(const Race& r, bool row, int k) {
    int sum = row ? r.row_outside[k] + r.row_eye[k] : r.col_outside[k] + r.col_eye[k];
    for (int x = 0; x < (row ? r.cols() : r.rows()); ++x) sum += row ? r.a(k, x) : r.a(x, k);
    return sum;
  }

  // Plays place k for `mover` on r; false when there is nothing there or the mover may not.
  static bool Lower(Race& r, int k, Player mover) {
    const int cells = r.rows() * r.cols();
    if (k < cells) {
      const int i = k / r.cols(), j = k % r.cols();
      if (r.a(i, j) == 0) return false;
      r.a.set(i, j, r.a(i, j) - 1);
      return true;
    }
    k -= cells;
    const bool row = k < 2 * r.rows();
    if (!row) k -= 2 * r.rows();
    const int group = k / 2;
    const bool eye = k % 2 == 1;
    auto& outside = row ? r.row_outside[group] : r.col_outside[group];
    auto& eye_count = row ? r.row_eye[group] : r.col_eye[group];
    if (!eye) {
      if (outside == 0) return false;
      --outside;
      return true;
    }
    // White's eyes are the rows'; Black (R) fills one only as its group's last liberty.
    const bool own = (mover == Player::kC) == row;
    if (eye_count == 0 || (!own && Liberties(r, row, group) != 1)) return false;
    eye_count = 0;
    return true;
  }

  // The result for `mover` of having moved to `next`.
  Result Outcome(const Race& next, Player mover, Player other) {
    bool white_dead = false, black_dead = false;
    for (int i = 0; i < next.rows(); ++i) white_dead = white_dead || Liberties(next, true, i) == 0;
    for (int j = 0; j < next.cols(); ++j) black_dead = black_dead || Liberties(next, false, j) == 0;
    if (white_dead && black_dead) return game_ == Game::kSeki ? Result::W : Result::D;
    if (white_dead) return mover == Player::kR ? Result::W : Result::L;
    if (black_dead) return mover == Player::kC ? Result::W : Result::L;
    return Negate(Value(next, other, false));
  }

  Game game_;
  std::map<std::tuple<Race, bool, bool>, Result> memo_;
};

Race RandomRace(std::mt19937& random, int max_dim, int max_entry, int max_outside) {
  for (;;) {
    Race r(Matrix(1 + int(random() % max_dim), 1 + int(random() % max_dim)));
    for (int i = 0; i < r.rows(); ++i)
      for (int j = 0; j < r.cols(); ++j) r.a.set(i, j, int(random() % (max_entry + 1)));
    for (int i = 0; i < r.rows(); ++i) {
      r.row_outside[i] = std::uint8_t(random() % (max_outside + 1));
      r.row_eye[i] = std::uint8_t(random() % 3 == 0);
    }
    for (int j = 0; j < r.cols(); ++j) {
      r.col_outside[j] = std::uint8_t(random() % (max_outside + 1));
      r.col_eye[j] = std::uint8_t(random() % 3 == 0);
    }
    if (RaceStartProblem(r).empty() && r.total() <= 14) return r;
  }
}

TEST(RaceText, ReadsTheSidesAndWritesThemBack) {
  const Race r = MakeRace(ParseMatrix("11/11"), "2,0:1,1", ":0,1", "");
  EXPECT_EQ(r.row_outside[0], 2);
  EXPECT_EQ(r.col_outside[1], 1);
  EXPECT_EQ(r.col_eye[1], 1);
  EXPECT_EQ(r.row_liberties(0), 4);
  EXPECT_EQ(r.col_liberties(1), 4);
  EXPECT_EQ(FormatRace(r), "11/11 outside 2,0:1,1 eyes :0,1");
  EXPECT_EQ(ParseRace(FormatRace(r), "t"), r);
  EXPECT_EQ(FormatRace(Race(ParseMatrix("033/331/312"))), "033/331/312");
  EXPECT_TRUE(ParseRace("2", "t").plain());
  const auto problem = [](const char* matrix, const char* outside, const char* eyes) {
    try {
      MakeRace(ParseMatrix(matrix), outside, eyes, "");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(problem("11/11", "1:2", ""), "--outside: 1 number for the 2 rows in '1:2'");
  EXPECT_EQ(problem("11", "1", ""),
            "--outside: '1' is not ROWS:COLS (one number per row, a colon, one per column; e.g. "
            "1,0:2)");
  EXPECT_EQ(problem("11", "", "2:"), "--eyes: '2' is not a number from 0 to 1");
  EXPECT_EQ(problem("1", "256:", ""), "--outside: '256' is not a number from 0 to 255");
  EXPECT_EQ(problem("1", "1,,:", ""), "--outside: an empty number in '1,,'");
  EXPECT_EQ(RaceStartProblem(MakeRace(ParseMatrix("10/00"), "", "", "")), "row 2 has no liberty");
  EXPECT_EQ(RaceStartProblem(MakeRace(ParseMatrix("10/00"), "0,1:0,2", "", "")), "");
  EXPECT_THROW(ParseRace("11 outside", "t"), InputError);
  EXPECT_THROW(ParseRace("11 inside 1:1", "t"), InputError);
}

// On plain races the race engines give the paper's values, matrix by matrix.
TEST(RaceEngines, PlainRacesAreThePapersGame) {
  std::mt19937 random(7);
  ExhaustiveSolver paper;
  RaceBoxEngine box;
  RaceMemoSolver memo;
  for (int k = 0; k < 300; ++k) {
    Matrix a(1 + int(random() % 4), 1 + int(random() % 4));
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j) a.set(i, j, int(random() % 4));
    if (a.has_zero_line() || a.sum() > 16) continue;
    SCOPED_TRACE(FormatMatrix(a));
    const Solution expected = paper.Solve(a);
    EXPECT_EQ(box.Solve(Race(a)), expected);
    EXPECT_EQ(memo.Solve(Race(a)), expected);
  }
  for (const char* text : {"033/331/312", "320/213/033", "22/22", "1", "2", "033/403/430"}) {
    const Matrix a = ParseMatrix(text);
    EXPECT_EQ(box.Solve(Race(a)), paper.Solve(a)) << text;
  }
}

// The box and the memo solver against the reference, and the reports of both engines equal.
TEST(RaceEngines, AgreeWithTheGamePlayedOut) {
  std::mt19937 random(11);
  RaceBoxEngine box;
  RaceMemoSolver memo;
  int seki = 0, eyes = 0;
  for (int k = 0; k < 250; ++k) {
    const Race r = RandomRace(random, 3, 2, 3);
    SCOPED_TRACE(FormatRace(r));
    const Solution s = box.Solve(r);
    ASSERT_EQ(memo.Solve(r), s);
    for (Game g : kGames) {
      Reference reference(g);
      EXPECT_EQ(reference.Value(r, Player::kR, false), s[g].R);
      EXPECT_EQ(reference.Value(r, Player::kC, false), s[g].C);
    }
    seki += s.seki.is_seki();
    eyes += r.row_eye[0] + r.col_eye[0];
  }
  EXPECT_GT(seki, 0);
  EXPECT_GT(eyes, 30);
  const Race r = MakeRace(ParseMatrix("21/12"), "1,0:0,2", "1,0:0,1", "");
  RaceBoxEngine box2;
  RaceMemoSolver memo2;
  const RaceReport a = BuildRaceReport(box2, r, true), b = BuildRaceReport(memo2, r, true);
  for (Game g : kGames) {
    EXPECT_EQ(a[g].outcome, b[g].outcome);
    ASSERT_EQ(a[g].moves.size(), b[g].moves.size());
    for (std::size_t k = 0; k < a[g].moves.size(); ++k) {
      EXPECT_EQ(a[g].moves[k].move, b[g].moves[k].move);
      EXPECT_EQ(a[g].moves[k].for_r, b[g].moves[k].for_r);
      EXPECT_EQ(a[g].moves[k].for_c, b[g].moves[k].for_c);
    }
    for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(a[g].lines[k].ending, b[g].lines[k].ending);
  }
}

// Spec section 3's invariants, with the players swapped by transposition and the groups
// permuted with their outside liberties and eyes.
TEST(RaceEngines, TranspositionAndIsomorphism) {
  std::mt19937 random(5);
  RaceBoxEngine box;
  for (int k = 0; k < 200; ++k) {
    const Race r = RandomRace(random, 3, 2, 2);
    SCOPED_TRACE(FormatRace(r));
    const Solution s = box.Solve(r), t = box.Solve(r.transposed());
    for (Game g : kGames) {
      EXPECT_EQ(t[g].R, s[g].C);
      EXPECT_EQ(t[g].r, s[g].c);
      EXPECT_FALSE(s[g].R == Result::D && s[g].C == Result::L);
      EXPECT_FALSE(s[g].R == Result::L && s[g].C == Result::D);
      EXPECT_FALSE(s[g].R == Result::L && s[g].C == Result::L);
    }
    Race swapped = r;  // the last row first
    const int m = r.rows();
    for (int i = 0; i < m; ++i) {
      const int from = (i + m - 1) % m;
      for (int j = 0; j < r.cols(); ++j) swapped.a.set(i, j, r.a(from, j));
      swapped.row_outside[i] = r.row_outside[from];
      swapped.row_eye[i] = r.row_eye[from];
    }
    EXPECT_EQ(box.Solve(swapped), s);
    if (RaceMemoSupports(r)) {
      EXPECT_EQ(RaceCanonicalForm(swapped), RaceCanonicalForm(r));
    }
    if (s.seki.is_seki()) {
      EXPECT_TRUE(s.dseki.is_seki());  // a seki is a d-seki
    }
  }
  // Moving an outside liberty from one group to another is not an isomorphism.
  const Race a = MakeRace(ParseMatrix("1/1"), "2,0:", "", "");
  const Race b = MakeRace(ParseMatrix("1/1"), "0,0:2", "", "");
  EXPECT_NE(RaceCanonicalForm(a), RaceCanonicalForm(b));
}

Solution Two(const char* entry, const char* outside, const char* eyes) {
  RaceBoxEngine box;
  return box.Solve(MakeRace(ParseMatrix(entry), outside, eyes, ""));
}

// What spec section 7 says GO players know, for one white and one black group.
TEST(RaceEngines, TheTwoGroupFacts) {
  // No shared liberty: more liberties win; equal, the side to move.
  for (int p = 1; p <= 4; ++p)
    for (int q = 1; q <= 4; ++q) {
      const Outcome o = Two("0", (std::to_string(p) + ":" + std::to_string(q)).c_str(), "").seki;
      SCOPED_TRACE(std::to_string(p) + " against " + std::to_string(q));
      EXPECT_EQ(o.R, p < q || p == q ? Result::W : Result::L);  // Black to move: fewer white
      EXPECT_EQ(o.C, q < p || p == q ? Result::W : Result::L);
    }
  // Two shared liberties, no outside liberty: complete seki; one eye each and one shared too.
  EXPECT_EQ(Two("2", "", "").seki.seki_class(), SekiClass::kComplete);
  EXPECT_EQ(Two("1", "", "1:1").seki.seki_class(), SekiClass::kComplete);
  // An eye against no eye, one shared liberty and equal outside liberties: the eye wins
  // whoever moves first (rows are white: White has the eye).
  for (int p = 0; p <= 3; ++p) {
    const std::string outside = std::to_string(p) + ":" + std::to_string(p);
    const Outcome o = Two("1", outside.c_str(), "1:").seki;
    EXPECT_EQ(o.R, Result::L) << outside;
    EXPECT_EQ(o.C, Result::W) << outside;
  }
}

// The rules docs/go/races.md draws from the two-group table, held to the engine on every cell up to
// 6 liberties of each kind: with d = q - p (Black's outside liberties minus White's) and s shared.
// No eye: s <= 1, the side with more outside liberties captures whoever moves first, the side to
// move when they are equal; s >= 2, seki when |d| <= s - 2, the side with more captures moving
// first when |d| = s - 1 (else seki) and whoever moves first when |d| >= s. An eye for White
// alone: never seki; White counts p + s + 1 (the shared liberties and the eye), Black q: the larger
// count captures whoever moves first, the side to move when they are equal. An eye each: s = 0 as
// no eye (the eyes two more liberties); s >= 1 as no eye with s + 1 shared liberties.
TEST(RaceEngines, TheTwoGroupRules) {
  RaceBoxEngine box;
  const auto by_lead = [](int lead, int settled, int by_first) {  // lead: Black's
    if (lead >= settled) return std::string("B");
    if (lead <= -settled) return std::string("W");
    if (lead >= by_first) return std::string("B|seki");
    if (lead <= -by_first) return std::string("seki|W");
    return std::string("seki");
  };
  const auto race = [](int lead) {  // no seki: the lead captures, else the side to move
    return std::string(lead > 0 ? "B" : lead < 0 ? "W" : "1st");
  };
  int cells = 0;
  for (int s = 0; s <= 6; ++s)
    for (int p = 0; p <= 6; ++p)
      for (int q = 0; q <= 6; ++q)
        for (int eyes = 0; eyes < 3; ++eyes) {
          const bool e = eyes >= 1, f = eyes == 2;
          if (s + p + e == 0 || s + q + f == 0) continue;
          const Outcome o = box.Solve(TwoGroupRace(s, p, q, e, f)).seki;
          std::string cell = TwoGroupCell(o);
          if (cell == "seki*") cell = "seki";
          const std::string name = cell == "B\\|seki"   ? "B|seki"
                                   : cell == "seki\\|W" ? "seki|W"
                                                        : cell;
          std::string expected;
          if (eyes == 0) expected = s <= 1 ? race(q - p) : by_lead(q - p, s, s - 1);
          if (eyes == 1) expected = race(q - (p + s + 1));
          if (eyes == 2) expected = s == 0 ? race(q - p) : by_lead(q - p, s + 1, s);
          EXPECT_EQ(name, expected) << "s=" << s << " p=" << p << " q=" << q << " eyes=" << eyes;
          ++cells;
        }
  EXPECT_EQ(cells, 3 * 7 * 7 * 7 - 20);  // 20 cells leave a group without liberty
}

TEST(RaceEngines, SolveEngineTakesRaces) {
  SolveEngine engine;
  const Race plain(ParseMatrix("033/331/312"));
  const RaceReport report = engine.Report(plain, true);
  const SolveReport matrix = engine.Report(plain.a, true);
  EXPECT_EQ(report[Game::kSeki].outcome, matrix[Game::kSeki].outcome);
  ASSERT_EQ(report[Game::kSeki].lines.size(), 2u);
  EXPECT_EQ(report[Game::kSeki].lines[0].ending, matrix[Game::kSeki].lines[0].ending);
  EXPECT_EQ(engine.Solve(plain), engine.Solve(plain.a));
  const Race race = MakeRace(ParseMatrix("11/11"), "1,2:0,3", "0,1:1,0", "");
  EXPECT_NO_THROW(engine.Check(race, "t"));
  const RaceReport r = engine.Report(race, true);
  EXPECT_EQ(r[Game::kSeki].outcome, RaceBoxEngine().Solve(race).seki);
  EXPECT_FALSE(r[Game::kSeki].moves.empty());
  EXPECT_NE(engine.Stats().find("engine=race-box"), std::string::npos) << engine.Stats();
  // Exhaustive: the memo solver, the same values.
  SolveEngine exhaustive(SolveEngineOptions{.kind = EngineKind::kExhaustive});
  EXPECT_EQ(exhaustive.Solve(race), engine.Solve(race));
  EXPECT_NE(exhaustive.Stats().find("engine=race-memo"), std::string::npos);
  // Refusals: not a starting position; a box over the memory limit.
  EXPECT_THROW(engine.Check(MakeRace(ParseMatrix("1/0"), "", "1:", ""), "t"), InputError);
  SolveEngine small(SolveEngineOptions{.memory_bytes = 1000});
  EXPECT_THROW(small.Check(MakeRace(ParseMatrix("99/99"), "9,9:9,9", "", ""), "t"),
               DownsetTooLarge);
  try {
    small.Guarded("t",
                  [&] { small.Check(MakeRace(ParseMatrix("99/99"), "9,9:9,9", "", ""), "t"); });
    ADD_FAILURE() << "not refused";
  } catch (const MemoryLimitError& e) {
    EXPECT_NE(std::string(e.what()).find("see --memory-limit"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace seki::testing
