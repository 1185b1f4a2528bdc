// Rules of SEKI and D-SEKI (spec sections 1-2): what an active move does, terminal values, and the
// one step of backward induction that turns the values of the children into the values of a matrix.
#pragma once

#include <optional>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"

namespace seki {

// A legal starting matrix: non-empty, within the size limits, a positive entry in every line.
inline bool IsStartingPosition(const Matrix& a) { return !a.empty() && !a.has_zero_line(); }

// Values of the terminal matrix reached by lowering a last 1 that empties a row and/or a column.
// Returns nothing when the move does not end the game.
inline std::optional<Solution> TerminalSolution(bool zero_row, bool zero_col) {
  constexpr Result W = Result::W, D = Result::D, L = Result::L;
  if (zero_row && zero_col) return Solution{{L, L, L, L}, {D, D, D, D}};  // SEKI: mover won
  if (zero_row) return Solution{{W, L, W, L}, {W, L, W, L}};              // R has won
  if (zero_col) return Solution{{L, W, L, W}, {L, W, L, W}};              // C has won
  return std::nullopt;
}

// Values of the matrix reached by lowering a(i, j) > 0: the terminal values when the move empties
// a line, else solve(child) for the lowered matrix (which then has no zero line).
template <class SolveChild>
Solution ChildSolution(const Matrix& a, int i, int j, SolveChild&& solve) {
  if (auto terminal = TerminalSolution(a.row_sum(i) == 1, a.col_sum(j) == 1)) return *terminal;
  Matrix child = a;
  child.decrement(i, j);
  return solve(child);
}

// The contribution of a move to a child: R moving to A' gets -C(A'), C moving to A' gets -R(A'), in
// both games. r(A) and c(A) are the OR (field-wise maximum) of this over the children of A.
constexpr PackedOutcome MoveContribution(const Solution& child) {
  return PackedOutcome::FromActive(Negate(child.seki.C), Negate(child.seki.R),
                                   Negate(child.dseki.C), Negate(child.dseki.R));
}

// Accumulates r(A) and c(A) over the children of a matrix, for both games at once.
class ActiveMoveBest {
 public:
  void Add(const Solution& child) { best_ |= MoveContribution(child); }
  // True once no further child can improve anything (both players already win in both games).
  bool Saturated() const { return best_.bits == 0xFF; }
  PackedOutcome Packed() const { return best_; }

 private:
  PackedOutcome best_;
};

}  // namespace seki
