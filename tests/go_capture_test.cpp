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
// the choice of groups: it plays every point of the board, captures walls and dead stones, and
// keeps GO's suicide and superko rules. The solver is also checked by itself: positions whose
// answers are derived by hand (the example of issue 58, a ko, suicides), and a plain search
// without memo on tiny boards.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/race_text.hpp"
#include "engine/base/stopped.hpp"
#include "engine/go/benson.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_fight.hpp"
#include "engine/go/go_model.hpp"
#include "engine/go/go_realise.hpp"
#include "engine/go/go_search.hpp"
#include "engine/go/live_walls.hpp"
#include "engine/solve/solve_engine.hpp"
#include "tests/capture_solver.hpp"
#include "tests/go_positions.hpp"
#include "tests/race_boards.hpp"

namespace seki::testing {
namespace {

// Positions compared, disagreements and positions too big for the solver (each test prints its
// own count: CountScope).
int compared = 0, disagreements = 0, too_big = 0, refused = 0;
struct CountScope {
  CountScope() { compared = disagreements = too_big = refused = 0; }
  ~CountScope() {
    std::printf(
        "%d positions compared with the board solver, %d disagreements, %d too big for the "
        "solver, %d that seki refuses or answers assuming chains alive\n",
        compared, disagreements, too_big, refused);
  }
};

// seki's answer for the race's groups (R: Black first, C: White first): the matrix model where it
// is exact (ModelDecides), else the exact search by GO's rules (go_search.hpp: DecideOnBoard);
// nothing where the search refuses (a ko, its budget) or answers for an open region, assuming
// chains alive (the whole-board solver assumes nothing: no comparison).
std::optional<Outcome> SekiAnswer(const go::GoModel& model, SolveEngine& engine) {
  const go::GoFight fight = go::FightOfRace(model);
  if (!fight.assumed.empty()) return std::nullopt;  // the model would assume them too
  if (go::ModelDecides(model, fight)) return engine.Solve(model.race).seki;
  Outcome o;
  go::GoFight used;
  for (const go::Stone first : {go::Stone::kBlack, go::Stone::kWhite}) {
    go::FightAnswer a;
    try {
      a = go::DecideOnBoard(model.board, fight.targets, first, false, {}, "test", used);
    } catch (const Stopped&) {
      return std::nullopt;
    }
    if (a.ko || !used.closed) return std::nullopt;
    (first == go::Stone::kBlack ? o.R : o.C) = a.result;
  }
  return o;
}

// The board solver's values against seki's R (Black first) and C (White first); a disagreement
// shows the solver's line. A position too big for the solver, or one seki refuses, is counted.
void ExpectSameValues(const go::Board& board, const go::GoModel& model, SolveEngine& engine) {
  std::vector<go::Point> groups;
  for (const auto* side : {&model.white, &model.black})
    for (const go::Chain& c : *side) groups.push_back(c.stones.front());
  CaptureSolver solver(board, groups);
  SCOPED_TRACE(FormatRace(model.race) + "\n" + go::DiagramText(board));
  const std::optional<Outcome> o = SekiAnswer(model, engine);
  if (!o) {
    ++refused;
    return;
  }
  try {
    const Result black = solver.Value('X'), white = solver.Value('O');
    ++compared;
    EXPECT_EQ(black, o->R) << "the solver, Black first: " << solver.Line('X');
    EXPECT_EQ(white, o->C) << "the solver, White first: " << solver.Line('O');
    disagreements += black != o->R || white != o->C;
  } catch (const std::runtime_error& e) {  // the solver's node budget: counted, not compared
    ++too_big;
  }
}

// Whether every wall next to the groups keeps a liberty that no group has (the random positions
// are those that the first solver, which played only next to the groups, could not get wrong).
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
  for (const StackSpec& cell : TwoGroupCells(max)) CheckStack(cell, engine);
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
    const go::ChainMap chains = go::FindChains(b);
    if (std::any_of(chains.chains.begin(), chains.chains.end(),
                    [](const go::Chain& c) { return c.liberties.empty(); }))
      continue;  // a chain without a liberty: no GO position (Benson's regions assume none)
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

// The solver by itself: a position as a text diagram (top row first) and the points of its groups.
struct HandMade {
  go::Board board;
  std::vector<go::Point> groups;
  go::Point at(const char* name) const {
    return go::ParsePointName(name, board.width(), board.height(), "t");
  }
};
HandMade Make(const char* diagram, std::initializer_list<const char*> groups) {
  HandMade h{go::ReadDiagram(diagram, "t"), {}};
  for (const char* g : groups) h.groups.push_back(h.at(g));
  return h;
}

// The example of issue 58: the top right corner of a 19x19 board (columns M..T, rows 19..16) as
// an 8x4 board (columns A..H, rows 4..1), its bottom edge closing it. Black's group (E4, Q19 on
// the big board) has the liberties D4 and F4 (P19, R19); White's (G4) F4 and H3 (R19, T18). The
// white stones A4 B4 C4 are dead (their one liberty D4), so are the black ones G2 H2 H1 (theirs
// H3); the white wall A2..D2 B1 D1 lives (two eyes, A1 and C1). By hand:
// * F4 (R19) is the one shared liberty: whoever fills it leaves its group one liberty, which the
//   other takes at once (White D4, Black H3: each captures there). It loses.
// * D4 for White and H3 for Black capture nothing and leave the stone without liberty (the
//   opponent's group keeps F4): suicide, illegal.
// * Black D4 takes the three dead stones: an eye of three points in a row (A4 B4 C4). White plays
//   its middle, B4: to take it back Black needs A4 and C4, so Black's eye is one point at most,
//   while White's H3 takes G2 H2 H1, an eye of three: three against one with one shared liberty,
//   White wins the race. So D4 loses; and for White H3 loses the same way (Black plays H2, the
//   middle of the bent three G2 H2 H1).
// * White filling an eye of its wall (A1, C1) leaves the wall one liberty: Black takes the wall
//   and its liberties, and wins the race. For Black those points are suicide.
// So every stone loses, and whoever moves first passes: seki, a draw (analyze_semeai's "1 0" for
// either side moving first, as the issue says), though not for the issue's reason: capturing the
// dead stones loses.
TEST(CaptureSolverItself, TheExampleOfIssue58) {
  const HandMade h = Make(R"(
O O O . X . O O
X X X X X O O .
O O O O X O X X
. O . O X O O X
)",
                          {"E4", "G4"});
  CaptureSolver solver(h.board, h.groups);
  EXPECT_EQ(solver.Value('X'), Result::D) << solver.Line('X');
  EXPECT_EQ(solver.Value('O'), Result::D) << solver.Line('O');
  const std::optional<Result> illegal, lost = Result::L;
  for (const auto& [mover, point, expected] :
       std::vector<std::tuple<char, const char*, std::optional<Result>>>{{'X', "F4", lost},
                                                                         {'O', "F4", lost},
                                                                         {'O', "D4", illegal},
                                                                         {'X', "H3", illegal},
                                                                         {'X', "D4", lost},
                                                                         {'O', "H3", lost},
                                                                         {'O', "A1", lost},
                                                                         {'O', "C1", lost},
                                                                         {'X', "A1", illegal},
                                                                         {'X', "C1", illegal}})
    EXPECT_EQ(solver.MoveValue(mover, h.at(point)), expected) << mover << " " << point;
  std::printf("issue 58's example: %zu positions searched\n", solver.positions());
}

// A ko (3x2). Black's group A1 B1 has the liberty A2 only; White's B2 has A2 and C2; the white
// stone C1 has C2. By hand: White moving first plays A2 and captures Black's group (W). Black
// moving first plays C2 and takes C1: White's group keeps A2 only, Black's has A2 and C1. White
// may not take back at C1 at once (the position would repeat, Black to move: superko), A2 is
// suicide (Black keeps C1), so White passes and Black's A2 captures (W). Started afresh on the
// board after Black's C2 (the first position no longer on the path), White takes back at C1, Black
// may not retake (the repetition is now Black's), A2 is suicide for Black, and White's A2
// captures (W for White).
TEST(CaptureSolverItself, AKo) {
  const char* start = R"(
. O .
X X O
)";
  const HandMade h = Make(start, {"A1", "B2"});
  CaptureSolver solver(h.board, h.groups);
  EXPECT_EQ(solver.Value('O'), Result::W);
  EXPECT_EQ(solver.Value('X'), Result::W);
  EXPECT_EQ(solver.MoveValue('X', h.at("C2")), Result::W);
  EXPECT_EQ(solver.Line('X'), "X C2 (takes 1), O pass, X A2 captures");
  const HandMade after = Make(R"(
. O X
X X .
)",
                              {"A1", "B2"});
  CaptureSolver fresh(after.board, after.groups);
  EXPECT_EQ(fresh.Value('O'), Result::W) << fresh.Line('O');
  EXPECT_EQ(fresh.MoveValue('O', after.at("C1")), Result::W);
  EXPECT_EQ(fresh.MoveValue('O', after.at("A2")), std::nullopt);  // suicide
}

// The solver against a plain search on tiny boards (2x2 to 4x4, at most four empty points, two
// groups at random, every chain with a liberty): negamax over every move and pass with the path
// as a set of positions (superko) and no memo; the values moving first and after every first move
// must agree. Positions where the plain search takes too long are left out (counted).
class PlainSearch {
 public:
  PlainSearch(int width, int height, std::string cells, std::vector<int> groups)
      : w_(width), h_(height), b_(std::move(cells)), groups_(std::move(groups)) {}
  // 2 W, 1 D, 0 L for `mover` playing k (-1: pass) first; -1 when illegal.
  int AfterMove(char mover, int k) {
    path_ = {b_ + mover};
    const std::string start = b_;
    int value = -1;
    const char other = mover == 'X' ? 'O' : 'X';
    if (k < 0) {
      path_.insert(b_ + other);
      value = 2 - Value(other, true);
    } else if (b_[k] == '.') {
      const int r = Play(k, mover);
      if (r == 1) value = 2;
      if (r == 0) {
        path_.insert(b_ + other);
        value = 2 - Value(other, false);
      }
    }
    b_ = start;
    return value;
  }
  int First(char mover) {
    path_ = {b_ + mover};
    return Value(mover, false);
  }
  bool Legal() {
    for (int k = 0; k < int(b_.size()); ++k)
      if (b_[k] != '.' && !Liberty(k)) return false;
    return true;
  }

 private:
  std::vector<int> Near(int k) const {
    std::vector<int> out;
    if (k % w_ > 0) out.push_back(k - 1);
    if (k % w_ + 1 < w_) out.push_back(k + 1);
    if (k / w_ > 0) out.push_back(k - w_);
    if (k / w_ + 1 < h_) out.push_back(k + w_);
    return out;
  }
  bool Liberty(int k) {
    chain_ = {k};
    for (std::size_t n = 0; n < chain_.size(); ++n)
      for (int q : Near(chain_[n])) {
        if (b_[q] == '.') return true;
        if (b_[q] == b_[k] && std::find(chain_.begin(), chain_.end(), q) == chain_.end())
          chain_.push_back(q);
      }
    return false;
  }
  // 1: captures a group, 0: an ordinary move, -1: suicide (the board is changed; callers restore).
  int Play(int k, char mover) {
    b_[k] = mover;
    bool captured = false, group = false;
    for (int q : Near(k))
      if (b_[q] != '.' && b_[q] != mover && !Liberty(q))
        for (int s : chain_) {
          group = group || std::find(groups_.begin(), groups_.end(), s) != groups_.end();
          b_[s] = '.';
          captured = true;
        }
    return group ? 1 : captured || Liberty(k) ? 0 : -1;
  }
  int Value(char mover, bool after_pass) {
    if (++nodes_ > 200000) throw std::runtime_error("plain search: too long");
    const char other = mover == 'X' ? 'O' : 'X';
    int best = 1;  // a pass after a pass ends the game
    if (!after_pass) {
      const bool fresh = path_.insert(b_ + other).second;
      best = 2 - Value(other, true);
      if (fresh) path_.erase(b_ + other);
    }
    for (int k = 0; k < int(b_.size()) && best < 2; ++k) {
      if (b_[k] != '.') continue;
      const std::string before = b_;
      const int r = Play(k, mover);
      if (r == 1) best = 2;
      if (r == 0 && path_.insert(b_ + other).second) {
        best = std::max(best, 2 - Value(other, false));
        path_.erase(b_ + other);
      }
      b_ = before;
    }
    return best;
  }

  int w_, h_;
  std::string b_;
  std::vector<int> groups_, chain_;
  std::set<std::string> path_;
  long nodes_ = 0;
};

TEST(CaptureSolverItself, AgreesWithAPlainSearchOnTinyBoards) {
  std::mt19937 random(58);
  int checked = 0, left_out = 0;
  while (checked < 60) {
    const int w = 2 + int(random() % 3), h = 2 + int(random() % 3);
    std::string cells(w * h, '.');
    for (char& c : cells) {
      const unsigned r = random() % 100;
      c = r < 35 ? '.' : r < 68 ? 'X' : 'O';
    }
    const auto empty = std::count(cells.begin(), cells.end(), '.');
    std::vector<int> black, white;
    for (int k = 0; k < w * h; ++k) {
      if (cells[k] == 'X') black.push_back(k);
      if (cells[k] == 'O') white.push_back(k);
    }
    if (empty < 1 || empty > 4 || black.empty() || white.empty()) continue;
    const std::vector<int> groups{black[random() % black.size()], white[random() % white.size()]};
    if (!PlainSearch(w, h, cells, groups).Legal()) continue;
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " " + cells + " groups " +
                 std::to_string(groups[0]) + " " + std::to_string(groups[1]));
    CaptureSolver solver(w, h, cells, groups);
    try {
      for (char mover : {'X', 'O'}) {
        EXPECT_EQ(int(solver.Value(mover)), PlainSearch(w, h, cells, groups).First(mover));
        for (int k = -1; k < w * h; ++k) {
          const std::optional<Result> v = solver.MoveValue(mover, k);
          EXPECT_EQ(v ? int(*v) : -1, PlainSearch(w, h, cells, groups).AfterMove(mover, k)) << k;
        }
      }
      ++checked;
    } catch (const std::runtime_error&) {
      ++left_out;
    }
  }
  std::printf("60 tiny boards agree with a plain search (%d left out: too long for it)\n",
              left_out);
}

}  // namespace
}  // namespace seki::testing
