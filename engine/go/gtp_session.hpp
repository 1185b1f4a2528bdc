// GtpSession: `seki gtp`, a Go Text Protocol version 2 engine (the GTP 2 draft,
// https://www.lysator.liu.se/~gunnar/gtp/) over the races of engine/go, so that GO programs, GoGui
// and semeai test suites can drive it. The required commands (protocol_version, name, version,
// known_command, list_commands, quit, boardsize, clear_board, komi, play, genmove) and undo,
// loadsgf, showboard, final_status_list, analyze_semeai (GNU Go's regression form: "R1 R2 MOVE"),
// reg_genmove, gogui-analyze_commands and seki-analyze (the text of `seki go` for the position);
// of the tournament commands, time_settings and time_left (accepted, ignored: its time is not
// controlled) and set_free_handicap; final_score, fixed_handicap, place_free_handicap and kgs-*
// are unknown commands (it cannot score whole boards; handicap points are the controller's).
// A move is legal unless its point is taken, it is suicide or it retakes a ko at once. genmove
// plays the move of a race it proves better than passing (board_races.hpp: BestMove), else
// passes; it never resigns. A position it cannot decide gets "? " and the refusal's words.
// Concurrency: one session per thread; it uses the caller's engine.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki::go {

class GtpSession {
 public:
  // `version`: the answer to `version`.
  GtpSession(SolveEngine& engine, std::string version);

  // The response to one line of input (GTP 2, 2.6 and 2.7): "=[id] result\n\n" or
  // "?[id] message\n\n", the command's id (when it has one) right after the '=' or '?' ("=12 seki",
  // as GNU Go writes it); "" for a line that holds no command (blank, or a comment). Never throws
  // for bad input: every problem is a "?" response.
  std::string Handle(std::string_view line);
  // Where analyze_semeai names the chains its answer assumes alive (the exact search's open
  // region, docs/go/search.md), a line each: "seki: analyze_semeai A B assumes that W C3 lives";
  // null (the default): nowhere. `seki gtp` gives standard error.
  void set_notes(std::ostream* notes) { notes_ = notes; }
  // Whether `quit` was answered.
  bool quit() const { return quit_; }
  const Board& board() const { return board_; }

  // The commands it knows, in the order list_commands gives them.
  static const std::vector<std::string>& Commands();

 private:
  struct Played {  // a move of the game, for undo, the ko rule and genmove after a pass
    Board before;
    Stone colour = Stone::kBlack;
    bool pass = false;
  };

  std::string Run(const std::string& command, const std::vector<std::string>& args);
  std::string Play(Stone colour, const std::string& vertex);
  std::string SetFreeHandicap(const std::vector<std::string>& args);
  std::string GenMove(Stone colour, bool play);
  std::string LoadSgf(const std::vector<std::string>& args);
  std::string FinalStatusList(const std::string& status);
  std::string AnalyzeSemeai(const std::vector<std::string>& args);
  std::string Analyse();
  Point Vertex(const std::string& text) const;

  SolveEngine& engine_;
  std::string version_;
  Board board_;
  double komi_ = 0;
  std::vector<Played> history_;
  bool quit_ = false;
  std::ostream* notes_ = nullptr;
};

// Reads GTP commands from `in` and writes each response to `out` (flushed) until `quit` or the
// end of the input.
void RunGtp(std::istream& in, std::ostream& out, GtpSession& session);

}  // namespace seki::go
