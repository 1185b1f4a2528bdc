// The GTP loop: preprocessing, ids, the commands and their responses.
#include "engine/go/gtp_session.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <istream>
#include <ostream>
#include <sstream>

#include "engine/base/input_error.hpp"
#include "engine/go/board_races.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_verdict.hpp"
#include "engine/go/sgf.hpp"

namespace seki::go {
namespace {

// A failed command: its message becomes the "? ..." response.
struct GtpFailure {
  std::string message;
};

std::string Lower(std::string text) {
  for (char& ch : text) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return text;
}

Stone Colour(const std::string& text) {
  const std::string c = Lower(text);
  if (c == "b" || c == "black") return Stone::kBlack;
  if (c == "w" || c == "white") return Stone::kWhite;
  throw GtpFailure{"invalid color"};
}

// The words of a refusal, without the "position: " that names the board in seki go's messages.
std::string Refusal(const InputError& e) {
  const std::string what = e.what();
  constexpr std::string_view kWhere = "position: ";
  return what.rfind(kWhere, 0) == 0 ? what.substr(kWhere.size()) : what;
}

std::string Vertices(const std::vector<std::vector<Point>>& chains) {
  std::string out;
  for (const std::vector<Point>& chain : chains) {
    std::string line;
    for (Point p : chain) line += (line.empty() ? "" : " ") + PointName(p);
    out += (out.empty() ? "" : "\n") + line;
  }
  return out;
}

int Integer(const std::string& text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) throw GtpFailure{"syntax error"};
  return value;
}

// A GTP int: a number from 0 up.
int Count(const std::string& text) {
  const int value = Integer(text);
  if (value < 0) throw GtpFailure{"syntax error"};
  return value;
}

void Arguments(const std::vector<std::string>& args, std::size_t count) {
  if (args.size() != count) throw GtpFailure{"syntax error"};
}

// A response (GTP 2, 2.6 and 2.7): "=[id] result" or "?[id] message": the status character, the
// command's id right after it (none when the command had none), a space, the text; it ends with
// an empty line and holds no other (runs of newlines inside become one). An empty result gives
// "= " or "=7 ", as GNU Go (the reference implementation) writes it.
std::string Response(char status, const std::string& id, const std::string& text) {
  std::string out = std::string(1, status) + id + " ";
  for (char ch : text)
    if (ch != '\n' || out.back() != '\n') out += ch;
  while (out.back() == '\n') out.pop_back();
  return out + "\n\n";
}

}  // namespace

const std::vector<std::string>& GtpSession::Commands() {
  static const std::vector<std::string> commands = {"protocol_version",
                                                    "name",
                                                    "version",
                                                    "known_command",
                                                    "list_commands",
                                                    "quit",
                                                    "boardsize",
                                                    "clear_board",
                                                    "komi",
                                                    "play",
                                                    "genmove",
                                                    "time_settings",
                                                    "time_left",
                                                    "set_free_handicap",
                                                    "reg_genmove",
                                                    "undo",
                                                    "loadsgf",
                                                    "showboard",
                                                    "final_status_list",
                                                    "analyze_semeai",
                                                    "seki-analyze",
                                                    "gogui-analyze_commands"};
  return commands;
}

GtpSession::GtpSession(SolveEngine& engine, std::string version)
    : engine_(engine), version_(std::move(version)), board_(19, 19) {}

std::string GtpSession::Handle(std::string_view line) {
  // Preprocessing (GTP 2, 2.3): control characters but tab and newline go, tabs become spaces,
  // a comment (from '#') goes.
  std::string text;
  for (char ch : line) {
    if (ch == '#') break;
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '\t')
      text += ' ';
    else if (byte >= 32 && byte != 127)
      text += ch;
  }
  std::istringstream words(text);
  std::vector<std::string> tokens;
  for (std::string w; words >> w;) tokens.push_back(w);
  if (tokens.empty()) return "";
  std::string id;
  if (std::all_of(tokens.front().begin(), tokens.front().end(),
                  [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); })) {
    id = tokens.front();
    tokens.erase(tokens.begin());
    if (tokens.empty()) return Response('?', id, "syntax error");
  }
  const std::string command = tokens.front();
  tokens.erase(tokens.begin());
  try {
    return Response('=', id, Run(command, tokens));
  } catch (const GtpFailure& f) {
    return Response('?', id, f.message);
  } catch (const InputError& e) {
    return Response('?', id, Refusal(e));
  } catch (const Stopped& e) {
    return Response('?', id, "stopped: " + OneLine(e.what()));
  }
}

std::string GtpSession::Run(const std::string& command, const std::vector<std::string>& args) {
  if (command == "protocol_version") return "2";
  if (command == "name") return "seki";
  if (command == "version") return version_;
  if (command == "known_command") {
    Arguments(args, 1);
    const auto& all = Commands();
    return std::find(all.begin(), all.end(), args[0]) != all.end() ? "true" : "false";
  }
  if (command == "list_commands") {
    std::string out;
    for (const std::string& c : Commands()) out += (out.empty() ? "" : "\n") + c;
    return out;
  }
  if (command == "quit") {
    quit_ = true;
    return "";
  }
  if (command == "boardsize") {
    Arguments(args, 1);
    const int size = Integer(args[0]);
    if (size < 2 || size > kMaxBoardSize) throw GtpFailure{"unacceptable size"};
    board_ = Board(size, size);
    history_.clear();
    return "";
  }
  if (command == "clear_board") {
    board_ = Board(board_.width(), board_.height());
    history_.clear();
    return "";
  }
  if (command == "komi") {
    Arguments(args, 1);
    std::istringstream in(args[0]);
    if (!(in >> komi_) || !in.eof()) throw GtpFailure{"syntax error"};
    return "";
  }
  if (command == "play") {
    Arguments(args, 2);
    return Play(Colour(args[0]), args[1]);
  }
  if (command == "genmove" || command == "reg_genmove") {
    Arguments(args, 1);
    return GenMove(Colour(args[0]), command == "genmove");
  }
  if (command == "time_settings") {  // accepted and ignored: the engine's time is not controlled
    Arguments(args, 3);
    for (const std::string& a : args) Count(a);
    return "";
  }
  if (command == "time_left") {
    Arguments(args, 3);
    Colour(args[0]);
    Count(args[1]);
    Count(args[2]);
    return "";
  }
  if (command == "set_free_handicap") return SetFreeHandicap(args);
  if (command == "undo") {
    if (history_.empty()) throw GtpFailure{"cannot undo"};
    board_ = history_.back().before;
    history_.pop_back();
    return "";
  }
  if (command == "loadsgf") return LoadSgf(args);
  if (command == "showboard") return "\n" + DiagramText(board_);
  if (command == "final_status_list") {
    Arguments(args, 1);
    return FinalStatusList(Lower(args[0]));
  }
  if (command == "analyze_semeai") return AnalyzeSemeai(args);
  if (command == "seki-analyze") return Analyse();
  if (command == "gogui-analyze_commands")
    return "string/Seki: the race (seki go)/seki-analyze\n"
           "plist/Seki: dead stones/final_status_list dead\n"
           "plist/Seki: seki stones/final_status_list seki\n"
           "plist/Seki: alive stones/final_status_list alive\n"
           "string/Seki: analyze_semeai/analyze_semeai %p %p";
  throw GtpFailure{"unknown command"};
}

Point GtpSession::Vertex(const std::string& text) const {
  try {
    return ParsePointName(text, board_.width(), board_.height(), "vertex");
  } catch (const InputError&) {
    throw GtpFailure{"invalid coordinate"};
  }
}

std::string GtpSession::Play(Stone colour, const std::string& vertex) {
  if (Lower(vertex) == "pass") {
    history_.push_back({board_, colour, true});
    return "";
  }
  const Point p = Vertex(vertex);
  if (board_.at(p) != Stone::kEmpty) throw GtpFailure{"illegal move"};
  Board next = board_;
  PlayMove(next, p, colour, "play");
  if (next.at(p) == Stone::kEmpty) throw GtpFailure{"illegal move"};  // suicide
  // The ko rule: no move may bring back the position before the opponent's last move.
  if (!history_.empty() && next == history_.back().before) throw GtpFailure{"illegal move"};
  history_.push_back({board_, colour, false});
  board_ = next;
  return "";
}

std::string GtpSession::SetFreeHandicap(const std::vector<std::string>& args) {
  for (int i = 0; i < board_.size(); ++i)
    if (board_.at(board_.PointAt(i)) != Stone::kEmpty) throw GtpFailure{"board not empty"};
  if (args.size() < 2 || int(args.size()) > board_.size() - 1) throw GtpFailure{"bad vertex list"};
  Board next = board_;
  for (const std::string& vertex : args) {
    Point p;
    try {
      p = Vertex(vertex);
    } catch (const GtpFailure&) {
      throw GtpFailure{"bad vertex list"};
    }
    if (next.at(p) != Stone::kEmpty) throw GtpFailure{"bad vertex list"};  // repeated
    next.set(p, Stone::kBlack);
  }
  board_ = next;
  history_.clear();  // handicap stones are not moves: undo does not take them back
  return "";
}

std::string GtpSession::GenMove(Stone colour, bool play) {
  const bool after_pass =
      !history_.empty() && history_.back().pass && history_.back().colour != colour;
  const std::optional<Point> move = BestMove(board_, colour, after_pass, engine_);
  const std::string vertex = move ? PointName(*move) : "pass";
  if (play) Play(colour, vertex);
  return vertex;
}

std::string GtpSession::LoadSgf(const std::vector<std::string>& args) {
  if (args.empty() || args.size() > 2) throw GtpFailure{"syntax error"};
  const int before = args.size() == 2 ? Integer(args[1]) : 0;
  const SgfPosition position = ReadSgfPosition(ReadTextFile(args[0]), args[0], before);
  if (position.board.width() != position.board.height())
    throw GtpFailure{"a " + std::to_string(position.board.width()) + "x" +
                     std::to_string(position.board.height()) +
                     " board is not square (GTP boards are)"};
  board_ = position.board;
  history_.clear();
  return position.last == Stone::kBlack ? "white" : "black";
}

std::string GtpSession::FinalStatusList(const std::string& status) {
  const Statuses s = FinalStatuses(board_, engine_);
  if (status == "alive") return Vertices(s.alive);
  if (status == "dead") return Vertices(s.dead);
  if (status == "seki") return Vertices(s.seki);
  throw GtpFailure{"syntax error"};
}

std::string GtpSession::AnalyzeSemeai(const std::vector<std::string>& args) {
  Arguments(args, 2);
  const SemeaiAnswer a = go::AnalyzeSemeai(board_, Vertex(args[0]), Vertex(args[1]), engine_);
  if (notes_ && !a.assumed.empty()) {
    std::string names;
    for (const Chain& c : a.assumed) names += (names.empty() ? "" : ", ") + ChainName(c);
    *notes_ << "seki: analyze_semeai " << args[0] << ' ' << args[1] << " assumes that " << names
            << (a.assumed.size() == 1 ? " lives" : " live") << std::endl;
  }
  return std::string(a.keeps ? "1" : "0") + " " + (a.captures ? "1" : "0") + " " +
         (a.move ? PointName(*a.move) : "PASS");
}

std::string GtpSession::Analyse() {
  const GoModel model = ExtractModel(board_, {}, "position");
  return "\n" + GoAnalysisText(AnalyseGo(model, engine_, "position"));
}

void RunGtp(std::istream& in, std::ostream& out, GtpSession& session) {
  for (std::string line; !session.quit() && std::getline(in, line);) {
    const std::string response = session.Handle(line);
    if (!response.empty()) out << response << std::flush;
  }
}

}  // namespace seki::go
