// The exact local search: a fight (go_fight.hpp) decided by GO's own rules, not by the matrix
// model. Moves are stones on any empty point of the region and passes; GO's capture rule (the
// opponent's chains left without liberty go first); suicide is illegal; capturing a chain that is
// not a target (a dead stone, a wall) is a move like any other and the fight goes on; capturing a
// target ends the fight, won by the capturer; two passes in a row end it with every target alive
// (a draw: seki, or nobody captures). The ko rule: a stone that brings back a position of the
// current line (the stones and the player to move; positions that a pass made do not count)
// ends the fight, lost by one named player. The search runs with the repetition counted against
// Black, and, when a repetition was met, against White as well: where the two results differ the
// fight is a ko, and no result is given (`ko`); so too where they agree but no move keeps the
// result under both (each rule's best move leads into a ko under the other). A move proposed
// keeps the result under both; passing counts as the worse of its two values. Alpha-beta over
// L < D < W with an exact transposition table (fight_search.hpp, fight_table.hpp; a value is kept
// only where no repetition of a position above it decided it: docs/go/search.md).
// Concurrency: one DecideFight per thread; the stop flag may be set by any thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/go/go_fight.hpp"
#include "engine/go/go_line.hpp"

namespace seki::go {

// The most region points the search keys exactly (2 bits each in five words).
inline constexpr int kMaxFightPoints = 160;
// Positions a search visits before it gives up with a refusal (kBudget).
inline constexpr std::uint64_t kDefaultFightNodes = 3'000'000;

struct FightLimits {
  std::uint64_t max_nodes = kDefaultFightNodes;
  std::size_t memory_bytes = 0;  // the transposition table; 0: 1 GiB
  const std::atomic<bool>* stop = nullptr;
};

struct FightAnswer {
  bool ko =
      false;  // the result, or every move that keeps it, depends on who a repetition counts against
  Result result = Result::D;    // for the player to move (when not a ko)
  Result ko_black = Result::D;  // a ko: the result with a repetition lost by Black, by White
  Result ko_white = Result::D;
  Result pass = Result::D;    // the result of passing now, for the player to move
  std::optional<Point> move;  // a move that keeps `result` and does better than passing
  GoLine line;                // an optimal line from the position (the moves' rule as `move`)
  bool line_stopped = false;  // the budget ran out while the line was played (it stops short)
  bool repetition = false;    // a repetition was met: both rules searched
  std::uint64_t nodes = 0;    // positions visited, both searches
};

// Decides the fight with `to_move` to play (after_pass: the opponent has just passed, so a pass
// ends the fight). Throws Stopped (kBudget past max_nodes, kInterrupted by the flag) and an
// InputError naming `where` for a region of more than kMaxFightPoints points. A colour without a
// target cannot lose: the other's best is a draw.
FightAnswer DecideFight(const GoFight& fight, Stone to_move, bool after_pass,
                        const FightLimits& limits, std::string_view where);

// DecideFight on the fight of `targets`: the closed area first (FightOf, kClosed); where that
// search passes the node budget and the open fight differs from it, the open fight with what is
// left of the budget. `used`: the fight whose answer is returned (its assumed chains).
FightAnswer DecideOnBoard(const Board& board, const std::vector<Point>& targets, Stone to_move,
                          bool after_pass, const FightLimits& limits, std::string_view where,
                          GoFight& used);

// "Black captures W C3", "both pass: nobody captures" (the line's last step decides).
std::string FightEnding(const GoFight& fight, const GoLine& line);

}  // namespace seki::go
