#include "apps/play_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <iostream>
#include <memory>
#include <string_view>

#include "apps/cli_error.hpp"
#include "apps/matrix_input.hpp"
#include "apps/play_format.hpp"
#include "engine/solve/play_session.hpp"

namespace seki::cli {
namespace {

constexpr const char* kFooter =
    R"(Rows belong to R, columns to C. On your turn type
  I,J    lower entry (I,J) by 1 (row I, column J, numbered from 1)
  pass   pass (two passes in a row end the game in a draw)
  hint   the result of each of your choices (W win, D draw, L loss) with best play after it
  help   the list of commands
  quit   leave the game
After every move the tool says what the player to move can force; the engine always plays
optimally. Commands are read line by line from standard input, so a script (seki play 033/331/312
< moves.txt) gives the same transcript every time; when standard input is not a terminal each
command is echoed after the prompt. Illegal input gets a one-line message and the prompt again.
)";

constexpr std::string_view kHelp =
    "Commands: I,J lowers entry (I,J) by 1, pass, hint, help, quit.\n";

Player ParsePlayer(const std::string& s) { return s == "C" ? Player::kC : Player::kR; }

std::string Trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

// After a step: the step, then (game not over) the matrix when the user moves next and has not
// seen it yet (`shown`), and what the player to move can force.
void ShowStep(PlaySession& session, const PlayStep& step, Matrix& shown) {
  std::cout << StepText(step, session.human());
  if (session.over()) return;
  if (session.human_to_move() && session.position() != shown) {
    shown = session.position();
    std::cout << PositionGrid(shown);
  }
  std::cout << ForecastText(session.Forecast());
}

}  // namespace

void RunPlay(const PlayOptions& options) {
  if (options.matrix == "-")
    throw InputError("-", "play reads its moves from standard input; give the matrix as argument");
  const MatrixInput input = ReadStartingPositions({options.matrix}, "").front();
  PlaySession session(input.matrix, options.game == "dseki" ? Game::kDSeki : Game::kSeki,
                      ParsePlayer(options.first), ParsePlayer(options.human),
                      MakeSolveEngineOptions(options.engine));
  const bool echo = !isatty(STDIN_FILENO);

  std::cout << PlayIntro(session, session.Values()) << '\n'
            << PositionGrid(session.position()) << ForecastText(session.Forecast());
  Matrix shown = session.position();
  while (!session.over()) {
    if (!session.human_to_move()) {
      ShowStep(session, session.PlayBest(), shown);
      continue;
    }
    std::cout << PlayerName(session.to_move()) << "> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << "\nEnd of input: the game is left unfinished.\n";
      return;
    }
    const std::string command = Trimmed(line);
    if (echo) std::cout << command << '\n';
    if (command.empty()) continue;
    if (command == "quit" || command == "q") {
      std::cout << "You quit; the game is left unfinished.\n";
      return;
    }
    if (command == "help") {
      std::cout << kHelp;
      continue;
    }
    if (command == "hint") {
      std::cout << HintText(session.Hint());
      continue;
    }
    try {
      session.Play(command);
    } catch (const InputError& e) {
      std::cout << e.what() << '\n';
      continue;
    }
    ShowStep(session, session.history().back(), shown);
  }
  std::cout << EndText(session);
}

void AddPlayCommand(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* sub =
      app.add_subcommand("play", "Play SEKI or D-SEKI against the engine in the terminal");
  sub->add_option("matrix", options->matrix, "The starting matrix, e.g. 033/331/312")->required();
  sub->add_option("-g,--game", options->game, "The game: seki or dseki")
      ->check(CLI::IsMember({"seki", "dseki"}))
      ->default_str("seki");
  sub->add_option("--first", options->first, "Who moves first: R (rows) or C (columns)")
      ->transform(CLI::IsMember({"R", "C"}, CLI::ignore_case))
      ->default_str("R");
  sub->add_option("--as", options->human, "The side you play; the engine plays the other")
      ->transform(CLI::IsMember({"R", "C"}, CLI::ignore_case))
      ->default_str("R");
  AddEngineOptions(sub, options->engine);
  sub->footer(kFooter + MatrixSyntaxHelp() +
              fmt::format("\nExit status: {} when the game ends, the user quits or the input "
                          "ends; {} on a bad matrix or option, with one line \"seki: <where>: "
                          "<problem>\" on stderr.",
                          kExitDone, kExitBadInput));
  sub->callback([options] { RunPlay(*options); });
}

}  // namespace seki::cli
