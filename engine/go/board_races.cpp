#include "engine/go/board_races.hpp"

#include <algorithm>

#include "engine/base/input_error.hpp"
#include "engine/base/stopped.hpp"
#include "engine/go/benson.hpp"
#include "engine/solve/play.hpp"

namespace seki::go {
namespace {

Player PlayerOf(Stone colour) { return colour == Stone::kBlack ? Player::kR : Player::kC; }

// The groups of `model` linked through a shared liberty or touching stones, each set as the points
// of a selection (a stone of each group).
std::vector<std::vector<Point>> Components(const GoModel& model) {
  const int m = int(model.white.size()), n = int(model.black.size());
  std::vector<int> part(m + n);
  for (int k = 0; k < m + n; ++k) part[k] = k;
  const auto find = [&](int k) {
    while (part[k] != k) k = part[k] = part[part[k]];
    return k;
  };
  const ChainMap map = FindChains(model.board);
  std::vector<int> group_of(map.chains.size(), -1);
  for (int i = 0; i < m; ++i)
    group_of[map.chain_of[model.board.Index(model.white[i].stones[0])]] = i;
  for (int j = 0; j < n; ++j)
    group_of[map.chain_of[model.board.Index(model.black[j].stones[0])]] = m + j;
  for (const SharedLiberty& l : model.liberties) part[find(l.row)] = find(m + l.col);
  for (int i = 0; i < m; ++i)
    for (Point s : model.white[i].stones)
      for (Point q : model.board.Neighbours(s))
        if (const int c = map.chain_of[model.board.Index(q)]; c >= 0 && group_of[c] >= m)
          part[find(i)] = find(group_of[c]);
  std::vector<std::vector<Point>> out;
  std::vector<int> index(m + n, -1);
  for (int k = 0; k < m + n; ++k) {
    const int root = find(k);
    if (index[root] < 0) index[root] = int(out.size()), out.emplace_back();
    out[index[root]].push_back(k < m ? model.white[k].stones[0] : model.black[k - m].stones[0]);
  }
  return out;
}

GoModel ModelOf(const Board& board, const std::vector<Point>& points) {
  GoSelection selection;
  selection.kind = GoSelection::Kind::kPoints;
  selection.points = points;
  return ExtractModel(board, selection, "position");
}

bool HoldsChain(const std::vector<Chain>& chains, Point p) {
  for (const Chain& c : chains)
    if (std::find(c.stones.begin(), c.stones.end(), p) != c.stones.end()) return true;
  return false;
}

// The group the line ends by capturing (no liberty in its last position; when a group of each
// colour has none, the mover's capture comes first): its first stone.
std::optional<Point> Captured(const GoModel& race, const RaceLine& line) {
  if (line.steps.empty() || line.steps.back().pass) return std::nullopt;
  const RaceStep& last = line.steps.back();
  std::optional<Point> white, black;
  for (int i = 0; i < last.after.rows(); ++i)
    if (last.after.row_liberties(i) == 0) white = race.white[i].stones[0];
  for (int j = 0; j < last.after.cols(); ++j)
    if (last.after.col_liberties(j) == 0) black = race.black[j].stones[0];
  if (white && black) return last.player == Player::kR ? white : black;
  return white ? white : black;
}

// The race's report (moves and lines), refused or stopped in the one wording of SolveEngine.
RaceReport Decide(const GoModel& race, SolveEngine& engine) {
  return engine.Guarded("position", [&] {
    engine.Check(race.race, "position");
    return engine.Report(race.race, true);
  });
}

std::string ResultWord(Result r) {
  return r == Result::W ? "captures" : r == Result::D ? "nobody captures" : "is captured";
}

// The fight of `targets` decided by the local search (DecideOnBoard); a ko or a search past its
// limits is an InputError. `used`: the fight it decided.
FightAnswer Search(const Board& board, const std::vector<Point>& targets, Stone to_move,
                   bool after_pass, SolveEngine& engine, GoFight& used) {
  FightAnswer f;
  try {
    f = DecideOnBoard(board, targets, to_move, after_pass, LimitsOf(engine), "position", used);
  } catch (const Stopped& e) {
    if (e.interrupted()) throw;
    throw InputError("position", std::string("the exact search gave up: ") + e.what());
  }
  if (f.ko) {
    const std::string side = to_move == Stone::kBlack ? "Black" : "White";
    if (f.ko_black == f.ko_white)
      throw InputError("position", "the fight is a ko: " + side + " to play " +
                                       ResultWord(f.ko_black) +
                                       " whoever a repetition loses for, but by different moves");
    throw InputError("position", "the fight is a ko: " + side + " to play " +
                                     ResultWord(f.ko_black) + " if a repetition loses for Black, " +
                                     ResultWord(f.ko_white) + " if it loses for White");
  }
  return f;
}

// The targets of a race's fight: a stone of each group.
std::vector<Point> Targets(const GoModel& race) {
  std::vector<Point> targets;
  for (const auto* side : {&race.white, &race.black})
    for (const Chain& c : *side) targets.push_back(c.stones.front());
  return targets;
}

}  // namespace

std::vector<GoModel> RacesOn(const Board& board) {
  GoModel all;
  try {
    all = ExtractModel(board, {}, "position");
  } catch (const InputError&) {
    return {};
  }
  std::vector<GoModel> races;
  for (const std::vector<Point>& part : Components(all)) races.push_back(ModelOf(board, part));
  return races;
}

GoModel RaceOf(const Board& board, Point a, Point b) {
  for (Point p : {a, b})
    if (board.at(p) == Stone::kEmpty) throw InputError("position", PointName(p) + " is empty");
  if (board.at(a) == board.at(b))
    throw InputError("position", PointName(a) + " and " + PointName(b) + " are both " +
                                     ColourName(board.at(a)) + " (a race is between colours)");
  for (GoModel& race : RacesOn(board)) {
    const auto& side_a = board.at(a) == Stone::kWhite ? race.white : race.black;
    const auto& side_b = board.at(b) == Stone::kWhite ? race.white : race.black;
    if (HoldsChain(side_a, a) && HoldsChain(side_b, b)) return std::move(race);
  }
  return ModelOf(board, {a, b});
}

RaceMoveChoice ChooseMove(const GoModel& race, Stone colour, bool after_pass, SolveEngine& engine) {
  const Player player = PlayerOf(colour);
  const RaceReport report = Decide(race, engine);
  const RaceGameReport& seki = report[Game::kSeki];
  RaceMoveChoice choice;
  choice.best = seki.outcome.active(player);
  choice.pass = PassResult(seki.outcome, player, after_pass);
  if (choice.best <= choice.pass) return choice;
  // Of the moves that keep the result, as GO players fill a race: the opponent's outside
  // liberties and eyes first, then the shared liberties, then one's own.
  const auto rank = [&](RaceMoveKind kind) {
    const bool rows = player == Player::kR;  // Black's opponents are the rows (white groups)
    if (kind == (rows ? RaceMoveKind::kRowOutside : RaceMoveKind::kColOutside)) return 0;
    if (kind == (rows ? RaceMoveKind::kRowEye : RaceMoveKind::kColEye)) return 1;
    return kind == RaceMoveKind::kEntry ? 2 : 3;
  };
  const RaceMoveRow* chosen = nullptr;
  for (const RaceMoveRow& row : seki.moves)
    if ((player == Player::kR ? row.for_r : row.for_c) == choice.best &&
        (!chosen || rank(row.move.kind) < rank(chosen->move.kind)))
      chosen = &row;
  if (chosen) choice.move = race.MovePoints(chosen->move).front();
  return choice;
}

std::optional<Point> BestMove(const Board& board, Stone colour, bool after_pass,
                              SolveEngine& engine) {
  std::optional<Point> best;
  int gain = 0;
  for (const GoModel& race : RacesOn(board)) {
    const GoFight fight = FightOfRace(race);
    RaceMoveChoice c;
    if (ModelDecides(race, fight)) {
      c = ChooseMove(race, colour, after_pass, engine);
    } else {
      try {
        GoFight used;
        const FightAnswer f = Search(board, Targets(race), colour, after_pass, engine, used);
        c = {f.move, f.result, f.pass};
      } catch (const InputError&) {
        continue;  // a ko, or past the search's limits: no move is proven here
      }
    }
    const int g = int(c.best) - int(c.pass);
    if (c.move && g > gain) best = c.move, gain = g;
  }
  return best;
}

FightLimits LimitsOf(const SolveEngine& engine) {
  FightLimits limits;
  limits.memory_bytes = engine.memory_bytes();
  limits.stop = engine.stop();
  return limits;
}

SemeaiAnswer AnalyzeSemeai(const Board& board, Point a, Point b, SolveEngine& engine) {
  for (Point p : {a, b})
    if (board.at(p) == Stone::kEmpty) throw InputError("position", PointName(p) + " is empty");
  if (board.at(a) == board.at(b))
    throw InputError("position", PointName(a) + " and " + PointName(b) + " are both " +
                                     ColourName(board.at(a)) + " (a race is between colours)");
  const GoFight fight = FightOf(board, {a, b}, "position");
  std::optional<GoModel> race;
  try {
    race = ModelOf(board, {a, b});
  } catch (const InputError&) {
  }
  SemeaiAnswer answer;
  if (race && ModelDecides(*race, fight)) {
    const Player first = PlayerOf(board.at(a));
    const RaceReport report = Decide(*race, engine);
    const RaceLine& line = report[Game::kSeki].lines[first == Player::kR ? 0 : 1];
    const std::optional<Point> captured = Captured(*race, line);
    const ChainMap map = FindChains(board);
    const auto chain = [&](Point p) { return map.chain_of[board.Index(p)]; };
    const bool a_captured = captured && chain(*captured) == chain(a);
    answer.keeps = line.result != Result::L || !a_captured;
    answer.captures = line.result == Result::W && captured && chain(*captured) == chain(b);
    answer.move = ChooseMove(*race, board.at(a), false, engine).move;
    answer.assumed = fight.assumed;
    return answer;
  }
  GoFight used;
  const FightAnswer f = Search(board, {a, b}, board.at(a), false, engine, used);
  answer.searched = true;
  answer.assumed = used.assumed;
  answer.keeps = f.result != Result::L;
  answer.captures = f.result == Result::W;
  answer.move = f.move;
  answer.line = f.line;
  return answer;
}

Statuses FinalStatuses(const Board& board, SolveEngine& engine) {
  Statuses out;
  const ChainMap map = FindChains(board);
  const std::vector<char> alive = UnconditionallyAlive(board, map);
  for (int c = 0; c < int(map.chains.size()); ++c)
    if (alive[c]) out.alive.push_back(map.chains[c].stones);
  for (const GoModel& race : RacesOn(board)) {
    const GoFight fight = FightOfRace(race);
    Outcome o;
    if (ModelDecides(race, fight)) {
      o = Decide(race, engine)[Game::kSeki].outcome;
    } else {
      try {
        GoFight used;
        o.R = Search(board, Targets(race), Stone::kBlack, false, engine, used).result;
        o.C = Search(board, Targets(race), Stone::kWhite, false, engine, used).result;
      } catch (const InputError&) {
        continue;  // a ko, or past the search's limits: nothing decided here
      }
    }
    const auto stones = [](const std::vector<Chain>& chains, std::vector<std::vector<Point>>& to) {
      for (const Chain& c : chains) to.push_back(c.stones);
    };
    if (o.R == Result::D && o.C == Result::D) {
      stones(race.white, out.seki);
      stones(race.black, out.seki);
    } else if (o.R == Result::W && o.C == Result::L && race.white.size() == 1) {
      stones(race.white, out.dead);
      stones(race.black, out.alive);
    } else if (o.R == Result::L && o.C == Result::W && race.black.size() == 1) {
      stones(race.black, out.dead);
      stones(race.white, out.alive);
    }
  }
  for (auto* list : {&out.alive, &out.dead, &out.seki})
    std::sort(list->begin(), list->end(),
              [](const auto& x, const auto& y) { return ReadingBefore(x.front(), y.front()); });
  return out;
}

}  // namespace seki::go
