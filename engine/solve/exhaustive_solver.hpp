// ExhaustiveSolver: values of both games for one matrix by memoised backward induction over every
// matrix reachable from it. The memo is keyed by a KeyPolicy: the canonical form (ExhaustiveSolver)
// or the raw matrix (RawExhaustiveSolver, an independent path used to cross-check the canonical
// one). Concurrency: a solver instance is single-threaded; use one instance per thread.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/shape_memos.hpp"

namespace seki {

// Thrown when a matrix needs more memo entries than the limit allows.
class SolveTooLarge : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Thrown when the memo would outgrow SolverLimits::memory_bytes in the middle of a solve (the
// CLI's exit status 3, "cannot be decided within the memory limit").
class SolveOutOfMemory : public SolveTooLarge {
 public:
  using SolveTooLarge::SolveTooLarge;
};

struct SolverLimits {
  // Largest number of memoised positions; 0: as many as memory_bytes can hold.
  std::size_t max_positions = 0;
  // Bytes the memo tables may hold, a table's growth included; 0: DefaultMemoryLimitBytes().
  std::size_t memory_bytes = 0;
};

// The most positions of a rows x cols matrix that memo tables within `bytes` can hold: a table
// grows by doubling when half full and holds the old and the new table while it grows.
std::size_t MaxPositions(std::size_t bytes, int rows, int cols);

// A lower bound on the number of classes reachable from a (raw count / (m! n!)); used to refuse
// hopeless positions before starting.
double ReachableClassesLowerBound(const Matrix& a);

// Throws InputError "<where>: too large to solve: at least N positions are reachable, the solver
// holds at most M" when ReachableClassesLowerBound(a) exceeds max_positions (the refusal of the
// CLI and of the research reports).
void RefuseIfTooLarge(const Matrix& a, std::string_view where, std::size_t max_positions);

// What Solve checks before starting: throws std::invalid_argument unless a is a starting position
// (no zero line) and SolveTooLarge when a surely needs more than max_positions positions.
void CheckSolvable(const Matrix& a, std::size_t max_positions);

struct CanonicalMemoKey {  // memo by canonical form (canon::CanonicalForm)
  Matrix operator()(const Matrix& a) const;
};
struct RawMemoKey {  // memo by the raw matrix
  Matrix operator()(const Matrix& a) const { return a; }
};

template <class KeyPolicy>
class BasicSolver {
 public:
  explicit BasicSolver(SolverLimits limits = {});

  // Values of both games for a starting position (no zero line). Throws std::invalid_argument
  // for a matrix with a zero line, SolveTooLarge when a surely needs more positions than the
  // limits allow, and SolveOutOfMemory when the memo would outgrow memory_bytes on the way.
  Solution Solve(const Matrix& a);

  // Values of the matrix reached by lowering a(i, j): terminal values when the move empties a
  // line, else the solved child.
  Solution ChildSolution(const Matrix& a, int i, int j);

  std::size_t positions() const;
  std::size_t bytes() const { return memos_.bytes(); }  // held by the memo tables

 private:
  PackedOutcome Value(const Matrix& a);

  std::size_t max_positions_;
  std::size_t memory_bytes_;
  std::size_t positions_ = 0;
  ShapeMemos memos_;  // keyed by the bytes of KeyPolicy{}(a)
};

using ExhaustiveSolver = BasicSolver<CanonicalMemoKey>;
using RawExhaustiveSolver = BasicSolver<RawMemoKey>;

extern template class BasicSolver<CanonicalMemoKey>;
extern template class BasicSolver<RawMemoKey>;

}  // namespace seki
