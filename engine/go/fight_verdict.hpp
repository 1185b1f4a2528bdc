// FightVerdict: `seki go`'s answer by GO's own rules where the matrix model does not decide the
// position exactly (go_fight.hpp: ModelDecides): the fight of the model's groups decided by the
// exact local search (go_search.hpp) moving first and second, with a line each, said in GO words.
// Concurrency: DecideByFight uses the caller's engine's limits (one per thread); the rest are pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/go/go_line.hpp"
#include "engine/go/go_model.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki::go {

struct FightVerdict {
  std::string reason;          // why the model does not decide the position (WhyModelDoesNotDecide)
  bool decided = false;        // false: a ko, or the search gave up (`verdict` says which)
  Result black = Result::D;    // Black moving first, for Black
  Result white = Result::D;    // White moving first, for White
  std::vector<GoLine> lines;   // Black first, White first (when decided)
  std::vector<Chain> assumed;  // chains next to the fight assumed to live
  bool closed = true;   // nothing assumed (go_fight.hpp); else no move is made outside the fight
  std::string verdict;  // in GO words, or why there is no answer
};

// Nothing where the model is exact; else the search's answer (a ko or a search past its limits
// is said in `verdict`, not thrown; the stop flag's Stopped is thrown).
std::optional<FightVerdict> DecideByFight(const GoModel& model, SolveEngine& engine);

// The lines `seki go` prints for it: the reason, the verdict, the assumed chains, the lines.
std::string FightVerdictText(const FightVerdict& f);

}  // namespace seki::go
