// Memoised backward induction over races, keyed by the canonical form of the bordered matrix.
#include "engine/solve/race_memo.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "canon/canonical_form.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/shape_memos.hpp"

namespace seki {
namespace {

int Border(int outside, int eye) { return 2 * outside + eye; }

}  // namespace

bool RaceMemoSupports(const Race& r) {
  if (r.rows() >= kMaxDim || r.cols() >= kMaxDim) return false;
  int largest = r.a.height();
  for (int i = 0; i < r.rows(); ++i)
    largest = std::max(largest, Border(r.row_outside[i], r.row_eye[i]));
  for (int j = 0; j < r.cols(); ++j)
    largest = std::max(largest, Border(r.col_outside[j], r.col_eye[j]));
  return largest < kMaxEntry;
}

Matrix RaceCanonicalForm(const Race& r) {
  const int m = r.rows(), n = r.cols();
  Matrix bordered(m + 1, n + 1);
  int largest = 0;
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) bordered.set(i, j, r.a(i, j));
    bordered.set(i, n, Border(r.row_outside[i], r.row_eye[i]));
  }
  for (int j = 0; j < n; ++j) bordered.set(m, j, Border(r.col_outside[j], r.col_eye[j]));
  for (int i = 0; i <= m; ++i)
    for (int j = 0; j <= n; ++j) largest = std::max(largest, bordered(i, j));
  bordered.set(m, n, largest + 1);  // the only entry this large: its row and column stay apart
  return canon::CanonicalForm(bordered);
}

RaceMemoSolver::RaceMemoSolver(SolverLimits limits)
    : memory_bytes_(limits.memory_bytes ? limits.memory_bytes
                                        : static_cast<std::size_t>(DefaultMemoryLimitBytes())) {}

Solution RaceMemoSolver::Solve(const Race& r) {
  if (const std::string problem = RaceStartProblem(r); !problem.empty())
    throw std::invalid_argument("not a starting position: " + problem);
  if (!RaceMemoSupports(r))
    throw std::invalid_argument("the memo solver takes races of at most 7x7 with 2p+e below 255");
  return Solution::From(Value(r));
}

Solution RaceMemoSolver::ChildSolution(const Race& r, RaceMove m) {
  const Race after = AfterMove(r, m);
  if (auto terminal = RaceTerminal(after)) return *terminal;
  return Solve(after);
}

PackedOutcome RaceMemoSolver::Value(const Race& r) {
  const MemoKey key = MemoKey::Of(RaceCanonicalForm(r));
  if (r.rows() != rows_ || r.cols() != cols_) {  // every position reachable has r's shape
    memo_ = PackedMemo(MemoKey::Words(r.rows() + 1, r.cols() + 1));
    rows_ = r.rows();
    cols_ = r.cols();
  }
  if (auto v = memo_.Find(key.words)) return PackedOutcome{*v};
  PackedOutcome best;
  for (const RaceMove m : RaceMoves(r)) {
    const PackedOutcome contribution = MoveContribution(ChildSolution(r, m));
    best |= PackedOutcome{std::uint8_t(
        contribution.bits & MayMakeMask(MayMake(r, m, Player::kR), MayMake(r, m, Player::kC)))};
  }
  if (memo_.WouldGrow() && memo_.bytes() + memo_.GrowthBytes() > memory_bytes_)
    throw SolveOutOfMemory("its memo of " + std::to_string(positions_) +
                           " races cannot grow within " + std::to_string(memory_bytes_) + " bytes");
  memo_.Insert(key.words, best.bits);
  ++positions_;
  return best;
}

}  // namespace seki
