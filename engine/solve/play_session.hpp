// PlaySession: one game of SEKI or D-SEKI played move by move, a person against the engine (the
// model behind `seki play`, and later the Python class): legal moves, applying a move or a pass
// under the rules, the engine's optimal reply, what the player to move can force, and hints. No
// text UI here: moves are read from "I,J" / "pass" and illegal input throws seki::InputError.
// The engine's values come from a SolveEngine of its own (the one solve path, any engine).
// Concurrency: an instance is single-threaded (it owns its SolveEngine); distinct instances
// share nothing and may be used from different threads.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/play.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki {

// A move as a player chooses it: lower (row, col), 0-based as in play.hpp, or pass.
struct PlayMove {
  bool pass = false;
  int row = -1, col = -1;
  friend bool operator==(const PlayMove&, const PlayMove&) = default;
};

// "I,J" (1-based row and column, spaces allowed around the numbers) or "pass", as a user types
// it. Throws InputError naming the text when it is neither; does not check the matrix.
PlayMove ParsePlayMove(std::string_view text);

// What the player to move can force now, all results for that player.
struct PlayForecast {
  Player mover = Player::kR;
  bool after_pass = false;       // the opponent just passed: passing now ends the game in a draw
  Result value = Result::D;      // with best play by both sides from here
  Result best_move = Result::L;  // best active move (r or c of the position; L: all moves lose)
  Result pass = Result::D;       // passing now (PassResult)
};

// Every choice of the player to move with its result for that player.
struct PlayHint {
  Player mover = Player::kR;
  std::vector<MoveValue> moves;  // every active move, row-major, 0-based
  Result pass = Result::D;
};

class PlaySession {
 public:
  // Starts a game at `start` (a starting position: no zero row or column) with `first` to move;
  // `human` is the person's side, the engine plays the other. Throws InputError for a matrix that
  // is not a starting position, and as SolveEngine::Check (too large, over the memory limit).
  PlaySession(const Matrix& start, Game game, Player first, Player human,
              SolveEngineOptions engine = {});

  const Matrix& start() const { return start_; }
  const Matrix& position() const { return position_; }
  Game game() const { return game_; }
  Player human() const { return human_; }
  Player engine_side() const { return Opponent(human_); }
  Player to_move() const { return to_move_; }
  bool human_to_move() const { return !over() && to_move_ == human_; }
  // Every step so far; `after` of the last is position().
  const std::vector<PlayStep>& history() const { return history_; }
  bool after_pass() const { return !history_.empty() && history_.back().pass; }

  bool over() const { return !ending_.empty(); }
  // Once over: W, D or L for p, and why ("R wins: row 2 is zero", "draw: two passes", ...).
  Result result(Player p) const;
  std::optional<Player> winner() const;
  const std::string& ending() const { return ending_; }

  // The legal choices of the player to move: every active move (row-major), then pass. Empty once
  // the game is over.
  std::vector<PlayMove> LegalMoves() const;

  // Plays a move for the player to move and returns the step. Throws InputError when the game is
  // over, the entry is outside the matrix or is 0 (the text form names the input as typed).
  const PlayStep& Play(const PlayMove& move);
  const PlayStep& Play(std::string_view text);

  // The engine's optimal choice for the player to move (OptimalStep), without playing it, and
  // playing it. Throw InputError once the game is over.
  PlayMove BestMove();
  const PlayStep& PlayBest();

  // Values R(A), C(A), r(A), c(A) of the current position in this game.
  Outcome Values();
  // What the player to move can force, and with which choice. Throws InputError once over.
  PlayForecast Forecast();
  // The result of every legal choice for the player to move. Throws InputError once over.
  PlayHint Hint();

 private:
  template <class F>
  auto WithEngine(F&& f) {
    return engine_->Guarded(FormatMatrix(position_), [&] { return f(*engine_); });
  }
  void CheckNotOver() const;
  // Play with `where` naming the move in error messages.
  const PlayStep& Apply(const PlayMove& move, std::string_view where);

  Matrix start_, position_;
  Game game_;
  Player to_move_, human_;
  std::vector<PlayStep> history_;
  std::string ending_;                   // empty while the game goes on
  std::optional<Player> winner_;         // set when over and not a draw
  std::unique_ptr<SolveEngine> engine_;  // held by pointer: its tables are large
};

}  // namespace seki
