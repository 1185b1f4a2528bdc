// The races of a board position decided for a GO program (GTP's genmove, final_status_list and
// analyze_semeai, engine/go/gtp_session.hpp): the default groups of the model (ExtractModel) split
// into races, each the groups linked through shared liberties or touching stones, each solved
// exactly through the one solve path (SolveEngine). A race is played on its own: a move is chosen
// race by race, not for their sum.
// Concurrency: the functions use the caller's engine (one per thread).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/go/go_model.hpp"
#include "engine/go/go_search.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki::go {

// The races of the board's default groups (none when ExtractModel finds none), each a model of its
// own groups, in reading order of their first stones.
std::vector<GoModel> RacesOn(const Board& board);

// The race that holds the chains at both points (stones of opposite colours): one of RacesOn, or
// the model of the two chains alone (--region P,Q). An InputError naming the point and the group
// when there is none (the model's refusal), or when a point is empty or both are one colour.
GoModel RaceOf(const Board& board, Point a, Point b);

// The move a player makes in a race (SEKI, GO's capture rule), from the engine's exact values: of
// the moves with the best result, the opponent's outside liberties and eyes first, then shared
// liberties, then one's own (RaceMoves' order within each, its first point), when that result is
// better than passing (after_pass: the opponent just passed, so a pass ends the game in a draw);
// else nothing (pass).
struct RaceMoveChoice {
  std::optional<Point> move;
  Result best = Result::L, pass = Result::L;  // for the player: its best move, passing
};
RaceMoveChoice ChooseMove(const GoModel& race, Stone colour, bool after_pass, SolveEngine& engine);

// GTP's genmove: over every race of the board, the move that gains most over passing (a capture
// won where passing loses or draws first, then a draw kept where passing loses); the first such
// race in reading order; nothing (pass) when no move gains.
std::optional<Point> BestMove(const Board& board, Stone colour, bool after_pass,
                              SolveEngine& engine);

// The search's limits from the engine's memory limit and stop flag.
FightLimits LimitsOf(const SolveEngine& engine);

// GTP's analyze_semeai A B: the chain at `a` moving first; keeps: its colour does not lose it in
// the optimal line; captures: its colour wins by capturing the chain at `b`; the move (its
// first point), none for a pass, when it does better than passing. Decided by the matrix model of
// the two chains where it decides their fight (ModelDecides), else by the exact local search of
// the fight (a capture of another chain is a move, not the end); `assumed`: the chains that the
// answer assumes to live (an open fight, for the model and the search alike). A ko, and a search
// past its limits, is an InputError naming "position".
struct SemeaiAnswer {
  bool keeps = false, captures = false;
  std::optional<Point> move;
  bool searched = false;       // by the local search, not the matrix model
  std::vector<Chain> assumed;  // an open fight: chains assumed to live
  GoLine line;                 // the search's optimal line (empty for the matrix model)
};
SemeaiAnswer AnalyzeSemeai(const Board& board, Point a, Point b, SolveEngine& engine);

// GTP's final_status_list: the chains the engine decides, by status. alive: every chain that
// lives unconditionally (benson.hpp) and the groups of the side that captures whoever moves first
// in a race whose other side has one group; dead: that group; seki: every group of a race that
// is a seki whoever moves first. Each chain as its stones in reading order.
struct Statuses {
  std::vector<std::vector<Point>> alive, dead, seki;
};
Statuses FinalStatuses(const Board& board, SolveEngine& engine);

}  // namespace seki::go
