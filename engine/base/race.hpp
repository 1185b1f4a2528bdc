// Race: a position of the generalised game of spec section 7 (liberty races): the matrix A of
// shared liberties and, beside it, each group's outside liberties (p_i of row i, q_j of column j)
// and one-point eye (e_i, f_j in {0, 1}); its moves, who may make each, and when a move ends the
// game. Rows are the white groups (R, Black, wants one captured), columns the black groups. With
// no outside liberty and no eye it is the paper's game on A (plain()).
// Concurrency: a value type; the functions are pure.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"

namespace seki {

inline constexpr int kMaxOutside = 255;  // outside liberties of one group fit in one byte

struct Race {
  Matrix a;
  std::array<std::uint8_t, kMaxDim> row_outside{}, col_outside{};  // p_i, q_j
  std::array<std::uint8_t, kMaxDim> row_eye{}, col_eye{};          // e_i, f_j: 0 or 1

  Race() = default;
  explicit Race(const Matrix& matrix) : a(matrix) {}

  int rows() const { return a.rows(); }
  int cols() const { return a.cols(); }
  // No outside liberty and no eye: the paper's game on a.
  bool plain() const;
  // W_i = sum_j A(i,j) + p_i + e_i and B_j = sum_i A(i,j) + q_j + f_j.
  int row_liberties(int i) const { return a.row_sum(i) + row_outside[i] + row_eye[i]; }
  int col_liberties(int j) const { return a.col_sum(j) + col_outside[j] + col_eye[j]; }
  // Every liberty of every group counted once: the moves left before the board is full.
  int total() const;
  // The players swapped: rows become columns with their outside liberties and eyes.
  Race transposed() const;

  friend bool operator==(const Race&, const Race&) = default;
  friend auto operator<=>(const Race&, const Race&) = default;
};

// A move: a stone on a shared liberty (lowers A(row, col)), on an outside liberty of a row or a
// column group, or in a row or column group's eye. `row`/`col` is -1 where it does not apply.
enum class RaceMoveKind : std::uint8_t { kEntry, kRowOutside, kColOutside, kRowEye, kColEye };
struct RaceMove {
  RaceMoveKind kind = RaceMoveKind::kEntry;
  int row = -1, col = -1;
  friend bool operator==(const RaceMove&, const RaceMove&) = default;
};

// Every move that has something to lower, in the one order of every report: the positive entries
// row-major (the paper's moves, in ActiveMoves' order), then the rows' outside liberties, the
// columns', the rows' eyes, the columns' eyes. Some are open to one player only (MayMake).
std::vector<RaceMove> RaceMoves(const Race& r);

// Whether `p` may make move m at r: every move but an eye of the opponent's groups (R's own groups
// are the columns), which only fills its group's last liberty (a capture; otherwise the stone
// would have no liberty).
bool MayMake(const Race& r, RaceMove m, Player p);

// How many such moves are left at r: the entry, the outside liberties, the eye (0 or 1).
int MovesLeft(const Race& r, RaceMove m);

// The fields of a PackedOutcome that hold R's best active move (r of both games), resp. C's: what a
// move offers only the player who may make it.
inline constexpr std::uint8_t kRFields = 0x33, kCFields = 0xCC;
constexpr std::uint8_t MayMakeMask(bool r_may, bool c_may) {
  return std::uint8_t((r_may ? kRFields : 0) | (c_may ? kCFields : 0));
}

// r after move m (which has something to lower).
Race AfterMove(Race r, RaceMove m);

// The values of `after` when the move that led there left a group without liberty: R has won (a
// row), C has won (a column), or both at once (only a shared liberty can do that: TerminalSolution
// of rules.hpp). Nothing when every group still has a liberty.
std::optional<Solution> RaceTerminal(const Race& after);

// "row 2 has no liberty" and the like: why r is not a starting position (every group has a
// liberty, an eye is 0 or 1, at most kMaxDim lines); "" when it is one.
std::string RaceStartProblem(const Race& r);

}  // namespace seki
