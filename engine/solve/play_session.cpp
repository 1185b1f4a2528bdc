// One game against the engine: the rules from rules.hpp and play.hpp, the values from the
// search engine.
#include "engine/solve/play_session.hpp"

#include <cctype>
#include <string>

#include "engine/base/entry_text.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/exhaustive_solver.hpp"

namespace seki {
namespace {

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (std::tolower(static_cast<unsigned char>(a[k])) != b[k]) return false;
  return true;
}

// A row or column of a move: a positive number of at most three digits.
bool IsIndex(int k) { return k >= 1 && k <= 999; }

std::string Entry(int row, int col) {
  return "(" + std::to_string(row + 1) + "," + std::to_string(col + 1) + ")";
}

}  // namespace

PlayMove ParsePlayMove(std::string_view text) {
  const std::string_view t = TrimSpace(text);
  if (EqualsIgnoringCase(t, "pass")) return {true, -1, -1};
  if (const auto at = ParseRowColumn(t); at && IsIndex(at->first) && IsIndex(at->second))
    return {false, at->first - 1, at->second - 1};
  throw InputError(t.empty() ? "empty input" : t,
                   "not a move: expected I,J (row and column, from 1) or pass");
}

PlaySession::PlaySession(const Matrix& start, Game game, Player first, Player human,
                         SolveEngineOptions engine)
    : start_(start),
      position_(start),
      game_(game),
      to_move_(first),
      human_(human),
      engine_(std::make_unique<SolveEngine>(std::move(engine))) {
  if (!IsStartingPosition(start))
    throw InputError(FormatMatrix(start), "not a starting position: a row or column is zero");
  WithEngine([&](SolveEngine& e) { e.Check(start, FormatMatrix(start)); });
}

void PlaySession::CheckNotOver() const {
  if (over()) throw InputError("game over", ending_);
}

Result PlaySession::result(Player p) const {
  if (!over()) throw InputError("no result", "the game is not over");
  if (!winner_) return Result::D;
  return *winner_ == p ? Result::W : Result::L;
}

std::optional<Player> PlaySession::winner() const { return winner_; }

std::vector<PlayMove> PlaySession::LegalMoves() const {
  std::vector<PlayMove> moves;
  if (over()) return moves;
  for (int i = 0; i < position_.rows(); ++i)
    for (int j = 0; j < position_.cols(); ++j)
      if (position_(i, j) > 0) moves.push_back({false, i, j});
  moves.push_back({true, -1, -1});
  return moves;
}

const PlayStep& PlaySession::Play(std::string_view text) {
  return Apply(ParsePlayMove(text), TrimSpace(text));
}

const PlayStep& PlaySession::Play(const PlayMove& move) {
  return Apply(
      move, move.pass ? "pass" : std::to_string(move.row + 1) + "," + std::to_string(move.col + 1));
}

const PlayStep& PlaySession::Apply(const PlayMove& move, std::string_view where) {
  CheckNotOver();
  const Player mover = to_move_;
  if (move.pass) {
    const bool second_pass = after_pass();
    history_.push_back({mover, true, -1, -1, position_});
    if (second_pass) ending_ = kTwoPassesEnding;
    to_move_ = Opponent(mover);
    return history_.back();
  }
  const Matrix& a = position_;
  if (move.row < 0 || move.col < 0 || move.row >= a.rows() || move.col >= a.cols()) {
    throw InputError(where, "no entry " + Entry(move.row, move.col) + " in a " +
                                std::to_string(a.rows()) + "x" + std::to_string(a.cols()) +
                                " matrix");
  }
  if (a(move.row, move.col) == 0) {
    throw InputError(where, "entry " + Entry(move.row, move.col) +
                                " is 0: only a positive entry can be lowered");
  }

  position_.decrement(move.row, move.col);
  history_.push_back({mover, false, move.row, move.col, position_});
  const auto terminal =
      TerminalSolution(position_.row_sum(move.row) == 0, position_.col_sum(move.col) == 0);
  if (terminal) {
    ending_ = TerminalEnding(position_, move.row, move.col, game_, mover);
    const Result for_mover = MoverResult((*terminal)[game_], mover);
    if (for_mover != Result::D) winner_ = for_mover == Result::W ? mover : Opponent(mover);
  }
  to_move_ = Opponent(mover);
  return history_.back();
}

PlayMove PlaySession::BestMove() {
  CheckNotOver();
  const PlayStep step = WithEngine(
      [&](SolveEngine& engine) { return engine.Step(position_, game_, to_move_, after_pass()); });
  return {step.pass, step.row, step.col};
}

const PlayStep& PlaySession::PlayBest() { return Play(BestMove()); }

Outcome PlaySession::Values() {
  CheckNotOver();
  return WithEngine([&](SolveEngine& engine) { return engine.Solve(position_)[game_]; });
}

PlayForecast PlaySession::Forecast() {
  const Outcome here = Values();
  PlayForecast f;
  f.mover = to_move_;
  f.after_pass = after_pass();
  f.best_move = here.active(to_move_);
  f.pass = PassResult(here, to_move_, f.after_pass);
  f.value = Max(f.best_move, f.pass);
  return f;
}

PlayHint PlaySession::Hint() {
  const Outcome here = Values();
  PlayHint h;
  h.mover = to_move_;
  h.moves =
      WithEngine([&](SolveEngine& engine) { return engine.Moves(position_, game_, to_move_); });
  h.pass = PassResult(here, to_move_, after_pass());
  return h;
}

}  // namespace seki
