// GoStep, GoLine: a line of play on the board (a stone or a pass a step) and how it ends, as the
// verdict of a race (go_verdict.hpp) and the exact local search (go_search.hpp) give it.
// Concurrency: value types.
#pragma once

#include <string>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/go/board.hpp"

namespace seki::go {

// One step of a line of play on the board.
struct GoStep {
  Stone colour = Stone::kBlack;
  bool pass = false;
  Point at;  // the filled liberty (not a pass)
};

struct GoLine {
  std::vector<GoStep> steps;
  Result result = Result::D;  // for the first player
  std::string ending;         // "Black captures W C3", "both pass: seki", ...
};

}  // namespace seki::go
