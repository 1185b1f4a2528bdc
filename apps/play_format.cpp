#include "apps/play_format.hpp"

#include <fmt/format.h>

#include "engine/base/matrix_text.hpp"

namespace seki::cli {
namespace {

std::string GameTitle(Game g) { return g == Game::kSeki ? "SEKI" : "D-SEKI"; }

std::string Side(Player p, Player human) {
  return fmt::format("{} ({})", PlayerName(p), p == human ? "you" : "engine");
}

// What the best move gives the mover, as a clause.
std::string BestMoveClause(Player p, Result best) {
  switch (best) {
    case Result::W:
      return fmt::format("{} has a winning move", PlayerName(p));
    case Result::D:
      return fmt::format("{}'s best move draws", PlayerName(p));
    case Result::L:
      break;
  }
  return fmt::format("every move of {} loses", PlayerName(p));
}

std::string PassClause(const PlayForecast& f) {
  if (f.after_pass) return "a pass ends the game in a draw";
  if (f.pass == Result::L) return fmt::format("a pass lets {} win", PlayerName(Opponent(f.mover)));
  return "a pass leads to a draw";
}

}  // namespace

std::string PlayIntro(const PlaySession& session, const Outcome& values) {
  const Game g = session.game();
  const Matrix& a = session.start();
  const Player human = session.human(), first = session.to_move();
  const std::string together =
      g == Game::kSeki ? "the player who made that move wins" : "the game is a draw";
  return fmt::format(
      "{} on {} ({}x{}). You play {} ({}), the engine plays {}; {} moves first.\n"
      "A move lowers a positive entry by 1; either player may pass. R wins when a row becomes\n"
      "zero, C when a column does; when a row and a column become zero at once,\n"
      "{}. Two passes in a row end the game in a draw.\n"
      "{} values: R={} C={} r={} c={} ({}).\n"
      "Commands: I,J lowers entry (I,J), pass, hint, help, quit.\n",
      GameTitle(g), FormatMatrix(a), a.rows(), a.cols(), PlayerName(human),
      human == Player::kR ? "rows" : "columns", PlayerName(Opponent(human)), PlayerName(first),
      together, GameTitle(g), Letter(values.R), Letter(values.C), Letter(values.r),
      Letter(values.c), ClassLabel(g, values.seki_class()));
}

std::string PositionGrid(const Matrix& a) {
  std::string out = "     ";
  for (int j = 0; j < a.cols(); ++j) out += fmt::format("{:>4}", j + 1);
  out += '\n';
  for (int i = 0; i < a.rows(); ++i) {
    out += fmt::format("  {:>3}", i + 1);
    for (int j = 0; j < a.cols(); ++j) out += fmt::format("{:>4}", a(i, j));
    out += '\n';
  }
  return out;
}

std::string StepText(const PlayStep& step, Player human) {
  if (step.pass) return fmt::format("{} passes\n", Side(step.player, human));
  return fmt::format("{} lowers ({},{}) -> {}\n", Side(step.player, human), step.row + 1,
                     step.col + 1, FormatMatrix(step.after));
}

std::string ForecastText(const PlayForecast& f) {
  const char p = PlayerName(f.mover), q = PlayerName(Opponent(f.mover));
  std::string verdict;
  switch (f.value) {
    case Result::W:
      verdict = fmt::format("{} can force a win", p);
      break;
    case Result::D:
      verdict = "a draw with best play";
      break;
    case Result::L:
      verdict = fmt::format("{} can force a win", q);
      break;
  }
  return fmt::format("{} to move{}: {} ({}; {}).\n", p,
                     f.after_pass ? fmt::format(" ({} passed)", q) : "", verdict,
                     BestMoveClause(f.mover, f.best_move), PassClause(f));
}

std::string HintText(const PlayHint& h) {
  std::string out =
      fmt::format("Result for {} of each choice (W win, D draw, L loss):\n", PlayerName(h.mover));
  for (std::size_t k = 0; k < h.moves.size(); ++k) {
    const MoveValue& m = h.moves[k];
    const bool new_row = k == 0 || h.moves[k - 1].row != m.row;
    out += fmt::format("{}{},{} {}", new_row ? (k == 0 ? "  " : "\n  ") : "  ", m.row + 1,
                       m.col + 1, Letter(m.value));
  }
  out += fmt::format("\n  pass {}\n", Letter(h.pass));
  return out;
}

std::string EndText(const PlaySession& session) {
  std::string who = "A draw.";
  if (const auto winner = session.winner()) {
    who = *winner == session.human() ? fmt::format("You ({}) win.", PlayerName(*winner))
                                     : fmt::format("The engine ({}) wins.", PlayerName(*winner));
  }
  return fmt::format("Game over: {}. {}\n", session.ending(), who);
}

}  // namespace seki::cli
