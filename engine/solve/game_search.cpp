// One game's null-window search over L < D < W with a transposition table of bounds on r and c.
#include "engine/solve/game_search.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "canon/canonical_form.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/solver.hpp"

namespace seki {

namespace {

// Bounds lo <= value <= hi on r (index 0) and c (index 1) of one class in one game, packed in one
// byte as 2 bits each: lo_r, hi_r, lo_c, hi_c. An absent entry means nothing is known: [L, W].
struct Bounds {
  std::array<Result, 2> lo{Result::L, Result::L}, hi{Result::W, Result::W};

  static Bounds Unpack(std::uint8_t bits) {
    auto at = [bits](int k) { return static_cast<Result>((bits >> (2 * k)) & 3); };
    Bounds b;
    b.lo = {at(0), at(2)};
    b.hi = {at(1), at(3)};
    return b;
  }
  std::uint8_t Pack() const {
    auto code = [](Result x, int k) { return static_cast<unsigned>(x) << (2 * k); };
    return static_cast<std::uint8_t>(code(lo[0], 0) | code(hi[0], 1) | code(lo[1], 2) |
                                     code(hi[1], 3));
  }
};

constexpr int Index(Player p) { return p == Player::kR ? 0 : 1; }
constexpr Result Below(Result t) { return static_cast<Result>(static_cast<int>(t) - 1); }

// One active move: lower (row, col). Higher `order` is tried first.
struct Move {
  std::int8_t row = 0, col = 0;
  std::int16_t order = 0;
};

// Cheap ordering by line sums: the mover prefers to shorten its own short lines (R: rows) through
// the opponent's long lines, which is how a zero line of its own comes first (Lemma 3.1's slack).
int Order(Player p, int row_sum, int col_sum) {
  return p == Player::kR ? col_sum - row_sum : row_sum - col_sum;
}

// Stable insertion sort, highest order first (at most 64 moves; no allocation, unlike
// std::stable_sort).
void SortByOrder(Move* moves, int count) {
  for (int k = 1; k < count; ++k) {
    const Move m = moves[k];
    int i = k;
    for (; i > 0 && moves[i - 1].order < m.order; --i) moves[i] = moves[i - 1];
    moves[i] = m;
  }
}

}  // namespace

GameSearch::GameSearch(Game game, const GameLimits& limits, const SearchControl* control)
    : game_(game), limits_(limits), control_(control) {}

Outcome GameSearch::Solve(const Matrix& a) {
  drops_ = 0;
  // The smallest table must be able to grow once (old and new held together).
  if (3 * PackedMemo::EmptyBytes(MemoKey::Words(a.rows(), a.cols())) > limits_.memory_bytes)
    throw SearchStopped(SearchStopped::Reason::kMemoryLimit,
                        "the tables of a " + std::to_string(a.rows()) + "x" +
                            std::to_string(a.cols()) + " search need more than the memory limit");
  table_ = &tables_.For(a.rows(), a.cols());
  if (tables_.bytes() > limits_.memory_bytes) Drop();
  table_bytes_.store(tables_.bytes(), std::memory_order_relaxed);
  const MemoKey key = MemoKey::Of(canon::CanonicalForm(a));
  const Result r = ActiveValue(a, key, Player::kR);
  const Result c = ActiveValue(a, key, Player::kC);
  return Outcome::FromActive(r, c);
}

Result GameSearch::ActiveValue(const Matrix& x, const MemoKey& key, Player p) {
  if (!Reaches(x, key, p, Result::D)) return Result::L;
  return Reaches(x, key, p, Result::W) ? Result::W : Result::D;
}

void GameSearch::Poll() const {
  if (control_ == nullptr) return;
  if (control_->stop != nullptr && control_->stop->load(std::memory_order_relaxed))
    throw SearchStopped(SearchStopped::Reason::kInterrupted, "the search was stopped");
  if (control_->abort.load(std::memory_order_relaxed))
    throw SearchStopped(SearchStopped::Reason::kAborted, "another worker gave up");
}

void GameSearch::Drop() {
  tables_.Clear();
  positions_.store(0, std::memory_order_relaxed);
  table_bytes_.store(tables_.bytes(), std::memory_order_relaxed);
}

void GameSearch::MakeRoom() {
  if (positions() >= limits_.max_positions)
    throw SolveTooLarge("needs more than " + std::to_string(limits_.max_positions) +
                        " positions, more than fit in memory");
  if (!table_->WouldGrow()) return;
  const std::size_t others = tables_.bytes() - table_->bytes();
  if (others + 3 * table_->bytes() <= limits_.memory_bytes) return;
  if (drops_ >= limits_.max_drops)
    throw SearchStopped(SearchStopped::Reason::kMemoryLimit,
                        "cannot be decided within the memory limit (tables dropped " +
                            std::to_string(drops_) + " times)");
  ++drops_;
  Drop();
}

void GameSearch::Record(const MemoKey& key, Player p, Result t, bool reached) {
  const auto known = table_->Find(key.words);
  Bounds b = known ? Bounds::Unpack(*known) : Bounds{};
  const int k = Index(p);
  if (reached)
    b.lo[k] = std::max(b.lo[k], t);
  else
    b.hi[k] = std::min(b.hi[k], Below(t));
  if (!known) {
    MakeRoom();
    const bool grows = table_->WouldGrow();
    positions_.store(positions() + 1, std::memory_order_relaxed);
    table_->Assign(key.words, b.Pack());
    if (grows) table_bytes_.store(tables_.bytes(), std::memory_order_relaxed);
    return;
  }
  table_->Assign(key.words, b.Pack());
}

bool GameSearch::Reaches(const Matrix& x, const MemoKey& key, Player p, Result t) {
  if (const auto known = table_->Find(key.words)) {
    const Bounds b = Bounds::Unpack(*known);
    if (b.lo[Index(p)] >= t) return true;
    if (b.hi[Index(p)] < t) return false;
  }
  const std::uint64_t expanded = expansions_.load(std::memory_order_relaxed) + 1;
  expansions_.store(expanded, std::memory_order_relaxed);
  if (expanded % kPollEvery == 0) Poll();

  std::array<int, kMaxDim> row_sum{}, col_sum{};
  for (int i = 0; i < x.rows(); ++i)
    for (int j = 0; j < x.cols(); ++j) {
      row_sum[i] += x(i, j);
      col_sum[j] += x(i, j);
    }

  // Moves that end the game are settled by the rules at once; the others are ordered.
  std::array<Move, kMaxDim * kMaxDim> moves;
  int count = 0;
  for (int i = 0; i < x.rows(); ++i)
    for (int j = 0; j < x.cols(); ++j) {
      if (x(i, j) == 0) continue;
      if (const auto end = TerminalSolution(row_sum[i] == 1, col_sum[j] == 1)) {
        if (MoveContribution(*end).Get(game_).active(p) >= t) {
          Record(key, p, t, true);
          return true;
        }
        continue;
      }
      moves[count++] = {static_cast<std::int8_t>(i), static_cast<std::int8_t>(j),
                        static_cast<std::int16_t>(Order(p, row_sum[i], col_sum[j]))};
    }
  SortByOrder(moves.data(), count);

  const Player q = Opponent(p);
  for (int k = 0; k < count; ++k) {
    Matrix child = x;
    child.decrement(moves[k].row, moves[k].col);
    const MemoKey child_key = MemoKey::Of(canon::CanonicalForm(child));
    const bool reached = t == Result::D ? !Reaches(child, child_key, q, Result::W)
                                        : !Reaches(child, child_key, q, Result::D) &&
                                              Reaches(child, child_key, p, Result::W);
    if (reached) {
      Record(key, p, t, true);
      return true;
    }
  }
  Record(key, p, t, false);
  return false;
}

}  // namespace seki
