#include "engine/go/go_verdict.hpp"

#include <fmt/format.h>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"

namespace seki::go {
namespace {

const char* Side(Player p) { return p == Player::kR ? "Black" : "White"; }

std::string Join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(sep)) + p;
  return out;
}

std::string Points(const std::vector<Point>& points) {
  std::vector<std::string> names;
  for (Point p : points) names.push_back(PointName(p));
  return Join(names, " ");
}

// The liberties where `p` may fill with the given result (SEKI), as "E5 F5".
std::string FillsWith(const GoAnalysis& a, Player p, Result value) {
  std::vector<Point> out;
  for (const MoveRow& m : a.report[Game::kSeki].moves)
    if ((p == Player::kR ? m.for_r : m.for_c) == value)
      for (Point q : a.model.EntryLiberties(m.row, m.col)) out.push_back(q);
  return Points(out);
}

std::string Ending(const GoModel& m, const PlayLine& line) {
  if (line.steps.empty() || line.steps.back().pass) return "both pass: the groups live in seki";
  const PlayStep& last = line.steps.back();
  const Matrix& after = last.after;
  int row = -1, col = -1;
  for (int i = 0; i < after.rows(); ++i) {
    int sum = 0;
    for (int j = 0; j < after.cols(); ++j) sum += after(i, j);
    if (sum == 0) row = i;
  }
  for (int j = 0; j < after.cols(); ++j) {
    int sum = 0;
    for (int i = 0; i < after.rows(); ++i) sum += after(i, j);
    if (sum == 0) col = j;
  }
  const std::string mover = Side(last.player);
  if (row >= 0 && col >= 0)
    return line.ending.rfind("draw", 0) == 0
               ? "draw: " + m.RowName(row) + " and " + m.ColName(col) +
                     " lose their last liberty together (D-SEKI)"
               : mover + " captures " +
                     (last.player == Player::kR ? m.RowName(row) : m.ColName(col)) +
                     " (the capture comes first)";
  if (row >= 0) return "Black captures " + m.RowName(row);
  return "White captures " + m.ColName(col);
}

std::string FirstResult(Player p, Result x) {
  const std::string s = Side(p), o = Side(Opponent(p));
  if (x == Result::W) return s + " moving first captures";
  if (x == Result::D) return s + " moving first gets a seki (nobody captures)";
  return s + " moving first cannot help it: every fill loses, and after a pass " + o + " captures";
}

std::string Verdict(const GoAnalysis& a) {
  const Outcome& o = a.report[Game::kSeki].outcome;
  switch (o.seki_class()) {
    case SekiClass::kComplete:
      return "Complete seki: whoever fills a shared liberty first loses a group (the other "
             "captures), so both pass and the groups live.";
    case SekiClass::kSemiComplete: {
      const Player free = o.r == Result::L ? Player::kC : Player::kR;
      return fmt::format(
          "Semi-complete seki: {} must not fill any shared liberty; {} may fill {} safely (and "
          "must not fill the others); with correct play the groups live in seki.",
          Side(Opponent(free)), Side(free), FillsWith(a, free, Result::D));
    }
    case SekiClass::kSeki:
      return fmt::format(
          "Seki (not complete): Black may fill {} safely, White {}; with correct play nobody "
          "captures.",
          FillsWith(a, Player::kR, Result::D), FillsWith(a, Player::kC, Result::D));
    case SekiClass::kNone:
      break;
  }
  std::string who;
  if (o.R == Result::W && o.C == Result::L) who = " Black captures whoever moves first.";
  if (o.R == Result::L && o.C == Result::W) who = " White captures whoever moves first.";
  if (o.R == Result::W && o.C == Result::W) who = " Whoever moves first captures.";
  return "Not a seki: " + FirstResult(Player::kR, o.R) + "; " + FirstResult(Player::kC, o.C) + "." +
         who;
}

std::string Values(const Outcome& o) {
  return fmt::format("R={} C={} r={} c={}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c));
}

}  // namespace

GoLine LineOnBoard(const GoModel& model, const PlayLine& line) {
  GoLine out;
  out.result = line.result;
  std::vector<int> used(kMaxDim * kMaxDim, 0);
  for (const PlayStep& step : line.steps) {
    GoStep s{step.player == Player::kR ? Stone::kBlack : Stone::kWhite, step.pass, {}};
    if (!step.pass)
      s.at = model.EntryLiberties(step.row, step.col)[used[step.row * kMaxDim + step.col]++];
    out.steps.push_back(s);
  }
  out.ending = Ending(model, line);
  return out;
}

std::string GoLineMoves(const GoLine& line) {
  std::vector<std::string> moves;
  for (const GoStep& s : line.steps)
    moves.push_back(std::string(s.colour == Stone::kBlack ? "B " : "W ") +
                    (s.pass ? "pass" : PointName(s.at)));
  return moves.empty() ? "both pass" : Join(moves, ", ");
}

GoAnalysis AnalyseGo(const GoModel& model, SolveEngine& engine, std::string_view where) {
  GoAnalysis a;
  a.model = model;
  const std::string at(where);
  try {
    engine.Guarded(at, [&] {
      engine.Check(model.matrix, at);
      a.report = engine.Report(model.matrix, true);
    });
  } catch (const SearchStopped&) {  // the stop flag: every other stop is said by Guarded
    throw InputError(at, "interrupted");
  }
  for (const PlayLine& line : a.report[Game::kSeki].lines)
    a.lines.push_back(LineOnBoard(model, line));
  a.verdict = Verdict(a);
  const Outcome& d = a.report[Game::kDSeki].outcome;
  a.dseki = fmt::format(
      "D-SEKI (a move that takes the last liberty of a group of each colour is a draw): {}; {}.",
      ClassLabel(Game::kDSeki, d.seki_class()), Values(d));
  if (model.white.size() > 1 || model.black.size() > 1)
    a.parting =
        "GO may differ: with more than one group on a side, a player may sacrifice a group to "
        "capture a larger one and play on (the paper's Fig. 3, Remark 2.2); the verdict is the "
        "game's, which ends at the first capture.";
  return a;
}

std::string GoAnalysisText(const GoAnalysis& a) {
  const GoModel& m = a.model;
  std::string out = fmt::format("Board {}x{}; {} white and {} black groups\n", m.board.width(),
                                m.board.height(), m.white.size(), m.black.size());
  for (int i = 0; i < int(m.white.size()); ++i)
    out += fmt::format("  row {}: {} ({} stones)\n", i + 1, m.RowName(i), m.white[i].stones.size());
  for (int j = 0; j < int(m.black.size()); ++j)
    out +=
        fmt::format("  column {}: {} ({} stones)\n", j + 1, m.ColName(j), m.black[j].stones.size());
  out += "Matrix " + FormatMatrix(m.matrix) + " (rows: white groups, columns: black groups)\n";
  for (int i = 0; i < m.matrix.rows(); ++i)
    for (int j = 0; j < m.matrix.cols(); ++j)
      if (m.matrix(i, j) > 0)
        out += fmt::format("  A({},{}) = {}: {}\n", i + 1, j + 1, m.matrix(i, j),
                           Points(m.EntryLiberties(i, j)));
  const Outcome& o = a.report[Game::kSeki].outcome;
  out += fmt::format("SEKI: {}; {} (R is Black, C is White)\n",
                     ClassLabel(Game::kSeki, o.seki_class()), Values(o));
  out += a.dseki + "\n";
  out += "Verdict: " + a.verdict + "\n";
  if (!a.parting.empty()) out += a.parting + "\n";
  out += "Moves (SEKI: the result for the player who fills the point):\n";
  for (const MoveRow& r : a.report[Game::kSeki].moves)
    for (Point p : m.EntryLiberties(r.row, r.col))
      out += fmt::format("  {:<4} A({},{})  Black {}  White {}\n", PointName(p), r.row + 1,
                         r.col + 1, Letter(r.for_r), Letter(r.for_c));
  for (std::size_t k = 0; k < a.lines.size(); ++k)
    out += fmt::format("{} first: {} -> {}\n", k == 0 ? "Black" : "White", GoLineMoves(a.lines[k]),
                       a.lines[k].ending);
  return out;
}

SgfRecord AnalysisRecord(const GoAnalysis& a, std::string_view name) {
  SgfRecord r;
  r.board = a.model.board;
  r.game_name = std::string(name);
  r.comment = "seki: matrix " + FormatMatrix(a.model.matrix) +
              " (rows: white groups, columns: black groups; labels i,j: a liberty of entry "
              "A(i,j)).\n" +
              a.verdict + "\n" + a.dseki + (a.parting.empty() ? "" : "\n" + a.parting);
  r.labels = EntryLabels(a.model);
  for (std::size_t k = 0; k < a.lines.size(); ++k) {
    std::vector<SgfMove> moves;
    for (const GoStep& s : a.lines[k].steps) moves.push_back({s.colour, s.pass, s.at, ""});
    const std::string note =
        std::string(k == 0 ? "Black" : "White") + " first (SEKI): " + a.lines[k].ending;
    if (moves.empty()) moves.push_back({k == 0 ? Stone::kBlack : Stone::kWhite, true, {}, ""});
    moves.back().comment = note;
    r.variations.push_back(std::move(moves));
  }
  return r;
}

}  // namespace seki::go
