// fight::FightSearch: the board of a fight (go_fight.hpp) played by GO's rules and searched with
// alpha-beta over L < D < W, with one player named to lose a repetition (go_search.hpp says the
// rules). Its table (fight_table.hpp) keeps a value only where no repetition of a position above
// it decided it (docs/go/search.md, "The table and repetitions"). Used by go_search.cpp alone.
// Concurrency: one instance per thread; the stop flag may be set by any thread.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/go/fight_table.hpp"
#include "engine/go/go_search.hpp"

namespace seki::go::fight {

inline constexpr int kPass = -1;  // a move that is a pass

constexpr int kNoRepetition = 1 << 30;
struct Value {
  int v = 0;
  int relied = kNoRepetition;  // the first position of the line that a repetition in it met
};

class FightSearch {
 public:
  FightSearch(const GoFight& fight, const FightLimits& limits, Stone repetition_loser);

  // The exact value for `mover` (after_pass: the opponent just passed).
  // The line starts at this position (a repetition of it counts).
  int Solve(Stone mover, bool after_pass);
  // The line starts here, at the fight's position (no search).
  void Start(Stone mover, bool after_pass) { line_.assign(1, KeyOf(mover, after_pass)); }
  Stone loser() const { return loser_; }
  bool repetition_met() const { return repetition_met_; }
  std::uint64_t nodes() const { return nodes_; }

  // The moves of `mover` in the order the search tries them, each legal or not: captures of a
  // target, then by the history heuristic (cutoffs each move made before, the shallower the
  // more), the move's kind breaking ties (Kind), then region order; (with_pass) a pass last.
  // `preferred`: by kind alone (the order in which a move that keeps the result is proposed).
  std::vector<int> Candidates(Stone mover, bool with_pass = false, bool preferred = false);

  // The value of `move` for `mover` (a pass or a stone; nullopt: illegal), searched exactly.
  std::optional<int> MoveValue(Stone mover, bool after_pass, int move);

  // How well `move` (legal, not a pass) holds for `mover` if the opponent then plays twice in a
  // row: the mover's value after the opponent's best pair of moves (each searched with the
  // opponent to move again). Only to choose among moves that keep the result (a move that settles
  // the fight first).
  std::optional<int> Settled(Stone mover, int move);

  // Searches with at most `nodes` more positions: Save caps them and keeps the board and the
  // line; Restore lifts the cap and, where a search was `stopped` (it leaves its moves played),
  // puts the board and the line back.
  struct Saved {
    std::vector<std::uint8_t> cells;
    Key key;
    std::size_t depth = 0;
    std::uint64_t max_nodes = 0;
  };
  Saved Save(std::uint64_t nodes);
  void Restore(const Saved& saved, bool stopped);

  // Plays a move of the line for good (the line's positions count for the ko rule).
  struct Played {
    bool legal = false, captured_target = false;
    bool repeats = false;  // a stone that brings back a position of the line (Commit)
    int at = kPass;
    std::vector<int> captured;
  };
  Played Commit(Stone mover, int move);

 private:
  void SetKey(int k);
  Key KeyOf(Stone mover, bool after_pass) const;
  // Where the position after a stone (`next` to move) stands on the line; -1 where it does not.
  int OnLine(Stone next) const;

  // The chain through k into stones_; whether it has a liberty. All its stones, unless
  // `until_liberty`: then it stops at the first liberty (stones_ holds all only where none).
  bool Flood(int k, bool until_liberty = false);
  // The liberty of the chain in stones_ when it has exactly one, else -1.
  int LoneLiberty();

  Played Play(int k, Stone mover);
  void Undo(const Played& p);

  Value Search(Stone mover, bool after_pass, int alpha, int beta);

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
  Table table_{0};
  std::uint64_t nodes_ = 0;
  bool repetition_met_ = false;
};

}  // namespace seki::go::fight
