// Unconditional life (Benson's algorithm, 1976): the chains that no sequence of opponent moves can
// capture, even if their owner always passes. For one colour: X the chains of that colour, R the
// regions enclosed by them (maximal connected sets of points without a stone of that colour); a
// region is vital to a chain when each of its empty points is a liberty of the chain. Repeat until
// nothing changes: drop from X every chain with fewer than two vital regions in R, drop from R
// every region next to a chain not in X. The chains left in X live unconditionally. A chain with
// two one-point eyes (live_walls.hpp's condition for the walls of a realised board) is one.
// And the check `seki go` makes of a position's walls, which the model assumes to live.
// Concurrency: pure functions.
#pragma once

#include <vector>

#include "engine/go/board.hpp"
#include "engine/go/go_model.hpp"

namespace seki::go {

// For each chain of map (FindChains(board)), whether it lives unconditionally.
std::vector<char> UnconditionallyAlive(const Board& board, const ChainMap& map);

// The walls of the model (GoModel::walls) that do not live unconditionally, in reading order: the
// verdict assumes that they live.
std::vector<Chain> WallsAssumedAlive(const GoModel& model);

}  // namespace seki::go
