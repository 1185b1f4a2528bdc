// Resolver: re-solves many matrices with one single-matrix Solver whose memo is shared between
// them and dropped when it grows past a bound (verify and export re-solve millions of lines).
// Concurrency: one instance per thread.
#pragma once

#include <cstddef>
#include <optional>

#include "engine/solve/solver.hpp"

namespace seki {

class Resolver {
 public:
  static constexpr std::size_t kMemoLimit = 8'000'000;  // positions kept before starting afresh

  Solution Solve(const Matrix& a) {
    if (!solver_ || solver_->positions() > kMemoLimit) solver_.emplace();
    return solver_->Solve(a);
  }

 private:
  std::optional<Solver> solver_;
};

}  // namespace seki
