#include "engine/go/go_verdict.hpp"

#include <fmt/format.h>

#include <map>
#include <tuple>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/race_text.hpp"
#include "engine/go/benson.hpp"

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
  for (const RaceMoveRow& m : a.report[Game::kSeki].moves)
    if ((p == Player::kR ? m.for_r : m.for_c) == value)
      for (Point q : a.model.MovePoints(m.move)) out.push_back(q);
  return Points(out);
}

std::string Ending(const GoModel& m, const RaceLine& line) {
  if (line.steps.empty() || line.steps.back().pass) return "both pass: the groups live in seki";
  const RaceStep& last = line.steps.back();
  const Race& after = last.after;
  int row = -1, col = -1;
  for (int i = 0; i < after.rows(); ++i)
    if (after.row_liberties(i) == 0) row = i;
  for (int j = 0; j < after.cols(); ++j)
    if (after.col_liberties(j) == 0) col = j;
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
  // The paper's game has shared liberties only; a race has outside liberties or an eye too.
  const std::string any = a.model.race.plain() ? "fills a shared liberty" : "plays on a liberty";
  switch (o.seki_class()) {
    case SekiClass::kComplete:
      return "Complete seki: whoever " + any +
             " first loses a group (the other captures), so both pass and the groups live.";
    case SekiClass::kSemiComplete: {
      const Player free = o.r == Result::L ? Player::kC : Player::kR;
      return fmt::format(
          "Semi-complete seki: {} must not {}; {} may fill {} safely (and "
          "must not fill the others); with correct play the groups live in seki.",
          Side(Opponent(free)),
          a.model.race.plain() ? "fill any shared liberty" : "play on any liberty of the groups",
          Side(free), FillsWith(a, free, Result::D));
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

GoLine LineOnBoard(const GoModel& model, const RaceLine& line) {
  GoLine out;
  out.result = line.result;
  std::map<std::tuple<RaceMoveKind, int, int>, int> used;  // moves so far at each place
  for (const RaceStep& step : line.steps) {
    GoStep s{step.player == Player::kR ? Stone::kBlack : Stone::kWhite, step.pass, {}};
    if (!step.pass)
      s.at = model.MovePoints(step.move)[used[{step.move.kind, step.move.row, step.move.col}]++];
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
      engine.Check(model.race, at);
      a.report = engine.Report(model.race, true);
    });
  } catch (const Stopped&) {  // the stop flag: every other stop is said by Guarded
    throw InputError(at, "interrupted");
  }
  for (const RaceLine& line : a.report[Game::kSeki].lines)
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
  a.fight = DecideByFight(model, engine);
  a.assumed_walls = WallsAssumedAlive(model);
  if (!a.assumed_walls.empty()) {
    std::vector<std::string> names;
    for (const Chain& w : a.assumed_walls) names.push_back(ChainName(w));
    a.walls = fmt::format(
        "The verdict assumes that the wall{} {} live{}: {} not unconditionally alive (Benson's "
        "algorithm), and the model needs the stones around the groups to live.",
        names.size() == 1 ? "" : "s", Join(names, ", "), names.size() == 1 ? "s" : "",
        names.size() == 1 ? "it is" : "they are");
  }
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
  if (!m.race.plain()) {
    out += "Outside liberties and eyes (race " + FormatRace(m.race) + "):\n";
    for (const RaceMove move : RaceMoves(m.race)) {
      if (move.kind == RaceMoveKind::kEntry) continue;
      const std::string group = move.row >= 0 ? m.RowName(move.row) : m.ColName(move.col);
      out += fmt::format("  {} = {} ({}): {}\n", PlaceLabel(move), MovesLeft(m.race, move), group,
                         Points(m.MovePoints(move)));
    }
  }
  const Outcome& o = a.report[Game::kSeki].outcome;
  out += fmt::format("SEKI: {}; {} (R is Black, C is White)\n",
                     ClassLabel(Game::kSeki, o.seki_class()), Values(o));
  out += a.dseki + "\n";
  out +=
      (a.fight ? "The model's verdict (not GO's answer here): " : "Verdict: ") + a.verdict + "\n";
  if (!a.parting.empty()) out += a.parting + "\n";
  if (!a.walls.empty()) out += "Walls: " + a.walls + "\n";
  out += "Moves (SEKI: the result for the player who fills the point):\n";
  const auto result = [](std::optional<Result> x) { return x ? Letter(*x) : '-'; };
  for (const RaceMoveRow& r : a.report[Game::kSeki].moves)
    for (Point p : m.MovePoints(r.move))
      out += fmt::format("  {:<4} {:<6}  Black {}  White {}\n", PointName(p), PlaceLabel(r.move),
                         result(r.for_r), result(r.for_c));
  for (std::size_t k = 0; k < a.lines.size(); ++k)
    out += fmt::format("{} first: {} -> {}\n", k == 0 ? "Black" : "White", GoLineMoves(a.lines[k]),
                       a.lines[k].ending);
  if (a.fight) out += FightVerdictText(*a.fight);
  return out;
}

SgfRecord AnalysisRecord(const GoAnalysis& a, std::string_view name) {
  SgfRecord r;
  r.board = a.model.board;
  r.game_name = std::string(name);
  const bool plain = a.model.race.plain();
  r.comment =
      (plain ? "seki: matrix " : "seki: race ") + FormatRace(a.model.race) +
      " (rows: white groups, columns: black groups; labels i,j: a liberty of entry " +
      (plain ? "A(i,j)"
             : "A(i,j), pi/qj an outside liberty and ei/fj the eye of white/black group i/j") +
      ").\n" + a.verdict + "\n" + a.dseki + (a.parting.empty() ? "" : "\n" + a.parting) +
      (a.walls.empty() ? "" : "\n" + a.walls) + (a.fight ? "\n" + FightVerdictText(*a.fight) : "");
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
