// One game's null-window search over L < D < W with a transposition table of bounds on r and c.
#include "engine/solve/game_search.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "canon/canonical_form.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/exhaustive_solver.hpp"

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

Result GameSearch::ActiveValue(const Matrix& a, BoundsTable& table, Player p) {
  table_ = &table;
  drops_at_start_ = table.drops();
  return ActiveValue(a, MemoKey::Of(canon::CanonicalForm(a)), p);
}

Result GameSearch::ActiveValue(const Matrix& x, const MemoKey& key, Player p) {
  if (!Reaches(x, key, p, Result::D)) return Result::L;
  return Reaches(x, key, p, Result::W) ? Result::W : Result::D;
}

void GameSearch::Poll() const {
  if (control_ == nullptr) return;
  if (control_->stop != nullptr && control_->stop->load(std::memory_order_relaxed))
    throw Stopped(Stopped::Reason::kInterrupted, "the search was stopped");
  if (control_->abort.load(std::memory_order_relaxed))
    throw Stopped(Stopped::Reason::kAborted, "another worker gave up");
  if (control_->deadline != std::chrono::steady_clock::time_point::max() &&
      std::chrono::steady_clock::now() >= control_->deadline)
    throw Stopped(Stopped::Reason::kBudget, "the search's time is spent");
}

void GameSearch::Record(const MemoKey& key, Player p, Result t, bool reached) {
  if (table_->size() >= limits_.max_positions && !table_->Find(key.words))
    throw SolveTooLarge("needs more than " + std::to_string(limits_.max_positions) +
                        " positions, more than fit in memory");
  const int k = Index(p);
  table_->Update(key.words, [&](std::optional<std::uint8_t> known) {
    Bounds b = known ? Bounds::Unpack(*known) : Bounds{};
    if (reached)
      b.lo[k] = std::max(b.lo[k], t);
    else
      b.hi[k] = std::min(b.hi[k], Below(t));
    return b.Pack();
  });
  const std::uint64_t drops = table_->drops() - drops_at_start_;
  if (drops > std::uint64_t(limits_.max_drops) * BoundsTable::kShards)
    throw Stopped(Stopped::Reason::kMemoryLimit, "cannot be decided within the memory limit (" +
                                                     std::to_string(drops) +
                                                     " table shards dropped)");
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
