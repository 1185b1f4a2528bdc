#include "engine/go/board_races.hpp"

#include <algorithm>

#include "engine/base/input_error.hpp"
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
  for (const RaceMoveRow& row : seki.moves)
    if ((player == Player::kR ? row.for_r : row.for_c) == choice.best) {
      choice.move = race.MovePoints(row.move).front();
      break;
    }
  return choice;
}

std::optional<Point> BestMove(const Board& board, Stone colour, bool after_pass,
                              SolveEngine& engine) {
  std::optional<Point> best;
  int gain = 0;
  for (const GoModel& race : RacesOn(board)) {
    const RaceMoveChoice c = ChooseMove(race, colour, after_pass, engine);
    const int g = int(c.best) - int(c.pass);
    if (c.move && g > gain) best = c.move, gain = g;
  }
  return best;
}

SemeaiAnswer AnalyzeSemeai(const Board& board, Point a, Point b, SolveEngine& engine) {
  const GoModel race = RaceOf(board, a, b);
  const Player first = PlayerOf(board.at(a));
  const RaceReport report = Decide(race, engine);
  const RaceGameReport& seki = report[Game::kSeki];
  const RaceLine& line = seki.lines[first == Player::kR ? 0 : 1];
  const std::optional<Point> captured = Captured(race, line);
  const ChainMap map = FindChains(board);
  const auto chain = [&](Point p) { return map.chain_of[board.Index(p)]; };
  const bool a_captured = captured && chain(*captured) == chain(a);
  SemeaiAnswer answer;
  answer.keeps = line.result != Result::L || !a_captured;
  answer.captures = line.result == Result::W && captured && chain(*captured) == chain(b);
  answer.move = ChooseMove(race, board.at(a), false, engine).move;
  return answer;
}

Statuses FinalStatuses(const Board& board, SolveEngine& engine) {
  Statuses out;
  const ChainMap map = FindChains(board);
  const std::vector<char> alive = UnconditionallyAlive(board, map);
  for (int c = 0; c < int(map.chains.size()); ++c)
    if (alive[c]) out.alive.push_back(map.chains[c].stones);
  for (const GoModel& race : RacesOn(board)) {
    const Outcome o = Decide(race, engine)[Game::kSeki].outcome;
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
