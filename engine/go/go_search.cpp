// The exact local search: the board of a fight, alpha-beta with an exact transposition table.
#include "engine/go/go_search.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/stopped.hpp"

namespace seki::go {
namespace {

constexpr int kPass = -1;
constexpr int kHistoryCap = 1 << 20;  // history scores saturate here (kept below kFirst / 64)
constexpr int kFirst = 1 << 28;       // ordering key of captures, before any history
constexpr std::size_t kDefaultTableBytes = std::size_t(1) << 30;
constexpr std::size_t kEntryBytes = 96;  // a table entry with the hash map's own cost

// The position of the region: 2 bits a point, the player to move and a pass just made.
struct Key {
  std::array<std::uint64_t, 5> words{};
  std::uint8_t extra = 0;
  friend bool operator==(const Key&, const Key&) = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = k.extra * 0x9E3779B97F4A7C15ull;
    for (std::uint64_t w : k.words) h = (h ^ w) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    return std::size_t(h);
  }
};

// Bounds of a position's value (-1 L, 0 D, 1 W for the player to move) and its best move.
struct Entry {
  std::int8_t lower = -1, upper = 1;
  std::int16_t best = kPass;
};

struct Value {
  int v = 0;
  bool path = false;  // decided by a repetition on the line: not stored
};

class FightSearch {
 public:
  FightSearch(const GoFight& fight, const FightLimits& limits, Stone repetition_loser)
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
    max_entries_ = std::max<std::size_t>(bytes / kEntryBytes, 1024);
  }

  // The exact value for `mover` (after_pass: the opponent just passed).
  // The line starts at this position (a repetition of it counts).
  int Solve(Stone mover, bool after_pass) {
    line_.assign(1, KeyOf(mover, false));
    return Search(mover, after_pass, -2, 2).v;
  }
  bool repetition_met() const { return repetition_met_; }
  std::uint64_t nodes() const { return nodes_; }

  // The moves of `mover` in the order the search tries them, each legal or not: captures of a
  // target, (with_pass: a pass), then by the history heuristic (cutoffs each move made before,
  // the shallower the more), other captures and the targets' liberties breaking ties, then
  // region order.
  std::vector<int> Candidates(Stone mover, bool with_pass = false) {
    const auto other = std::uint8_t(Other(mover));
    ++stamp_;
    const std::uint32_t chains = stamp_;  // opponent chains looked at (their stones marked)
    std::vector<std::pair<int, int>> ranked;
    ranked.reserve(fight_.region.size());
    for (int k : fight_.region) {
      if (cell_[k] != 0) continue;
      int score = 0;
      for (int q : next_[k]) {
        if (q < 0 || cell_[q] == 0) continue;
        const bool target = target_[q];
        if (cell_[q] == other) {
          if (mark_[q] != chains) {  // first look at this chain: its liberty if in atari
            Flood(q);
            const int lone = LoneLiberty();
            for (int st : stones_) mark_[st] = chains, atari_[st] = lone;
          }
          if (atari_[q] == k) score = std::max(score, target ? 40 : 30);
          if (target) score = std::max(score, 20);
        } else if (target) {
          score = std::max(score, 10);
        }
      }
      // Captures of a target first; then the history of cutoffs (a move that refuted before),
      // then other captures and the targets' liberties.
      ranked.push_back(
          {score >= 40 ? -(kFirst + score) : -(std::min(history_[k], kHistoryCap) * 64 + score),
           k});
    }
    std::stable_sort(ranked.begin(), ranked.end());
    std::vector<int> out;
    out.reserve(ranked.size() + 1);
    bool passed = !with_pass;
    for (auto [rank, k] : ranked) {
      if (!passed && rank > -(kFirst + 40)) out.push_back(kPass), passed = true;
      out.push_back(k);
    }
    if (!passed) out.push_back(kPass);
    return out;
  }

  // The value of `move` for `mover` (a pass or a stone; nullopt: illegal), searched exactly.
  std::optional<int> MoveValue(Stone mover, bool after_pass, int move) {
    if (move == kPass) return after_pass ? 0 : -Search(Other(mover), true, -2, 2).v;
    const Played p = Play(move, mover);
    if (!p.legal) return std::nullopt;
    int v;
    if (p.captured_target) {
      v = 1;
    } else if (OnLine(Other(mover))) {
      v = mover == loser_ ? -1 : 1;
    } else {
      line_.push_back(KeyOf(Other(mover), false));
      v = -Search(Other(mover), false, -2, 2).v;
      line_.pop_back();
    }
    Undo(p);
    return v;
  }

  // Plays a move of the line for good (the line's positions count for the ko rule).
  struct Played {
    bool legal = false, captured_target = false;
    bool repeats = false;  // a stone that brings back a position of the line (Commit)
    int at = kPass;
    std::vector<int> captured;
  };
  Played Commit(Stone mover, int move) {
    Played p;
    if (move != kPass) p = Play(move, mover), p.repeats = OnLine(Other(mover));
    line_.push_back(KeyOf(Other(mover), false));
    return p;
  }

 private:
  void SetKey(int k) {
    const int r = index_[k];
    if (r < 0) return;
    std::uint64_t& w = key_.words[r / 32];
    const int shift = 2 * (r % 32);
    w = (w & ~(std::uint64_t(3) << shift)) | (std::uint64_t(cell_[k]) << shift);
  }
  Key KeyOf(Stone mover, bool after_pass) const {
    Key k = key_;
    k.extra = std::uint8_t((mover == Stone::kBlack ? 2 : 0) + (after_pass ? 1 : 0));
    return k;
  }
  bool OnLine(Stone next) const {
    const Key k = KeyOf(next, false);
    return std::find(line_.begin(), line_.end(), k) != line_.end();
  }

  // The chain through k into stones_; whether it has a liberty (all its stones either way).
  bool Flood(int k) {
    ++stamp_;
    stones_.assign(1, k);
    seen_[k] = stamp_;
    bool liberty = false;
    for (std::size_t n = 0; n < stones_.size(); ++n)
      for (int q : next_[stones_[n]]) {
        if (q < 0) continue;
        if (cell_[q] == 0) liberty = true;
        if (cell_[q] == cell_[k] && seen_[q] != stamp_) seen_[q] = stamp_, stones_.push_back(q);
      }
    return liberty;
  }
  // The liberty of the chain in stones_ when it has exactly one, else -1.
  int LoneLiberty() {
    int lone = -1;
    for (int st : stones_)
      for (int q : next_[st])
        if (q >= 0 && cell_[q] == 0) {
          if (lone >= 0 && lone != q) return -1;
          lone = q;
        }
    return lone;
  }

  Played Play(int k, Stone mover) {
    Played p;
    p.at = k;
    cell_[k] = std::uint8_t(mover);
    SetKey(k);
    const auto other = std::uint8_t(Other(mover));
    for (int q : next_[k]) {
      if (q < 0 || cell_[q] != other || Flood(q)) continue;
      for (int s : stones_) {
        p.captured_target = p.captured_target || target_[s];
        cell_[s] = 0;
        SetKey(s);
        p.captured.push_back(s);
      }
    }
    p.legal = !p.captured.empty() || Flood(k);
    if (!p.legal) Undo(p);
    return p;
  }
  void Undo(const Played& p) {
    const std::uint8_t colour = cell_[p.at] == 1 ? 2 : 1;  // the captured stones' colour
    for (int s : p.captured) cell_[s] = colour, SetKey(s);
    cell_[p.at] = 0;
    SetKey(p.at);
  }

  Value Search(Stone mover, bool after_pass, int alpha, int beta) {
    if (++nodes_ > limits_.max_nodes)
      throw Stopped(Stopped::Reason::kBudget, "the search visited more than " +
                                                  std::to_string(limits_.max_nodes) +
                                                  " positions without a proof");
    if ((nodes_ & 0xFFF) == 1 && limits_.stop && limits_.stop->load())
      throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
    const Key key = KeyOf(mover, after_pass);
    int best_move = -2;  // none
    if (const auto it = table_.find(key); it != table_.end()) {
      const Entry e = it->second;
      if (e.lower == e.upper || e.lower >= beta) return {e.lower, false};
      if (e.upper <= alpha) return {e.upper, false};
      best_move = e.best;
    }
    const int alpha0 = alpha;
    Value best{-2, false};
    int chosen = kPass;
    const auto consider = [&](int move, Value v) {
      best.path = best.path || v.path;
      if (v.v > best.v) best.v = v.v, chosen = move;
      alpha = std::max(alpha, v.v);
    };
    if (after_pass) consider(kPass, {0, false});  // a second pass ends the fight
    std::vector<int> moves = Candidates(mover, !after_pass);
    if (const auto it = std::find(moves.begin(), moves.end(), best_move); it != moves.end())
      std::rotate(moves.begin(), it, it + 1);
    const Stone other = Other(mover);
    for (int k : moves) {
      if (alpha >= beta || best.v == 1) break;
      if (k == kPass) {
        line_.push_back(KeyOf(other, false));
        const Value child = Search(other, true, -beta, -alpha);
        line_.pop_back();
        consider(kPass, {-child.v, child.path});
        continue;
      }
      const Played p = Play(k, mover);
      if (!p.legal) continue;
      Value v;
      if (p.captured_target) {
        v = {1, false};
      } else if (OnLine(other)) {
        repetition_met_ = true;
        v = {mover == loser_ ? -1 : 1, true};
      } else {
        line_.push_back(KeyOf(other, false));
        const Value child = Search(other, false, -beta, -alpha);
        line_.pop_back();
        v = {-child.v, child.path};
      }
      Undo(p);
      consider(k, v);
      if (alpha >= beta) history_[k] += int(line_.size() < 64 ? 64 - line_.size() : 1);
    }
    if (!best.path && table_.size() < max_entries_) {
      Entry e;
      e.best = std::int16_t(chosen);
      if (best.v <= alpha0)
        e.upper = std::int8_t(best.v);
      else if (best.v >= beta)
        e.lower = std::int8_t(best.v);
      else
        e.lower = e.upper = std::int8_t(best.v);
      auto [it, fresh] = table_.try_emplace(key, e);
      if (!fresh) {  // tighten what is known
        it->second.lower = std::max(it->second.lower, e.lower);
        it->second.upper = std::min(it->second.upper, e.upper);
        it->second.best = e.best;
      }
    }
    return best;
  }

  const GoFight& fight_;
  FightLimits limits_;
  Stone loser_;
  std::vector<std::uint8_t> cell_, target_;
  std::vector<int> index_;
  std::vector<std::array<int, 4>> next_;
  std::vector<std::uint32_t> seen_, mark_;
  std::vector<int> atari_,
      history_;  // for a stone whose chain Candidates looked at: its lone liberty
  std::uint32_t stamp_ = 0;
  std::vector<int> stones_;
  Key key_;
  std::vector<Key> line_;
  std::unordered_map<Key, Entry, KeyHash> table_;
  std::size_t max_entries_ = 0;
  std::uint64_t nodes_ = 0;
  bool repetition_met_ = false;
};

Result ToResult(int v) { return v > 0 ? Result::W : v < 0 ? Result::L : Result::D; }

// The move the player makes: the first candidate (pass last) keeping the value, when the value is
// better than passing; and the optimal line that such moves make, until a capture or two passes.
void ChooseAndPlay(FightSearch& search, const GoFight& fight, Stone to_move, bool after_pass,
                   int value, FightAnswer& answer) {
  Stone mover = to_move;
  bool passed = after_pass;
  for (int step = 0; step < 4 * kMaxFightPoints; ++step) {
    const int pass_value = *search.MoveValue(mover, passed, kPass);
    int move = kPass;
    if (value > pass_value)
      for (int k : search.Candidates(mover))
        if (search.MoveValue(mover, passed, k) == value) {
          move = k;
          break;
        }
    if (step == 0) {
      answer.pass = ToResult(pass_value);
      if (move != kPass) answer.move = fight.board.PointAt(move);
    }
    GoStep s{mover, move == kPass, move == kPass ? Point{} : fight.board.PointAt(move)};
    answer.line.steps.push_back(s);
    if (move == kPass && passed) return;
    const auto played = search.Commit(mover, move);
    if (played.captured_target || played.repeats) return;
    passed = move == kPass;
    mover = Other(mover);
    value = -value;
  }
}

}  // namespace

FightAnswer DecideFight(const GoFight& fight, Stone to_move, bool after_pass,
                        const FightLimits& limits, std::string_view where) {
  if (int(fight.region.size()) > kMaxFightPoints)
    throw InputError(where, "the fight's region has " + std::to_string(fight.region.size()) +
                                " points (the exact search takes at most " +
                                std::to_string(kMaxFightPoints) + ")");
  FightAnswer answer;
  FightSearch black(fight, limits, Stone::kBlack);
  const int v = black.Solve(to_move, after_pass);
  answer.nodes = black.nodes();
  answer.result = ToResult(v);
  if (black.repetition_met()) {
    FightLimits rest = limits;
    rest.max_nodes = limits.max_nodes - std::min(limits.max_nodes, black.nodes());
    FightSearch white(fight, rest, Stone::kWhite);
    const int w = white.Solve(to_move, after_pass);
    answer.nodes += white.nodes();
    if (w != v) {
      answer.ko = true;
      answer.ko_black = ToResult(v);
      answer.ko_white = ToResult(w);
      return answer;
    }
  }
  ChooseAndPlay(black, fight, to_move, after_pass, v, answer);
  answer.line.result = answer.result;
  answer.line.ending = FightEnding(fight, answer.line);
  return answer;
}

FightAnswer DecideOnBoard(const Board& board, const std::vector<Point>& targets, Stone to_move,
                          bool after_pass, const FightLimits& limits, std::string_view where,
                          GoFight& used) {
  used = FightOf(board, targets, where, FightArea::kClosed);
  try {
    return DecideFight(used, to_move, after_pass, limits, where);
  } catch (const Stopped& e) {
    if (e.reason() != Stopped::Reason::kBudget) throw;
    GoFight open = FightOf(board, targets, where, FightArea::kOpen);
    if (open.region == used.region) throw;
    used = std::move(open);
    return DecideFight(used, to_move, after_pass, limits, where);
  }
}

std::string FightEnding(const GoFight& fight, const GoLine& line) {
  if (line.steps.empty() || line.steps.back().pass) return "both pass: nobody captures";
  Board board = fight.board;
  std::string captured;
  for (const GoStep& s : line.steps) {
    if (s.pass) continue;
    Board before = board;
    PlayMove(board, s.at, s.colour, "line");
    for (Point t : fight.targets)
      if (before.at(t) != Stone::kEmpty && board.at(t) == Stone::kEmpty && captured.empty())
        captured = std::string(s.colour == Stone::kBlack ? "Black" : "White") + " captures " +
                   (before.at(t) == Stone::kBlack ? "B " : "W ") + PointName(t);
  }
  return captured.empty() ? "a repetition ends it" : captured;
}

}  // namespace seki::go
