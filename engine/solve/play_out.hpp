// PlayOut: the loop of one line of optimal play, the same for the paper's game (play.hpp) and for
// races (race_play.hpp): the players take turns, each taking the step `step(position, mover,
// after_pass)` gives, until two passes in a row (kTwoPassesEnding) or a move after which
// `ending(step, mover)` is not empty (the game is over: that is its ending).
// Concurrency: runs in the caller's thread with the caller's functions.
#pragma once

#include <string>

#include "engine/base/outcome.hpp"

namespace seki {

// The ending of a game after two consecutive passes.
inline constexpr const char* kTwoPassesEnding = "draw: two passes";

template <class Line, class Position, class StepF, class EndingF>
void PlayOut(Line& line, Position position, Player first, StepF&& step, EndingF&& ending) {
  bool after_pass = false;
  for (Player mover = first;; mover = Opponent(mover)) {
    const auto& taken = line.steps.emplace_back(step(position, mover, after_pass));
    if (taken.pass && after_pass) {
      line.ending = kTwoPassesEnding;
      return;
    }
    if (!taken.pass) {
      if (std::string end = ending(taken, mover); !end.empty()) {
        line.ending = std::move(end);
        return;
      }
      position = taken.after;
    }
    after_pass = taken.pass;
  }
}

}  // namespace seki
