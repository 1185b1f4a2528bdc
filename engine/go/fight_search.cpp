// FightSearch: the board of a fight, its moves and captures, alpha-beta with the table.
#include "engine/go/fight_search.hpp"

#include <algorithm>

#include "engine/base/stopped.hpp"

namespace seki::go::fight {
namespace {

constexpr int kHistoryCap = 1 << 20;  // history scores saturate here (kept below kFirst / 64)
constexpr int kFirst = 1 << 28;       // ordering key of captures, before any history
constexpr std::size_t kDefaultTableBytes = std::size_t(1) << 30;

}  // namespace

FightSearch::FightSearch(const GoFight& fight, const FightLimits& limits, Stone repetition_loser)
    : fight_(fight), limits_(limits), loser_(repetition_loser) {
  const Board& b = fight.board;
  cell_.resize(b.size());
  index_.assign(b.size(), -1);
  target_.assign(b.size(), 0);
  seen_.assign(b.size(), 0);
  mark_.assign(b.size(), 0);
  history_.assign(b.size(), 0);
  atari_.assign(b.size(), -1);
  for (int k = 0; k < b.size(); ++k) {
    cell_[k] = std::uint8_t(b.at(b.PointAt(k)));
    std::array<int, 4> n{-1, -1, -1, -1};
    int c = 0;
    for (Point q : b.Neighbours(b.PointAt(k))) n[c++] = b.Index(q);
    next_.push_back(n);
  }
  for (int r = 0; r < int(fight.region.size()); ++r) {
    index_[fight.region[r]] = r;
    SetKey(fight.region[r]);
  }
  for (Point t : fight.targets) {
    // Every stone of a target chain: the chain is captured when any of them goes.
    Flood(b.Index(t));
    for (int s : stones_) target_[s] = 1;
  }
  const std::size_t bytes = limits.memory_bytes ? limits.memory_bytes : kDefaultTableBytes;
  // Growing, the table holds its old array beside one twice as large, each at most half full.
  table_ = Table(std::max<std::size_t>(bytes / (3 * Table::kSlotBytes), 512));
}

int FightSearch::Solve(Stone mover, bool after_pass) {
  Start(mover, after_pass);
  return Search(mover, after_pass, -2, 2).v;
}

std::vector<int> FightSearch::Candidates(Stone mover, bool with_pass, bool preferred) {
  const auto other = std::uint8_t(Other(mover));
  ++stamp_;
  const std::uint32_t chains = stamp_;  // opponent chains looked at (their stones marked)
  std::vector<std::pair<int, int>> ranked;
  ranked.reserve(fight_.region.size());
  for (int k : fight_.region) {
    if (cell_[k] != 0) continue;
    // Kind: 40 captures a target, 30 another chain; 25 a liberty of the opponent's targets
    // only, 20 one of both colours' targets, 10 of one's own targets only; else 0.
    int score = 0;
    bool theirs = false, ours = false;
    for (int q : next_[k]) {
      if (q < 0 || cell_[q] == 0) continue;
      if (cell_[q] == other) {
        if (mark_[q] != chains) {  // first look at this chain: its liberty if in atari
          Flood(q);
          const int lone = LoneLiberty();
          for (int st : stones_) mark_[st] = chains, atari_[st] = lone;
        }
        if (atari_[q] == k) score = std::max(score, target_[q] ? 40 : 30);
        theirs = theirs || target_[q];
      } else {
        ours = ours || target_[q];
      }
    }
    score = std::max(score, theirs ? (ours ? 20 : 25) : ours ? 10 : 0);
    const int history = preferred ? 0 : std::min(history_[k], kHistoryCap);
    ranked.push_back({score >= 40 ? -(kFirst + score) : -(history * 64 + score), k});
  }
  std::stable_sort(ranked.begin(), ranked.end());
  std::vector<int> out;
  out.reserve(ranked.size() + 1);
  for (auto [rank, k] : ranked) out.push_back(k);
  if (with_pass) out.push_back(kPass);
  return out;
}

std::optional<int> FightSearch::MoveValue(Stone mover, bool after_pass, int move) {
  if (move == kPass) {
    if (after_pass) return 0;
    line_.push_back(KeyOf(Other(mover), true));
    const int v = -Search(Other(mover), true, -2, 2).v;
    line_.pop_back();
    return v;
  }
  const Played p = Play(move, mover);
  if (!p.legal) return std::nullopt;
  int v;
  if (p.captured_target) {
    v = 1;
  } else if (OnLine(Other(mover)) >= 0) {
    v = mover == loser_ ? -1 : 1;
  } else {
    line_.push_back(KeyOf(Other(mover), false));
    v = -Search(Other(mover), false, -2, 2).v;
    line_.pop_back();
  }
  Undo(p);
  return v;
}

std::optional<int> FightSearch::Settled(Stone mover, int move) {
  const Played p = Play(move, mover);
  const Stone other = Other(mover);
  line_.push_back(KeyOf(other, false));
  int worst = 1;
  for (int x : Candidates(other, true)) {
    if (x == kPass) {  // then the opponent moves again: the position after `move`
      worst = std::min(worst, -Search(other, false, -2, 2).v);
      continue;
    }
    const Played q = Play(x, other);
    if (!q.legal) continue;
    int v = -1;  // a target captured, or a repetition: counted as the worst
    if (!q.captured_target && OnLine(other) < 0) {
      line_.push_back(KeyOf(other, false));
      v = -Search(other, false, -2, 2).v;
      line_.pop_back();
    }
    Undo(q);
    worst = std::min(worst, v);
    if (worst == -1) break;
  }
  line_.pop_back();
  Undo(p);
  return worst;
}

FightSearch::Saved FightSearch::Save(std::uint64_t nodes) {
  Saved saved{cell_, key_, line_.size(), limits_.max_nodes};
  limits_.max_nodes = std::min(limits_.max_nodes, nodes_ + nodes);
  return saved;
}

void FightSearch::Restore(const Saved& saved, bool stopped) {
  limits_.max_nodes = saved.max_nodes;
  if (!stopped) return;
  cell_ = saved.cells;
  key_ = saved.key;
  line_.resize(saved.depth);
}

FightSearch::Played FightSearch::Commit(Stone mover, int move) {
  Played p;
  if (move != kPass) p = Play(move, mover), p.repeats = OnLine(Other(mover)) >= 0;
  line_.push_back(KeyOf(Other(mover), move == kPass));
  return p;
}

void FightSearch::SetKey(int k) {
  const int r = index_[k];
  if (r < 0) return;
  std::uint64_t& w = key_.words[r / 32];
  const int shift = 2 * (r % 32);
  w = (w & ~(std::uint64_t(3) << shift)) | (std::uint64_t(cell_[k]) << shift);
}

Key FightSearch::KeyOf(Stone mover, bool after_pass) const {
  Key k = key_;
  k.extra = std::uint8_t((mover == Stone::kBlack ? 2 : 0) + (after_pass ? 1 : 0));
  return k;
}

int FightSearch::OnLine(Stone next) const {
  const auto it = std::find(line_.begin(), line_.end(), KeyOf(next, false));
  return it == line_.end() ? -1 : int(it - line_.begin());
}

bool FightSearch::Flood(int k, bool until_liberty) {
  ++stamp_;
  stones_.assign(1, k);
  seen_[k] = stamp_;
  bool liberty = false;
  for (std::size_t n = 0; n < stones_.size(); ++n)
    for (int q : next_[stones_[n]]) {
      if (q < 0) continue;
      if (cell_[q] == 0) {
        if (until_liberty) return true;
        liberty = true;
      }
      if (cell_[q] == cell_[k] && seen_[q] != stamp_) seen_[q] = stamp_, stones_.push_back(q);
    }
  return liberty;
}

int FightSearch::LoneLiberty() {
  int lone = -1;
  for (int st : stones_)
    for (int q : next_[st])
      if (q >= 0 && cell_[q] == 0) {
        if (lone >= 0 && lone != q) return -1;
        lone = q;
      }
  return lone;
}

FightSearch::Played FightSearch::Play(int k, Stone mover) {
  Played p;
  p.at = k;
  cell_[k] = std::uint8_t(mover);
  SetKey(k);
  const auto other = std::uint8_t(Other(mover));
  for (int q : next_[k]) {
    if (q < 0 || cell_[q] != other || Flood(q, true)) continue;
    for (int s : stones_) {
      p.captured_target = p.captured_target || target_[s];
      cell_[s] = 0;
      SetKey(s);
      p.captured.push_back(s);
    }
  }
  p.legal = !p.captured.empty() || Flood(k, true);
  if (!p.legal) Undo(p);
  return p;
}

void FightSearch::Undo(const Played& p) {
  const std::uint8_t colour = cell_[p.at] == 1 ? 2 : 1;  // the captured stones' colour
  for (int s : p.captured) cell_[s] = colour, SetKey(s);
  cell_[p.at] = 0;
  SetKey(p.at);
}

Value FightSearch::Search(Stone mover, bool after_pass, int alpha, int beta) {
  if (++nodes_ > limits_.max_nodes)
    throw Stopped(Stopped::Reason::kBudget, "the search visited more than " +
                                                std::to_string(limits_.max_nodes) +
                                                " positions without a proof");
  if ((nodes_ & 0xFFF) == 1 && limits_.stop && limits_.stop->load())
    throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
  const Key key = KeyOf(mover, after_pass);
  int best_move = -2;  // none
  if (const Entry* found = table_.Find(key)) {
    const Entry e = *found;
    if (e.lower == e.upper || e.lower >= beta) return {e.lower};
    if (e.upper <= alpha) return {e.upper};
    best_move = e.best;
  }
  const int alpha0 = alpha;
  Value best{-2};
  int chosen = kPass;
  const auto consider = [&](int move, Value v) {
    best.relied = std::min(best.relied, v.relied);
    if (v.v > best.v) best.v = v.v, chosen = move;
    alpha = std::max(alpha, v.v);
  };
  if (after_pass) consider(kPass, {0});  // a second pass ends the fight
  std::vector<int> moves = Candidates(mover, !after_pass);
  if (const auto it = std::find(moves.begin(), moves.end(), best_move); it != moves.end())
    std::rotate(moves.begin(), it, it + 1);
  const Stone other = Other(mover);
  for (int k : moves) {
    if (alpha >= beta || best.v == 1) break;
    if (k == kPass) {
      line_.push_back(KeyOf(other, true));
      const Value child = Search(other, true, -beta, -alpha);
      line_.pop_back();
      consider(kPass, {-child.v, child.relied});
      continue;
    }
    const Played p = Play(k, mover);
    if (!p.legal) continue;
    Value v;
    if (p.captured_target) {
      v = {1};
    } else if (const int at = OnLine(other); at >= 0) {
      repetition_met_ = true;
      v = {mover == loser_ ? -1 : 1, at};
    } else {
      line_.push_back(KeyOf(other, false));
      const Value child = Search(other, false, -beta, -alpha);
      line_.pop_back();
      v = {-child.v, child.relied};
    }
    Undo(p);
    consider(k, v);
    if (alpha >= beta) history_[k] += int(line_.size() < 64 ? 64 - line_.size() : 1);
  }
  // Stored where no repetition of a position above this one decided it: then the value is the
  // same whatever line leads here (docs/go/search.md, "The table and repetitions").
  const bool stored = best.relied >= int(line_.size()) - 1;
  if (stored) {
    Entry e;
    e.best = std::int16_t(chosen);
    if (best.v <= alpha0)
      e.upper = std::int8_t(best.v);
    else if (best.v >= beta)
      e.lower = std::int8_t(best.v);
    else
      e.lower = e.upper = std::int8_t(best.v);
    bool fresh = false;
    if (Entry* kept = table_.Insert(key, fresh)) {  // tighten what is known
      kept->lower = fresh ? e.lower : std::max(kept->lower, e.lower);
      kept->upper = fresh ? e.upper : std::min(kept->upper, e.upper);
      kept->best = e.best;
    }
  }
  return best;
}

}  // namespace seki::go::fight
