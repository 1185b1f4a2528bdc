// Race play: the moves of a race (spec section 7) with the result each gives the player who makes
// it, and one line of optimal play to the end of a game, from an engine's exact values
// (RaceBoxEngine or RaceMemoSolver: each has Solve(r) and ChildSolution(r, m)). The generalised
// game's play.hpp: the same pass rule and choice of move (PassResult, OptimalStep's rule), over
// RaceMoves, of which a player makes only those MayMake allows.
// Concurrency: uses the caller's engine; not thread-safe across calls sharing one engine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/base/race.hpp"
#include "engine/solve/race_box.hpp"
#include "engine/solve/race_memo.hpp"

namespace seki {

// A move and its result for R, resp. C, when that player makes it; none for a player who may not.
struct RaceMoveRow {
  RaceMove move;
  std::optional<Result> for_r, for_c;
};

struct RaceStep {
  Player player = Player::kR;
  bool pass = false;
  RaceMove move;  // not a pass
  Race after;     // the position after the step
};

struct RaceLine {
  std::vector<RaceStep> steps;
  Result result = Result::D;  // for the first player
  std::string ending;         // "R wins: row 2 has no liberty", "draw: two passes", ...
};

// "(1,2)" for an entry, "(1,out)" row 1's outside liberty, "(out,2)" column 2's, "(1,eye)" row
// 1's eye, "(eye,2)" column 2's: lines and columns numbered from 1.
std::string RaceMoveName(RaceMove m);

// Why the game ended when `mover` made the move that reached `after`, a group without liberty:
// "R wins: row 2 has no liberty", "C wins: column 1 has no liberty", "R wins: row 1 and column 3
// have no liberty together" (SEKI: the mover), "draw: row 1 and column 3 have no liberty
// together" (D-SEKI).
std::string RaceEnding(const Race& after, Game g, Player mover);

// Every move of r (RaceMoves' order) with its result for each player who may make it, in game g.
template <class Engine>
std::vector<RaceMoveRow> RaceMoveRows(Engine& engine, const Race& r, Game g);

// The step an optimal `mover` takes at r in game g (after_pass: the opponent just passed): passes
// when every move it may make loses, and right after a pass unless a move wins; otherwise the
// first move (RaceMoves' order) with the best result.
template <class Engine>
RaceStep RaceOptimalStep(Engine& engine, const Race& r, Game g, Player mover, bool after_pass);

// One line of optimal play from a starting position, to two passes or a group without liberty.
template <class Engine>
RaceLine RaceOptimalLine(Engine& engine, const Race& start, Game g, Player first);

extern template std::vector<RaceMoveRow> RaceMoveRows(RaceBoxEngine&, const Race&, Game);
extern template std::vector<RaceMoveRow> RaceMoveRows(RaceMemoSolver&, const Race&, Game);
extern template RaceStep RaceOptimalStep(RaceBoxEngine&, const Race&, Game, Player, bool);
extern template RaceStep RaceOptimalStep(RaceMemoSolver&, const Race&, Game, Player, bool);
extern template RaceLine RaceOptimalLine(RaceBoxEngine&, const Race&, Game, Player);
extern template RaceLine RaceOptimalLine(RaceMemoSolver&, const Race&, Game, Player);

}  // namespace seki
