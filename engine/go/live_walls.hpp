// Live walls: the walls that close a realised region (docs/go.md) made unconditionally alive, and
// the check that they are. A wall is a chain that is not one of the model's groups; an eye of a
// wall is an empty point all of whose neighbours are stones of that one chain (so no liberty of a
// group, and a true eye whatever its diagonals: the opponent can never play there while the chain
// has another liberty). A chain with two eyes can never be captured (Benson's condition).
// Concurrency: pure functions.
#pragma once

#include <string>
#include <vector>

#include "engine/go/go_model.hpp"

namespace seki::go {

// Closes a realised board's two outer rings: the inner ring (the walls next to the region; a point
// the region left empty, such as a corner, takes the colour of a wall next to it on the ring) and
// the board's edge, where each wall runs on in stones of its colour with eyes between them: every
// other point of each run of one colour, never its ends, nor a point next to a corner stone.
void CloseWithLiveWalls(Board& board);

struct Wall {
  Chain chain;
  std::vector<Point> eyes;  // in reading order
};

// Every wall chain of the model's board (the chains that are not its groups), with its eyes.
std::vector<Wall> Walls(const GoModel& model);

// "" when every wall has at least two eyes; else names the first wall that has fewer.
std::string WallProblem(const GoModel& model);

}  // namespace seki::go
