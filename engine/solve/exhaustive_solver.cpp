// Memoised backward induction over the matrices reachable from a starting position.
#include "engine/solve/exhaustive_solver.hpp"

#include <cmath>
#include <cstdio>

#include "canon/canonical_form.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"

namespace seki {

namespace {
// Rough cost of one memo entry in std::unordered_map<Matrix, PackedOutcome> (node, key, bucket).
constexpr std::size_t kBytesPerPosition = 128;
}  // namespace

std::size_t DefaultMaxPositions() {
  return static_cast<std::size_t>(DefaultMemoryLimitBytes() / kBytesPerPosition);
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
    : max_positions_(limits.max_positions ? limits.max_positions : DefaultMaxPositions()) {}

template <class KeyPolicy>
Solution BasicSolver<KeyPolicy>::Solve(const Matrix& a) {
  CheckSolvable(a, max_positions_);
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

  if (positions_ >= max_positions_)
    throw SolveTooLarge("needs more than " + std::to_string(max_positions_) +
                        " positions, more than fit in memory");
  memo.Insert(key.words, best.Packed().bits);
  ++positions_;
  return best.Packed();
}

template class BasicSolver<CanonicalMemoKey>;
template class BasicSolver<RawMemoKey>;

}  // namespace seki
