// Resolver: re-solves many matrices with one exhaustive ExhaustiveSolver whose memo is shared
// between them and started afresh when it grows past a bound (verify and export re-solve millions
// of lines; check re-solves its findings, the reproduction its claims' matrices); the restart
// policy is SolveEngine's. Concurrency: one instance per thread.
#pragma once

#include <cstddef>

#include "engine/solve/solve_engine.hpp"

namespace seki {

class Resolver {
 public:
  static constexpr std::size_t kMemoLimit = 8'000'000;  // positions kept before starting afresh

  Solution Solve(const Matrix& a) { return engine_.Solve(a); }
  // The engine, for moves and lines of optimal play from the same memo.
  SolveEngine& engine() { return engine_; }

 private:
  SolveEngine engine_{
      SolveEngineOptions{.kind = EngineKind::kExhaustive, .max_kept_positions = kMemoLimit}};
};

}  // namespace seki
