// `seki gtp`'s session (engine/go/gtp_session.hpp): the protocol (ids, comments, errors), legal
// moves (a taken point, suicide, ko) and undo, loadsgf; analyze_semeai and genmove on every cell
// of the two-group table built on a board, against the board-level capture solver
// (tests/capture_solver.hpp): R1 R2 are what the solver says the first player gets, and the move
// keeps it; final_status_list; a refusal in the words of `seki go`; a recorded session
// (tests/gtp/session.gtp) replayed, its responses those of tests/gtp/session.out.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/go/diagram.hpp"
#include "engine/go/gtp_session.hpp"
#include "engine/go/sgf.hpp"
#include "tests/capture_solver.hpp"
#include "tests/go_positions.hpp"
#include "tests/race_boards.hpp"
#include "tests/temp_dir.hpp"

namespace seki::testing {
namespace {

// A board as an SGF file in `dir`; returns its path.
std::string WriteBoard(const TempDir& dir, const go::Board& board, const std::string& name) {
  const std::string path = (dir.path() / name).string();
  std::ofstream(path) << go::WriteSgf({board, "", "", {}, {}});
  return path;
}

class Gtp {
 public:
  Gtp() : session_(engine_, "test") {}
  // The response without "= " and the blank line; a failure as "? message".
  std::string operator()(const std::string& line) {
    std::string r = session_.Handle(line);
    EXPECT_GE(r.size(), 4u) << line;
    EXPECT_EQ(r.substr(r.size() - 2), "\n\n") << line;
    if (r[0] == '=') return r.substr(2, r.size() - 4);
    return r.substr(0, r.size() - 2);
  }
  go::GtpSession& session() { return session_; }

 private:
  SolveEngine engine_;
  go::GtpSession session_;
};

TEST(Gtp, Protocol) {
  Gtp gtp;
  go::GtpSession& s = gtp.session();
  // GTP 2, 2.6 and 2.7: "=[id] result", "?[id] message", the id right after the status character.
  EXPECT_EQ(s.Handle("protocol_version"), "= 2\n\n");
  EXPECT_EQ(s.Handle("12 name"), "=12 seki\n\n");
  EXPECT_EQ(s.Handle("  # a comment"), "");
  EXPECT_EQ(s.Handle(""), "");
  EXPECT_EQ(s.Handle("7 version # the version"), "=7 test\n\n");
  EXPECT_EQ(s.Handle("3 frobnicate"), "?3 unknown command\n\n");
  EXPECT_EQ(s.Handle("8"), "?8 syntax error\n\n");
  EXPECT_EQ(s.Handle("9 komi 0"), "=9 \n\n");  // an empty result, as GNU Go writes it
  // Tabs are spaces; other control characters go.
  EXPECT_EQ(s.Handle("\t10\tna\x01me\r"), "=10 seki\n\n");
  // Tournament commands: time is accepted and ignored; scoring and chosen handicaps are unknown.
  EXPECT_EQ(gtp("time_settings 300 30 5"), "");
  EXPECT_EQ(gtp("time_left b 120 0"), "");
  EXPECT_EQ(gtp("time_left b soon 0"), "? syntax error");
  for (const char* unknown : {"final_score", "fixed_handicap 2", "place_free_handicap 2",
                              "kgs-genmove_cleanup b", "kgs-game_over"})
    EXPECT_EQ(gtp(unknown), "? unknown command") << unknown;
  // Every command it lists is known and answered (not "unknown command").
  for (const std::string& command : go::GtpSession::Commands()) {
    EXPECT_EQ(gtp("known_command " + command), "true") << command;
    if (command != "quit") {
      EXPECT_NE(gtp(command), "? unknown command") << command;
    }
  }
  EXPECT_EQ(gtp("known_command analyze_semeai"), "true");
  EXPECT_EQ(gtp("known_command frobnicate"), "false");
  EXPECT_NE(gtp("list_commands").find("final_status_list\nanalyze_semeai"), std::string::npos);
  EXPECT_EQ(gtp("boardsize 1"), "? unacceptable size");
  EXPECT_EQ(gtp("boardsize x"), "? syntax error");
  EXPECT_EQ(gtp("boardsize 9"), "");
  EXPECT_EQ(gtp("komi 6.5"), "");
  EXPECT_EQ(gtp("komi six"), "? syntax error");
  EXPECT_EQ(gtp("play red A1"), "? invalid color");
  EXPECT_EQ(gtp("play B Z1"), "? invalid coordinate");
  EXPECT_EQ(gtp("play B J9"), "");
  EXPECT_EQ(gtp("play W j9"), "? illegal move");  // taken
  EXPECT_NE(gtp("gogui-analyze_commands").find("plist/Seki: dead stones/final_status_list dead"),
            std::string::npos);
  EXPECT_FALSE(s.quit());
  EXPECT_EQ(gtp("quit"), "");
  EXPECT_TRUE(s.quit());
}

TEST(Gtp, SuicideKoAndUndo) {
  Gtp gtp;
  gtp("boardsize 5");
  // A ko at C3/D3: . X O . / X O . O / . X O .
  for (const char* move : {"B B4", "B A3", "B B2", "W C4", "W D3", "W C2", "W B3"})
    EXPECT_EQ(gtp(std::string("play ") + move), "") << move;
  EXPECT_EQ(gtp("play B C3"), "");                // captures B3
  EXPECT_EQ(gtp("play W B3"), "? illegal move");  // retakes the ko at once
  EXPECT_EQ(gtp("play W E5"), "");
  EXPECT_EQ(gtp("play B E4"), "");
  EXPECT_EQ(gtp("play W B3"), "");  // after an exchange elsewhere
  gtp("clear_board");
  EXPECT_EQ(gtp("play B A2"), "");
  EXPECT_EQ(gtp("play B B1"), "");
  EXPECT_EQ(gtp("play W A1"), "? illegal move");  // suicide
  EXPECT_EQ(gtp("undo"), "");
  EXPECT_EQ(gtp("play W A1"), "");  // B1 is empty again
  gtp("clear_board");
  EXPECT_EQ(gtp("undo"), "? cannot undo");
}

TEST(Gtp, SetFreeHandicap) {
  Gtp gtp;
  gtp("boardsize 9");
  EXPECT_EQ(gtp("set_free_handicap C3"), "? bad vertex list");  // fewer than two
  EXPECT_EQ(gtp("set_free_handicap C3 C3"), "? bad vertex list");
  EXPECT_EQ(gtp("set_free_handicap C3 Z3"), "? bad vertex list");
  EXPECT_EQ(gtp.session().board().at({2, 2}), go::Stone::kEmpty);
  EXPECT_EQ(gtp("set_free_handicap C3 g7"), "");
  EXPECT_EQ(gtp.session().board().at({2, 2}), go::Stone::kBlack);
  EXPECT_EQ(gtp.session().board().at({6, 6}), go::Stone::kBlack);
  EXPECT_EQ(gtp("undo"), "? cannot undo");  // handicap stones are not moves
  EXPECT_EQ(gtp("set_free_handicap D4 F6"), "? board not empty");
}

TEST(Gtp, LoadsSgf) {
  const TempDir dir;
  const std::string path = (dir.path() / "game.sgf").string();
  std::ofstream(path) << "(;GM[1]SZ[7]AB[aa];B[bb];W[cc];B[dd])";
  Gtp gtp;
  EXPECT_EQ(gtp("loadsgf " + path), "white");
  EXPECT_EQ(gtp.session().board().at({3, 3}), go::Stone::kBlack);
  EXPECT_EQ(gtp("loadsgf " + path + " 3"), "black");  // before move 3
  EXPECT_EQ(gtp.session().board().at({3, 3}), go::Stone::kEmpty);
  EXPECT_EQ(gtp.session().board().at({2, 4}), go::Stone::kWhite);
  EXPECT_EQ(gtp("loadsgf " + (dir.path() / "missing").string()).rfind("? ", 0), 0u);
  const std::string wide = (dir.path() / "wide.sgf").string();
  std::ofstream(wide) << "(;GM[1]SZ[7:5])";
  EXPECT_EQ(gtp("loadsgf " + wide), "? a 7x5 board is not square (GTP boards are)");
}

// R1 R2 from the board solver's result for the first player: W 1 1, D 1 0 (seki), L 0 0.
std::string Expected(Result first) {
  return first == Result::W ? "1 1" : first == Result::D ? "1 0" : "0 0";
}

// analyze_semeai both ways and genmove on a race built on a square board, against the solver.
void CheckRace(const StackSpec& spec, const TempDir& dir, int& checked) {
  StackSpec square = spec;
  square.width = std::max(spec.width, StackRows(spec));
  square.height = square.width;
  const StackBoard b = BuildStack(square);
  const std::string diagram = go::DiagramText(b.board);
  SCOPED_TRACE(diagram);
  Gtp gtp;
  ASSERT_EQ(gtp("loadsgf " + WriteBoard(dir, b.board, "race.sgf")), "black");
  for (int first = 0; first < 2; ++first) {
    const go::Point a = b.groups[first], o = b.groups[1 - first];
    const char me = b.board.at(a) == go::Stone::kBlack ? 'X' : 'O';
    CaptureSolver solver(b.board, b.groups);
    const Result value = solver.Value(me);
    const std::string answer = gtp("analyze_semeai " + go::PointName(a) + " " + go::PointName(o));
    EXPECT_EQ(answer.substr(0, 3), Expected(value)) << answer << "\nsolver: " << solver.Line(me);
    ++checked;
    if (answer.substr(4) == "PASS") continue;
    // The move is legal and keeps the first player's result (the solver plays it first).
    const go::Point move =
        go::ParsePointName(answer.substr(4), b.board.width(), b.board.height(), "t");
    EXPECT_EQ(solver.MoveValue(me, move), std::optional<Result>(value))
        << answer << " (no value: an illegal move)";
    // genmove gives the same move when it gains over passing.
    const std::string colour = me == 'X' ? "B" : "W";
    EXPECT_EQ(gtp("reg_genmove " + colour), answer.substr(4) == "PASS" ? "pass" : answer.substr(4));
  }
}

TEST(Gtp, AnalyzeSemeaiAgreesWithTheBoardSolver) {
  const TempDir dir;
  int checked = 0;
  for (const StackSpec& cell : TwoGroupCells(2)) CheckRace(cell, dir, checked);
  std::printf("%d analyze_semeai answers checked against the board solver\n", checked);
  EXPECT_EQ(checked, 2 * 97);
}

TEST(Gtp, FinalStatusAndRefusals) {
  const TempDir dir;
  Gtp gtp;
  // The classic seki: both groups in seki, the four walls alive (they share their eyes).
  const go::Board classic = go::ReadDiagram(kClassicSeki, "t");
  go::Board square(7, 7);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 7; ++x) square.set({x, y}, classic.at({x, y}));
  ASSERT_EQ(gtp("loadsgf " + WriteBoard(dir, square, "seki.sgf")), "black");
  EXPECT_EQ(gtp("final_status_list seki"),
            "B5 C5 D5 E5 F5 B4 F4 B3 F3 B2 C2 D2 E2 F2\nE4 C3 D3 E3");
  EXPECT_EQ(gtp("final_status_list dead"), "");
  EXPECT_EQ(gtp("analyze_semeai E4 B5"), "1 0 PASS");
  EXPECT_EQ(gtp("genmove B"), "pass");
  EXPECT_EQ(gtp("final_status_list bogus"), "? syntax error");
  // Black wins whoever moves first (the eye): White's group dead, Black's alive.
  const go::Board eye = go::ReadDiagram(kBlackEye, "t");
  ASSERT_EQ(gtp("loadsgf " + WriteBoard(dir, eye, "eye.sgf")), "black");
  EXPECT_EQ(gtp("final_status_list dead"), "B6 C6 D6 E6 F6 B5 F5 B4 F4 B3 F3 B2 C2 D2 E2 F2");
  EXPECT_NE(gtp("final_status_list alive").find("\nD5 E5 C4 E4 C3 D3 E3\n"), std::string::npos);
  EXPECT_EQ(gtp("analyze_semeai D5 B6"), "1 1 C5");
  EXPECT_EQ(gtp("analyze_semeai B6 D5"), "0 0 PASS");
  EXPECT_EQ(gtp("analyze_semeai A1 B6"), "? A1 is empty");
  // Outside the model (an eye of four points each): the exact search decides by GO's rules
  // that both groups live (a straight four each); seki go's model refuses it.
  ASSERT_EQ(gtp("boardsize 4"), "");
  for (const char* move : {"B B1", "B B2", "B B3", "B B4", "W C1", "W C2", "W C3", "W C4"})
    gtp(std::string("play ") + move);
  EXPECT_EQ(gtp("analyze_semeai B1 C1"), "1 0 PASS");
  EXPECT_EQ(gtp("analyze_semeai C1 B1"), "1 0 PASS");
  EXPECT_EQ(gtp("genmove W"), "pass");
  EXPECT_NE(gtp("seki-analyze").find("? no group in the model"), std::string::npos);
}

// On an open board the exact search assumes the chains next to its region alive: analyze_semeai
// names them on the notes stream (standard error in `seki gtp`).
TEST(Gtp, NamesTheChainsItAssumesAlive) {
  const TempDir dir;
  Gtp gtp;
  std::ostringstream notes;
  gtp.session().set_notes(&notes);
  const go::Board classic = go::ReadDiagram(kClassicSeki, "t");
  go::Board open(13, 13);
  for (int y = 0; y < classic.height(); ++y)
    for (int x = 0; x < classic.width(); ++x) open.set({x + 3, y + 3}, classic.at({x, y}));
  ASSERT_EQ(gtp("loadsgf " + WriteBoard(dir, open, "open.sgf")), "black");
  EXPECT_EQ(gtp("analyze_semeai H7 E8"), "1 0 PASS");
  EXPECT_EQ(notes.str(), "seki: analyze_semeai H7 E8 assumes that B E9, B D8, B K8, B E4 live\n");
}

// A recorded session replayed: the same responses, byte for byte.
TEST(Gtp, RecordedSessionReplays) {
  const std::string dir = std::string(SEKI_SOURCE_DIR) + "/tests/gtp/";
  std::ifstream in(dir + "session.gtp");
  ASSERT_TRUE(in) << dir;
  SolveEngine engine;
  go::GtpSession session(engine, "test");
  std::ostringstream out;
  go::RunGtp(in, out, session);
  EXPECT_EQ(out.str(), ReadText(dir + "session.out"));
}

}  // namespace
}  // namespace seki::testing
