// GoFight: the part of a board where a capturing race is fought by GO's own rules (the exact local
// search of engine/go/go_search.hpp plays there). The targets are chains whose capture ends the
// fight; the region, every point where a move is made, is one of two:
//  * closed (FightArea::kClosed): every point connected to the targets through points that are
//    not stones of an unconditionally alive chain (Benson's algorithm, benson.hpp), when there are
//    at most kMaxClosedPoints: the area that live stones and the edge enclose. Nothing is assumed.
//  * open (kOpen, and kClosed where that area is larger): the targets and their liberties; every
//    empty area of at most kMaxEyeSpace points next to the region (eye spaces); every chain next
//    to the region that is not unconditionally alive and has all its liberties in the region
//    (dead stones in an eye), or touches a target and has at most kWeakLiberties liberties (a wall
//    with a gap); each chain with its liberties; repeated until nothing changes; then the empty
//    points next to the region's empty points (where a stone played in the region is captured or
//    approached from). The chains next to the region that are not in it and not unconditionally
//    alive are assumed to live (`assumed`); no move is made outside the region.
// Every chain in the region can be captured. A fight is closed when nothing is assumed: no such
// chain and no empty point next to the region outside it.
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/go/go_model.hpp"

namespace seki::go {

inline constexpr int kMaxClosedPoints = 64;  // points of a closed region (stones and empty)
inline constexpr int kMaxEyeSpace = 8;    // an empty area this small touching the region is in it
inline constexpr int kWeakLiberties = 2;  // a chain next to the region with this few is in it

struct GoFight {
  Board board;
  std::vector<Point> targets;  // a stone of each chain whose capture ends the fight
  std::vector<int> region;     // the points where moves are made (Board::Index), ascending
  std::vector<Chain> inside;   // every chain in the region, in reading order (the targets too)
  std::vector<Chain> assumed;  // chains next to the region, not in it, not unconditionally alive
  bool closed = false;         // nothing assumed (no such chain, no open point next to it)
  int empty_points = 0;        // empty points of the region at the start
};

enum class FightArea { kClosed, kOpen };

// The fight of the chains at `targets` (stones; both colours among them). An InputError naming
// `where` for an empty point.
GoFight FightOf(const Board& board, const std::vector<Point>& targets, std::string_view where,
                FightArea kind = FightArea::kClosed);

// The fight of a race's groups (go_model.hpp): every group a target.
GoFight FightOfRace(const GoModel& race, FightArea kind = FightArea::kClosed);

// Whether the matrix model of `race` decides its groups' fight as the search would (spec section
// 7, the last paragraph): the fight's region (go_fight.hpp, the groups as targets) holds no chain
// but the groups and no empty point but their liberties and eyes. Where the fight is open, its
// assumed chains live in the model as in the search (the answer names them, fight.assumed); where
// it is closed, the model is exact by GO's rules. Where it does not, the search decides.
bool ModelDecides(const GoModel& race, const GoFight& fight);
// Why it does not ("" where it does): the chains in the fight that can be captured, the empty
// points that are no liberty of a group.
std::string WhyModelDoesNotDecide(const GoModel& race, const GoFight& fight);

}  // namespace seki::go
