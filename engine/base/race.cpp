#include "engine/base/race.hpp"

#include <string>

#include "engine/base/rules.hpp"

namespace seki {

bool Race::plain() const {
  for (int i = 0; i < rows(); ++i)
    if (row_outside[i] || row_eye[i]) return false;
  for (int j = 0; j < cols(); ++j)
    if (col_outside[j] || col_eye[j]) return false;
  return true;
}

int Race::total() const {
  int sum = a.sum();
  for (int i = 0; i < rows(); ++i) sum += row_outside[i] + row_eye[i];
  for (int j = 0; j < cols(); ++j) sum += col_outside[j] + col_eye[j];
  return sum;
}

Race Race::transposed() const {
  Race t(a.transposed());
  t.row_outside = col_outside;
  t.col_outside = row_outside;
  t.row_eye = col_eye;
  t.col_eye = row_eye;
  return t;
}

std::vector<RaceMove> RaceMoves(const Race& r) {
  std::vector<RaceMove> moves;
  for (int i = 0; i < r.rows(); ++i)
    for (int j = 0; j < r.cols(); ++j)
      if (r.a(i, j) > 0) moves.push_back({RaceMoveKind::kEntry, i, j});
  for (int i = 0; i < r.rows(); ++i)
    if (r.row_outside[i] > 0) moves.push_back({RaceMoveKind::kRowOutside, i, -1});
  for (int j = 0; j < r.cols(); ++j)
    if (r.col_outside[j] > 0) moves.push_back({RaceMoveKind::kColOutside, -1, j});
  for (int i = 0; i < r.rows(); ++i)
    if (r.row_eye[i] > 0) moves.push_back({RaceMoveKind::kRowEye, i, -1});
  for (int j = 0; j < r.cols(); ++j)
    if (r.col_eye[j] > 0) moves.push_back({RaceMoveKind::kColEye, -1, j});
  return moves;
}

bool MayMake(const Race& r, RaceMove m, Player p) {
  if (m.kind == RaceMoveKind::kRowEye) return p == Player::kC || r.row_liberties(m.row) == 1;
  if (m.kind == RaceMoveKind::kColEye) return p == Player::kR || r.col_liberties(m.col) == 1;
  return true;
}

int MovesLeft(const Race& r, RaceMove m) {
  switch (m.kind) {
    case RaceMoveKind::kEntry:
      return r.a(m.row, m.col);
    case RaceMoveKind::kRowOutside:
      return r.row_outside[m.row];
    case RaceMoveKind::kColOutside:
      return r.col_outside[m.col];
    case RaceMoveKind::kRowEye:
      return r.row_eye[m.row];
    case RaceMoveKind::kColEye:
      return r.col_eye[m.col];
  }
  return 0;
}

Race AfterMove(Race r, RaceMove m) {
  switch (m.kind) {
    case RaceMoveKind::kEntry:
      r.a.decrement(m.row, m.col);
      break;
    case RaceMoveKind::kRowOutside:
      --r.row_outside[m.row];
      break;
    case RaceMoveKind::kColOutside:
      --r.col_outside[m.col];
      break;
    case RaceMoveKind::kRowEye:
      r.row_eye[m.row] = 0;
      break;
    case RaceMoveKind::kColEye:
      r.col_eye[m.col] = 0;
      break;
  }
  return r;
}

std::optional<Solution> RaceTerminal(const Race& after) {
  bool zero_row = false, zero_col = false;
  for (int i = 0; i < after.rows(); ++i) zero_row = zero_row || after.row_liberties(i) == 0;
  for (int j = 0; j < after.cols(); ++j) zero_col = zero_col || after.col_liberties(j) == 0;
  return TerminalSolution(zero_row, zero_col);
}

std::string RaceStartProblem(const Race& r) {
  if (r.a.empty()) return "no row or no column";
  if (r.rows() > kMaxDim || r.cols() > kMaxDim)
    return "more than " + std::to_string(kMaxDim) + " rows or columns";
  for (int i = 0; i < r.rows(); ++i) {
    if (r.row_eye[i] > 1) return "row " + std::to_string(i + 1) + " has an eye other than 0 or 1";
    if (r.row_liberties(i) == 0) return "row " + std::to_string(i + 1) + " has no liberty";
  }
  for (int j = 0; j < r.cols(); ++j) {
    if (r.col_eye[j] > 1)
      return "column " + std::to_string(j + 1) + " has an eye other than 0 or 1";
    if (r.col_liberties(j) == 0) return "column " + std::to_string(j + 1) + " has no liberty";
  }
  return "";
}

}  // namespace seki
