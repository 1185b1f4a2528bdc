// Memoised backward induction over the matrices reachable from a starting position.
#include "engine/solve/exhaustive_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "canon/canonical_form.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"

namespace seki {

std::size_t MaxPositions(std::size_t bytes, int rows, int cols) {
  // N positions need 2N slots, and growing into them holds 3N slots at once.
  const std::size_t slot = 2 + sizeof(std::uint64_t) * MemoKey::Words(rows, cols);
  return bytes / (3 * slot);
}

double ReachableClassesLowerBound(const Matrix& a) {
  // Raw matrices B <= a entrywise, divided by the largest possible orbit size m! n!.
  double log_raw = 0;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) log_raw += std::log(a(i, j) + 1.0);
  const double log_orbit = std::lgamma(a.rows() + 1.0) + std::lgamma(a.cols() + 1.0);
  return std::exp(log_raw - log_orbit);
}

void RefuseIfTooLarge(const Matrix& a, std::string_view where, std::size_t max_positions) {
  const double bound = ReachableClassesLowerBound(a);
  if (bound <= static_cast<double>(max_positions)) return;
  char text[160];
  std::snprintf(text, sizeof text,
                "too large to solve: at least %.3g positions are reachable, the solver holds at "
                "most %.3g",
                bound, static_cast<double>(max_positions));
  throw InputError(where, text);
}

void CheckSolvable(const Matrix& a, std::size_t max_positions) {
  if (!IsStartingPosition(a))
    throw std::invalid_argument("not a starting position: empty, or a zero row or column");
  if (ReachableClassesLowerBound(a) > double(max_positions))
    throw SolveTooLarge("needs more positions than fit in memory (" +
                        std::to_string(max_positions) + " at most)");
}

Matrix CanonicalMemoKey::operator()(const Matrix& a) const { return canon::CanonicalForm(a); }

template <class KeyPolicy>
BasicSolver<KeyPolicy>::BasicSolver(SolverLimits limits)
    : max_positions_(limits.max_positions),
      memory_bytes_(limits.memory_bytes ? limits.memory_bytes
                                        : static_cast<std::size_t>(DefaultMemoryLimitBytes())) {}

template <class KeyPolicy>
Solution BasicSolver<KeyPolicy>::Solve(const Matrix& a) {
  const std::size_t fit = MaxPositions(memory_bytes_, a.rows(), a.cols());
  CheckSolvable(a, max_positions_ ? std::min(max_positions_, fit) : fit);
  return Solution::From(Value(a));
}

template <class KeyPolicy>
Solution BasicSolver<KeyPolicy>::ChildSolution(const Matrix& a, int i, int j) {
  return seki::ChildSolution(a, i, j,
                             [this](const Matrix& child) { return Solution::From(Value(child)); });
}

template <class KeyPolicy>
std::size_t BasicSolver<KeyPolicy>::positions() const {
  return positions_;
}

template <class KeyPolicy>
PackedOutcome BasicSolver<KeyPolicy>::Value(const Matrix& a) {
  PackedMemo& memo = memos_.For(a.rows(), a.cols());
  const MemoKey key = MemoKey::Of(KeyPolicy{}(a));
  if (auto v = memo.Find(key.words)) return PackedOutcome{*v};

  ActiveMoveBest best;
  for (int i = 0; i < a.rows() && !best.Saturated(); ++i)
    for (int j = 0; j < a.cols() && !best.Saturated(); ++j)
      if (a(i, j) > 0) best.Add(ChildSolution(a, i, j));

  if (max_positions_ && positions_ >= max_positions_)
    throw SolveTooLarge("needs more than " + std::to_string(max_positions_) +
                        " positions, more than fit in memory");
  if (memo.WouldGrow() && memos_.bytes() + memo.GrowthBytes() > memory_bytes_)
    throw SolveOutOfMemory("its memo of " + std::to_string(positions_) +
                           " positions cannot grow within " + std::to_string(memory_bytes_) +
                           " bytes");
  memo.Insert(key.words, best.Packed().bits);
  ++positions_;
  return best.Packed();
}

template class BasicSolver<CanonicalMemoKey>;
template class BasicSolver<RawMemoKey>;

}  // namespace seki
