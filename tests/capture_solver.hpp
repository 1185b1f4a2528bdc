// The board-level capture solver of the GO tests: GO's rules played out on the whole board, an
// independent check of `seki go` and `seki gtp` (engine/go) that shares nothing with engine/go:
// it reads the stones of a go::Board (or a string of cells) and the points of the groups, and
// plays GO by its own code from there.
//
// What it plays. Each player may play a stone on any empty point of the board, or pass. A stone
// first removes the opponent's chains left without liberty, then it is illegal if its own chain
// has no liberty (suicide). Removing a chain that holds none of the groups' stones (a wall, a dead
// stone, a stone played in the game) is an ordinary move: the game goes on. Removing a chain that
// holds a stone of a group (the chain through one of the `groups` points given to the
// constructor: stones played next to a group join it) ends the game, won by the capturer. Two
// passes in a row end it in a draw (every group lives: seki, or no capture). A stone that would
// recreate a position already on the path from the start with the same player to move is illegal
// (situational superko; the start counts, and so do the positions after a pass; a pass is always
// legal). The game is finite: a stone never repeats a position, and two passes end it. Results
// are W, D or L for the player to move (engine/base/outcome.hpp).
//
// Why it shares nothing with engine/go: engine/go reads the position as a race (its groups'
// shared and outside liberties and eyes, the walls assumed alive) and plays only that race; this
// solver knows no liberties, races, eyes or walls: every point can be played, walls and dead
// stones can be captured, a group can connect to a wall, ko and suicide are GO's. Where the two
// disagree, one of them has GO wrong.
//
// The search: two boolean searches (can the player to move get at least W; at least D), each
// tried first with one side, the prover, held to fewer moves (it never fills its own one-point
// eye; then also never captures a chain that is not a group): holding a player back can only
// lower its results, so "the prover gets at least t" found so, and "the other side does not" found
// so, are the game's answers; else the search with every move decides. Moves are tried in the
// order: a stone that captures a group, the move that last reached the threshold at the same
// position, after the same opponent's move, at the same depth, then by how often each move
// reached it (the points next to a group first). Only the order and the holding back change how
// much is searched; every answer is proved with all of the other side's moves.
// The memo (transposition table) is keyed on the position (the board exactly, the player to
// move, whether the last move was a pass, the threshold and who is held back). Superko makes a
// result depend on the path, so a result is kept with what its proof relies on, and reused only
// where that holds: the proof is the chosen move's line where the player reaches the threshold,
// every move's where not.
// * The positions above it on the path whose repetition made a move of the other side illegal:
//   a reuse needs them on the path (refusals only take moves away from the side that answers).
// * The positions its chosen moves make, in a Bloom filter: a reuse needs none of the path's
//   positions that can recur in the filter, so that no chosen move repeats one (a filter may say
//   "maybe" wrongly, never "no": the position is then searched again).
// * Which positions can recur: a group's chain only grows until the game ends (its stones are
//   never removed), so only those with as many group stones (since the last move that grew a
//   group's chain) can be seen again; the filter holds only those.
// So a reused result is the one a search on the new path would find: the memo is exact. (Checked
// against a plain search without memo on tiny boards in tests/go_capture_test.cpp.)
// A budget on the positions searched makes a huge board fail loudly: std::runtime_error "capture
// solver: more than N positions".
// Concurrency: one instance per thread.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/go/board.hpp"

namespace seki::testing {

class CaptureSolver {
 public:
  static constexpr std::size_t kDefaultBudget = 250'000;  // about a second
  static constexpr int kPass = -1;

  // The board as characters ('.', 'X' black, 'O' white), row-major from the bottom row; `groups`:
  // a point of each group (Board::Index); at most `budget` positions searched for one value (else
  // a throw).
  CaptureSolver(int width, int height, std::string cells, std::vector<int> groups,
                std::size_t budget = kDefaultBudget)
      : w_(width),
        h_(height),
        cells_(std::move(cells)),
        groups_(std::move(groups)),
        budget_(budget) {
    for (int k = 0; k < int(cells_.size()); ++k) neighbours_.push_back(Neighbours(k));
    in_group_.assign(cells_.size(), 0);
    for (int c = 0; c < 2; ++c) {
      counter_[c].assign(cells_.size() + 2, kNone);
      history_[c].assign(cells_.size() + 1, 0);
    }
    for (int g : groups_) in_group_[g] = 1;
    for (char c : cells_) points_ += c == '.';
  }
  CaptureSolver(const go::Board& board, const std::vector<go::Point>& groups,
                std::size_t budget = kDefaultBudget)
      : CaptureSolver(board.width(), board.height(), Cells(board), Indices(board, groups), budget) {
  }

  // The result for the player to move ('X' or 'O') moving first: W, D or L.
  Result Value(char mover) {
    Start(mover);
    const Result r = Value3(mover, false);
    Pop();
    return r;
  }
  // The result for `mover` of playing at `point` (Board::Index, or kPass) first: W when it
  // captures a group; nothing when it is illegal (an occupied point, suicide).
  std::optional<Result> MoveValue(char mover, int point) {
    Start(mover);
    std::optional<Result> r;
    if (point == kPass) {
      r = Negate(Child(mover, kPass, [&](char other) { return Value3(other, true); }));
    } else if (b_[point] == '.') {
      const Outcome o = Play(point, mover);
      if (o.kind == kGroup) r = Result::W;
      if (o.kind == kOrdinary)
        r = Negate(Child(mover, point, [&](char other) { return Value3(other, false); }));
      Undo(o, point);
    }
    Pop();
    return r;
  }
  std::optional<Result> MoveValue(char mover, go::Point p) {
    return MoveValue(mover, p.y * w_ + p.x);
  }

  // An optimal line from the start, `mover` first ("X C3, O pass, X D4 captures"): at each turn a
  // capture of a group that wins, else a pass that keeps the player's result, else the first stone
  // (in board order) that keeps it.
  std::string Line(char mover, int max_moves = 40) {
    Start(mover);
    std::string line;
    LineFrom(mover, false, Value3(mover, false), max_moves, line);
    Pop();
    return line;
  }

  // The empty points at the start (where the first stones can go).
  std::size_t points() const { return points_; }
  // The positions searched (not counting the memo's answers), summed over the calls.
  std::size_t positions() const { return nodes_; }

  static std::string Cells(const go::Board& board) {
    std::string cells;
    for (int y = 0; y < board.height(); ++y)
      for (int x = 0; x < board.width(); ++x) {
        const go::Stone s = board.at({x, y});
        cells += s == go::Stone::kBlack ? 'X' : s == go::Stone::kWhite ? 'O' : '.';
      }
    return cells;
  }
  // "C3": the column letter (A..Z without I) and the row from 1 at the bottom; "pass".
  std::string Name(int k) const {
    if (k == kPass) return "pass";
    return std::string(1, "ABCDEFGHJKLMNOPQRSTUVWXYZ"[k % w_]) + std::to_string(k / w_ + 1);
  }

 private:
  static constexpr int kNone = -2;  // no move
  static constexpr std::size_t kBloomBits = 1024;
  static constexpr std::size_t kMemoProofs = 4;  // kept by position

  // A stone: illegal, an ordinary move (the game goes on), or the capture of a group.
  enum Kind { kIllegal, kOrdinary, kGroup };
  struct Outcome {
    Kind kind = kIllegal;
    std::vector<int> removed;  // the opponent's stones it captured
  };
  struct Step {
    std::uint32_t id;  // the position (board and player to move)
    int group_stones;  // the stones of the groups' chains
    int move;          // the move that made it (kPass; kNone at the start)
  };
  // A result the memo keeps: whether the player to move gets the threshold, and the positions
  // of its proof that can recur.
  struct Memo {
    bool reached;
    std::array<std::uint64_t, kBloomBits / 64> proof;
    std::vector<std::uint32_t> relied;  // the positions above it that the proof relied on
  };

  static std::vector<int> Indices(const go::Board& board, const std::vector<go::Point>& points) {
    std::vector<int> out;
    for (go::Point p : points) out.push_back(board.Index(p));
    return out;
  }
  static char Opponent(char c) { return c == 'X' ? 'O' : 'X'; }
  // The threshold the opponent must reach to refute t: at least D refutes W, W refutes D.
  static Result Refuting(Result t) { return t == Result::W ? Result::D : Result::W; }

  std::vector<int> Neighbours(int k) const {
    std::vector<int> out;
    const int x = k % w_, y = k / w_;
    if (x > 0) out.push_back(k - 1);
    if (x + 1 < w_) out.push_back(k + 1);
    if (y > 0) out.push_back(k - w_);
    if (y + 1 < h_) out.push_back(k + w_);
    return out;
  }

  // The chain through k (in stones_, valid until the next flood); whether it has a liberty (with
  // stop_at_liberty the flood stops at the first).
  bool Flood(int k, bool stop_at_liberty) {
    if (seen_.size() != b_.size()) seen_.assign(b_.size(), 0);
    ++stamp_;
    stones_.assign(1, k);
    seen_[k] = stamp_;
    bool liberty = false;
    for (std::size_t n = 0; n < stones_.size(); ++n)
      for (int q : neighbours_[stones_[n]]) {
        if (b_[q] == '.') {
          liberty = true;
          if (stop_at_liberty) return true;
        } else if (b_[q] == b_[k] && seen_[q] != stamp_) {
          seen_[q] = stamp_, stones_.push_back(q);
        }
      }
    return liberty;
  }

  // Plays `mover` at the empty point k: captures, then the suicide rule. Undo(outcome, k)
  // restores the board.
  Outcome Play(int k, char mover) {
    Outcome o;
    const char other = Opponent(mover);
    b_[k] = mover;
    bool group = false;
    for (int q : neighbours_[k])
      if (b_[q] == other && !Flood(q, false))
        for (int s : stones_) {
          group = group || in_group_[s];
          b_[s] = '.';
          o.removed.push_back(s);
        }
    o.kind = group ? kGroup : !o.removed.empty() || Flood(k, true) ? kOrdinary : kIllegal;
    return o;
  }
  void Undo(const Outcome& o, int k) {
    const char other = Opponent(b_[k]);
    for (int s : o.removed) b_[s] = other;
    b_[k] = '.';
  }

  // The stones of the chains through the groups' points (the groups as they have grown), marked
  // in mark_ with mark_stamp_.
  int GroupStones() {
    if (mark_.size() != b_.size()) mark_.assign(b_.size(), 0);
    ++mark_stamp_;
    int count = 0;
    for (int g : groups_) {
      if (mark_[g] == mark_stamp_) continue;
      Flood(g, false);
      for (int s : stones_) mark_[s] = mark_stamp_;
      count += int(stones_.size());
    }
    return count;
  }

  // The position's id: the board (2 bits a point) and the player to move, exactly.
  std::uint32_t Id(char mover) {
    std::string key((b_.size() + 3) / 4 + 1, '\0');
    for (std::size_t k = 0; k < b_.size(); ++k)
      key[k / 4] = char(key[k / 4] | ((b_[k] == '.' ? 0 : b_[k] == 'X' ? 1 : 2) << (2 * (k % 4))));
    key.back() = mover;
    const auto [it, fresh] = ids_.try_emplace(std::move(key), std::uint32_t(ids_.size()));
    if (fresh) on_path_.push_back(0);
    return it->second;
  }

  void Start(char mover) {
    killer_.clear();
    b_ = cells_;
    path_.clear();
    Push(Id(mover), GroupStones(), kNone);
  }
  void Push(std::uint32_t id, int group_stones, int move) {
    path_.push_back({id, group_stones, move});
    ++on_path_[id];
  }
  void Pop() {
    --on_path_[path_.back().id];
    path_.pop_back();
  }

  // Runs f(other) at the position after `mover` played at k (on the board already) or passed,
  // with that position on the path.
  template <class F>
  std::invoke_result_t<F, char> Child(char mover, int k, F f) {
    const char other = Opponent(mover);
    Push(Id(other), k == kPass ? path_.back().group_stones : GroupStones(), k);
    struct PopAtEnd {
      CaptureSolver* s;
      ~PopAtEnd() { s->Pop(); }
    } pop{this};
    return f(other);
  }

  using Bloom = std::array<std::uint64_t, kBloomBits / 64>;
  using Ids = std::vector<std::uint32_t>;            // positions
  static void Add(Bloom& bloom, std::uint32_t id) {  // three bits of a position's hash
    const std::uint64_t hash = (id + 1) * 0x9E3779B97F4A7C15ull;
    for (int shift : {16, 32, 48}) {
      const std::size_t bit = std::size_t(hash >> shift) % kBloomBits;
      bloom[bit / 64] |= std::uint64_t(1) << (bit % 64);
    }
  }
  static void Merge(Bloom& into, const Bloom& from) {
    for (std::size_t i = 0; i < into.size(); ++i) into[i] |= from[i];
  }
  // Whether a position above the current one on the path that can recur (as many group stones)
  // may be in the filter.
  bool Hits(const Bloom& bloom) const {
    const int stones = path_.back().group_stones;
    for (auto i = path_.size() - 1; i-- > 0 && path_[i].group_stones == stones;) {
      Bloom one{};
      Add(one, path_[i].id);
      bool all = true;
      for (std::size_t k = 0; k < bloom.size(); ++k) all = all && (one[k] & bloom[k]) == one[k];
      if (all) return true;
    }
    return false;
  }
  static void Union(Ids& into, const Ids& from) {
    for (std::uint32_t id : from)
      if (std::find(into.begin(), into.end(), id) == into.end()) into.push_back(id);
  }

  // W, D or L for `mover` at the current position (the last of path_).
  // Each threshold is tried first with one player (the prover) held to fewer moves, which can
  // only lower that player's results: so where `mover` is the prover, "at least t" is the game's
  // answer, and where the opponent is, "not t" is. Mode 2: the prover never fills its own one-point
  // eye and never captures a chain that is not a group; mode 1: only the first. Else the search
  // with every move.
  Result Value3(char mover, bool after_pass) {
    searched_ = 0;  // the budget is by value
    const auto search = [&](int mode, char prover, Result t) {
      mode_ = mode;
      prover_ = prover;
      Ids relied;
      Bloom bloom{};
      const bool reached = Reach(mover, after_pass, t, relied, bloom);
      mode_ = 0;
      prover_ = 0;
      return reached;
    };
    const auto reach = [&](Result t) {
      for (int mode : {2, 1}) {
        if (search(mode, mover, t)) return true;
        if (!search(mode, Opponent(mover), t)) return false;
      }
      return search(0, 0, t);
    };
    if (reach(Result::W)) return Result::W;
    return reach(Result::D) ? Result::D : Result::L;
  }

  // Whether `mover` gets at least t (D or W) at the current position (b_, the last of path_).
  // The proof of the answer is the chosen move's where `mover` gets t, every move's where not (and
  // so on down). `relied` gets the positions above this one on the path that it relied on (a move
  // of the other side that would repeat one is illegal); `bloom` gets the positions that its
  // chosen moves make and that can recur (as many group stones as here).
  bool Reach(char mover, bool after_pass, Result t, Ids& relied, Bloom& bloom) {
    const std::size_t depth = path_.size() - 1;
    const std::uint32_t here = path_.back().id;
    const int stones = path_.back().group_stones;
    Bloom proof{};
    Ids relies;
    const auto done = [&](bool reached) {
      Merge(bloom, proof);
      Union(relied, relies);
      return reached;
    };
    if (after_pass && t == Result::D) return done(true);  // passing ends the game in a draw
    // The memo: a result holds here too when the positions it relied on are on the path and its
    // proof holds none of the positions above this one that can recur.
    const int w = t == Result::W;
    const int variant = mode_ == 0 ? 0 : 2 * mode_ - 1 + (prover_ == 'X');  // 0..4
    const std::uint64_t key = std::uint64_t(here) << 5 | after_pass << 4 | variant << 1;
    for (const int u : {w, 1 - w}) {  // W implies D, not D implies not W
      const auto it = memo_.find(key | u);
      if (it == memo_.end()) continue;
      for (const Memo& m : it->second) {
        const bool on_path = std::all_of(m.relied.begin(), m.relied.end(),
                                         [&](std::uint32_t id) { return on_path_[id] > 0; });
        if ((u != w && m.reached != bool(u)) || !on_path || Hits(m.proof)) continue;
        proof = m.proof;
        relies = m.relied;
        return done(m.reached);
      }
    }
    ++nodes_;
    if (++searched_ > budget_)
      throw std::runtime_error("capture solver: more than " + std::to_string(budget_) +
                               " positions");
    if (killer_.size() <= depth) killer_.resize(depth + 1, kNone);
    const auto hint = hint_.find(key | w);
    const int last = path_.back().move;  // the opponent's move
    int& counter = counter_[mover == 'X'][last == kNone ? 0 : last + 2];
    const std::vector<int> order =
        Order(mover, {hint == hint_.end() ? kNone : hint->second, counter, killer_[depth]},
              t == Result::D);
    bool reached = false;
    for (const int k : near_) {  // a capture of a group wins at once
      const Outcome o = Play(k, mover);
      reached = o.kind == kGroup;
      Undo(o, k);
      if (reached) break;
    }
    Bloom all = proof;  // every move's proof, while none reaches t
    for (std::size_t n = 0; n < order.size() && !reached; ++n) {
      const int k = order[n];
      Ids child_relied;
      Bloom child{};
      std::uint32_t made = 0;  // the position a stone makes, when it can recur
      bool refuted = false, legal = true;
      if (k == kPass) {  // D unless the opponent then wins (never W: the opponent passes too)
        refuted = !Child(mover, kPass, [&](char other) {
          return Reach(other, true, Result::W, child_relied, child);
        });
      } else {
        const bool held = mover == prover_;  // the prover, held to fewer moves
        if (held && mode_ >= 1) {            // its own one-point eye
          bool eye = true;
          for (int q : neighbours_[k]) eye = eye && b_[q] == mover;
          if (eye) continue;
        }
        const Outcome o = Play(k, mover);
        legal = o.kind == kOrdinary && !(held && mode_ >= 2 && !o.removed.empty());
        if (legal) {
          const int child_stones = GroupStones();
          const std::uint32_t id = Id(Opponent(mover));
          if (on_path_[id]) {  // superko: illegal here, as the line above says
            legal = false;
            Union(relies, {id});
          } else {
            Push(id, child_stones, k);
            refuted = !Reach(Opponent(mover), false, Refuting(t), child_relied, child);
            Pop();
            if (child_stones != stones) child = Bloom{};  // none of them can recur above
            made = child_stones == stones ? id + 1 : 0;
          }
        }
        Undo(o, k);
      }
      if (!legal) continue;
      if (refuted) {
        reached = true;
        killer_[depth] = hint_[key | w] = counter = k;
        ++history_[mover == 'X'][k + 1];
        relies = child_relied;  // the moves that failed do not matter
        Merge(proof, child);
        if (made) Add(proof, made - 1);
      } else {
        Union(relies, child_relied);
        Merge(all, child);
      }
    }
    if (!reached) proof = all;
    relies.erase(std::remove(relies.begin(), relies.end(), here), relies.end());
    std::vector<Memo>& kept = memo_[key | w];  // a few proofs, for different paths
    if (kept.size() == kMemoProofs) kept.erase(kept.begin());
    kept.push_back({reached, proof, relies});
    return done(reached);
  }

  // The moves to try, best first: the last that reached at this position, after the opponent's
  // last move, and at this depth (a stone or a pass), then by how often each reached (the empty
  // points next to a group's chain first). near_ gets the points next to a group's chain (only
  // they can capture a group).
  std::vector<int> Order(char mover, std::array<int, 3> first, bool with_pass) {
    GroupStones();                                      // marks the groups' chains
    std::vector<std::pair<std::uint64_t, int>> ranked;  // (rank, move)
    near_.clear();
    const auto& history = history_[mover == 'X'];
    const auto rank = [&](int k, bool near) {
      for (int f = 0; f < 3; ++f)
        if (k == first[f]) return ~std::uint64_t(0) - f;
      return history[k + 1] * 2 + near;
    };
    if (with_pass) ranked.push_back({rank(kPass, true), kPass});
    for (int k = 0; k < int(b_.size()); ++k) {
      if (b_[k] != '.') continue;
      bool near = false;
      for (int q : neighbours_[k]) near = near || mark_[q] == mark_stamp_;
      if (near) near_.push_back(k);
      ranked.push_back({rank(k, near), k});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<int> out;
    for (const auto& [r, k] : ranked) out.push_back(k);
    return out;
  }

  // Appends an optimal line for `mover` whose result is `value` at the current position.
  void LineFrom(char mover, bool after_pass, Result value, int left, std::string& line) {
    const auto say = [&](const std::string& move) {
      line += (line.empty() ? "" : ", ") + std::string(1, mover) + " " + move;
    };
    if (left == 0) {
      line += ", ...";
      return;
    }
    for (int k = 0; k < int(b_.size()) && value == Result::W; ++k) {
      if (b_[k] != '.') continue;
      const Outcome o = Play(k, mover);
      Undo(o, k);
      if (o.kind == kGroup) {
        say(Name(k) + " captures");
        return;
      }
    }
    if (after_pass && value == Result::D) {
      say("pass: both passed, a draw");
      return;
    }
    if (!after_pass) {
      const bool kept = Child(mover, kPass, [&](char other) {
        const Result next = Value3(other, true);
        if (Negate(next) != value) return false;
        say("pass");
        LineFrom(other, true, next, left - 1, line);
        return true;
      });
      if (kept) return;
    }
    for (int k = 0; k < int(b_.size()); ++k) {
      if (b_[k] != '.') continue;
      const Outcome o = Play(k, mover);
      bool kept = false;
      if (o.kind == kOrdinary && !on_path_[Id(Opponent(mover))])
        kept = Child(mover, k, [&](char other) {
          const Result next = Value3(other, false);
          if (Negate(next) != value) return false;
          const std::size_t n = o.removed.size();
          say(Name(k) + (n ? " (takes " + std::to_string(n) + ")" : ""));
          LineFrom(other, false, next, left - 1, line);
          return true;
        });
      Undo(o, k);
      if (kept) return;
    }
    line += " (no move keeps the result)";
  }

  int w_, h_;
  std::string cells_, b_;
  std::vector<int> groups_, stones_;
  std::vector<char> in_group_;
  std::size_t points_ = 0, budget_, nodes_ = 0, searched_ = 0;
  int mode_ = 0;     // Value3's restriction of the prover's moves (0: none)
  char prover_ = 0;  // 'X' or 'O' when mode_ > 0
  std::vector<std::vector<int>> neighbours_;
  std::vector<std::uint32_t> seen_, mark_;
  std::uint32_t stamp_ = 0, mark_stamp_ = 0;
  std::unordered_map<std::string, std::uint32_t> ids_;  // packed board and player -> id
  std::vector<std::uint32_t> on_path_;                  // by id: how often on the path
  std::vector<Step> path_;
  std::vector<int> near_;        // Order's points next to a group's chain
  std::vector<int> counter_[2];  // by player and last move + 2: the last reply that reached
  std::vector<std::uint64_t> history_[2];        // by player and move + 1: how often it reached
  std::vector<int> killer_;                      // by depth: the last move that reached
  std::unordered_map<std::uint64_t, int> hint_;  // by memo key: the last move that reached
  // By position, whether the last move was a pass, and the threshold (1 for W).
  std::unordered_map<std::uint64_t, std::vector<Memo>> memo_;
};

}  // namespace seki::testing
