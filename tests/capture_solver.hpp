// The board-level capture solver of the GO tests: GO's rules played out on the board itself, an
// independent check of the translation from GO to the game (engine/go) that shares nothing with
// engine/go but the choice of groups. A stone may be played on an empty point next to one of the
// groups (a liberty of a group: shared, outside or an eye; never a point away from them, so walls
// keep the liberties they have away from the groups); captures by GO's rule (the opponent's chains
// left without liberty first); the first capture ends the game, won by the capturer; suicide is
// illegal (where the game calls it a losing move: passing is always allowed, so the values agree);
// two passes in a row are a draw. Memoised on the board position.
// Concurrency: one instance per thread.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/go/board.hpp"

namespace seki::testing {

class CaptureSolver {
 public:
  // The board as characters ('.', 'X', 'O'), row-major from the bottom row; `groups`: a point of
  // each group (Board::Index).
  CaptureSolver(int width, int height, std::string cells, std::vector<int> groups)
      : w_(width), h_(height), cells_(std::move(cells)), groups_(std::move(groups)) {
    for (int k = 0; k < int(cells_.size()); ++k) neighbours_.push_back(Neighbours(k));
    points_ = Moves(cells_);  // only these points change before the game ends
  }
  CaptureSolver(const go::Board& board, const std::vector<go::Point>& groups)
      : CaptureSolver(board.width(), board.height(), Cells(board), Indices(board, groups)) {}

  // The result for the player to move ('X' or 'O') moving first: W, D or L.
  Result Value(char mover) {
    b_ = cells_;
    return Search(mover, false);
  }
  // The points where the game is played (the empty points next to the groups at the start).
  std::size_t points() const { return points_.size(); }
  std::size_t positions() const { return memo_.size(); }

  static std::string Cells(const go::Board& board) {
    std::string cells;
    for (int y = 0; y < board.height(); ++y)
      for (int x = 0; x < board.width(); ++x) {
        const go::Stone s = board.at({x, y});
        cells += s == go::Stone::kBlack ? 'X' : s == go::Stone::kWhite ? 'O' : '.';
      }
    return cells;
  }

 private:
  static std::vector<int> Indices(const go::Board& board, const std::vector<go::Point>& points) {
    std::vector<int> out;
    for (go::Point p : points) out.push_back(board.Index(p));
    return out;
  }

  std::vector<int> Neighbours(int k) const {
    std::vector<int> out;
    const int x = k % w_, y = k / w_;
    if (x > 0) out.push_back(k - 1);
    if (x + 1 < w_) out.push_back(k + 1);
    if (y > 0) out.push_back(k - w_);
    if (y + 1 < h_) out.push_back(k + w_);
    return out;
  }

  // The stones of the chain through k (in stones_, valid until the next call).
  const std::vector<int>& Stones(const std::string& b, int k) {
    Flood(b, k, false);
    return stones_;
  }
  // Whether the chain through k has a liberty (the flood stops at the first).
  bool HasLiberty(const std::string& b, int k) { return Flood(b, k, true); }

  bool Flood(const std::string& b, int k, bool stop_at_liberty) {
    if (seen_.size() != b.size()) seen_.assign(b.size(), 0);
    ++stamp_;  // seen_[q] == stamp_: q is in this chain
    stones_.assign(1, k);
    seen_[k] = stamp_;
    bool liberty = false;
    for (std::size_t n = 0; n < stones_.size(); ++n)
      for (int q : neighbours_[stones_[n]]) {
        if (b[q] == '.') {
          liberty = true;
          if (stop_at_liberty) return true;
        }
        if (b[q] == b[k] && seen_[q] != stamp_) seen_[q] = stamp_, stones_.push_back(q);
      }
    return liberty;
  }

  // Empty points next to a chain of one of the groups.
  std::vector<int> Moves(const std::string& b) {
    std::vector<char> mark(b.size(), 0);
    for (int g : groups_)
      for (int s : Stones(b, g))
        for (int q : neighbours_[s])
          if (b[q] == '.') mark[q] = 1;
    std::vector<int> out;
    for (int k = 0; k < int(b.size()); ++k)
      if (mark[k]) out.push_back(k);
    return out;
  }

  // The result for `mover` at the board b_ (changed and restored in place).
  Result Search(char mover, bool after_pass) {
    std::uint64_t key = 0;  // the board is the start with these points filled
    for (int k : points_) key = 3 * key + (b_[k] == '.' ? 0 : b_[k] == 'X' ? 1 : 2);
    key = 4 * key + 2 * (mover == 'X') + after_pass;
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const char other = mover == 'X' ? 'O' : 'X';
    Result best = after_pass ? Result::D : Negate(Search(other, true));  // passing
    for (int k : Moves(b_)) {
      if (best == Result::W) break;
      b_[k] = mover;
      bool captured = false;
      for (int q : neighbours_[k])
        if (b_[q] == other && !HasLiberty(b_, q)) captured = true;
      if (captured) {
        best = Result::W;              // the first capture ends the game
      } else if (HasLiberty(b_, k)) {  // else suicide: illegal
        best = Max(best, Negate(Search(other, false)));
      }
      b_[k] = '.';
    }
    memo_[key] = best;
    return best;
  }

  int w_, h_;
  std::string cells_, b_;
  std::vector<int> groups_, points_, stones_;
  std::vector<std::vector<int>> neighbours_;
  std::vector<std::uint32_t> seen_;
  std::uint32_t stamp_ = 0;
  std::unordered_map<std::uint64_t, Result> memo_;
};

}  // namespace seki::testing
