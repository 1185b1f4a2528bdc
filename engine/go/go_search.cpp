// The exact local search: both repetition rules, the move proposed and the line of play.
#include "engine/go/go_search.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/stopped.hpp"
#include "engine/go/fight_search.hpp"

namespace seki::go {
namespace {

using fight::FightSearch;
using fight::kPass;

Result ToResult(int v) { return v > 0 ? Result::W : v < 0 ? Result::L : Result::D; }

// The value of `move` for `mover` under every repetition rule searched (nullopt: illegal, or the
// rules give different values: the move leads into a ko); the worse of them for `pessimistic`.
std::optional<int> AgreedValue(const std::vector<FightSearch*>& searches, Stone mover,
                               bool after_pass, int move, bool pessimistic = false) {
  std::optional<int> agreed;
  for (FightSearch* s : searches) {
    const std::optional<int> v = s->MoveValue(mover, after_pass, move);
    if (!v) return std::nullopt;
    if (agreed && *agreed != *v) {
      if (!pessimistic) return std::nullopt;
      agreed = std::min(*agreed, *v);
    } else {
      agreed = v;
    }
  }
  return agreed;
}

// The searches that value the moves of the line, one a repetition rule. The table of a search
// holds values that no position of its line above them decided, so its values at the start of
// the line are exact; after a step they may not be, where a repetition was met (a kept value
// may rest on meeting a position that is now on the line). There each step starts new searches
// (`renew`) that replay the line so far; they share what is left of the node budget.
struct LineSearches {
  const GoFight& fight;
  FightLimits limits;
  Stone to_move;
  bool after_pass, renew;
  std::vector<std::unique_ptr<FightSearch>> searches;
  std::vector<std::pair<Stone, int>> played;
  std::uint64_t spent = 0;  // nodes of the searches given up

  std::vector<FightSearch*> Current() {
    std::vector<FightSearch*> out;
    for (auto& s : searches) out.push_back(s.get());
    return out;
  }
  void Step(Stone mover, int move, FightSearch::Played& last) {
    played.push_back({mover, move});
    if (!renew) {
      for (auto& s : searches) last = s->Commit(mover, move);
      return;
    }
    for (auto& s : searches) {
      spent += s->nodes();
      FightLimits rest = limits;
      rest.max_nodes = limits.max_nodes - std::min(limits.max_nodes, spent);
      auto fresh = std::make_unique<FightSearch>(fight, rest, s->loser());
      fresh->Start(to_move, after_pass);
      for (auto [m, k] : played) last = fresh->Commit(m, k);
      s = std::move(fresh);
    }
  }
};

// Runs f (searches of `searches`) with at most `nodes` more positions each; false where one ran
// out (every board and line is then as before f).
bool Bounded(const std::vector<FightSearch*>& searches, std::uint64_t nodes,
             const std::function<void()>& f) {
  std::vector<FightSearch::Saved> saved;
  for (FightSearch* s : searches) saved.push_back(s->Save(nodes));
  try {
    f();
  } catch (const Stopped& e) {
    for (std::size_t i = 0; i < searches.size(); ++i) searches[i]->Restore(saved[i], true);
    if (e.reason() != Stopped::Reason::kBudget) throw;
    return false;
  }
  for (std::size_t i = 0; i < searches.size(); ++i) searches[i]->Restore(saved[i], false);
  return true;
}

// The move proposed at the start: of the moves that keep the result under every rule (`first`,
// the first of them in the order of preference, then the others after it), the one that best
// holds if the opponent then plays twice (FightSearch::Settled); ties and anything past a small
// budget of positions go to the order of preference.
int MostSettled(const std::vector<FightSearch*>& searches, Stone mover, bool after_pass, int value,
                int first, const std::vector<int>& preferred) {
  constexpr std::uint64_t kSettleNodes = 200'000;
  std::vector<int> keeping{first};
  FightSearch& search = *searches.front();
  const bool within = Bounded(searches, kSettleNodes, [&] {
    for (auto it = std::find(preferred.begin(), preferred.end(), first) + 1; it != preferred.end();
         ++it)
      if (AgreedValue(searches, mover, after_pass, *it) == value) keeping.push_back(*it);
  });
  if (!within || keeping.size() == 1) return first;
  int chosen = first, best = -2;
  std::optional<int> v;
  for (int k : keeping) {
    if (!Bounded({&search}, kSettleNodes, [&] { v = search.Settled(mover, k); })) return first;
    if (*v > best) best = *v, chosen = k;
  }
  return chosen;
}

// The move the player makes: the first candidate in the order of preference keeping the value
// under every repetition rule searched (so that it does not lead into a ko), when the value is
// better than passing (the worse value of passing under those rules); and the optimal line that
// such moves make, until a capture or two passes (or the budget: the line then stops). False
// where no move keeps the value under every rule at the start (the result then rests on who a
// repetition counts against).
bool ChooseAndPlay(LineSearches& line, int value, FightAnswer& answer) {
  Stone mover = line.to_move;
  bool passed = line.after_pass;
  for (int step = 0; step < 4 * kMaxFightPoints; ++step) {
    std::optional<int> move;
    int pass_value = 0;
    try {
      const std::vector<FightSearch*> searches = line.Current();
      pass_value = *AgreedValue(searches, mover, passed, kPass, true);
      if (value > pass_value) {
        const std::vector<int> preferred = searches.front()->Candidates(mover, false, true);
        for (int k : preferred)
          if (AgreedValue(searches, mover, passed, k) == value) {
            move = k;
            break;
          }
        if (step == 0 && !move) return false;
        if (step == 0) move = MostSettled(searches, mover, passed, value, *move, preferred);
        if (!move)  // later in the line: the first rule's choice
          for (int k : searches.front()->Candidates(mover, false, true))
            if (searches.front()->MoveValue(mover, passed, k) == value) {
              move = k;
              break;
            }
      }
    } catch (const Stopped& e) {
      if (step == 0 || e.reason() != Stopped::Reason::kBudget) throw;
      answer.line_stopped = true;
      return true;
    }
    if (step == 0) {
      answer.pass = ToResult(pass_value);
      if (move) answer.move = line.fight.board.PointAt(*move);
    }
    const int chosen = move.value_or(kPass);
    const Point at = chosen == kPass ? Point{} : line.fight.board.PointAt(chosen);
    answer.line.steps.push_back({mover, chosen == kPass, at});
    if (chosen == kPass && passed) return true;
    FightSearch::Played played;
    line.Step(mover, chosen, played);
    if (played.captured_target || played.repeats) return true;
    passed = chosen == kPass;
    mover = Other(mover);
    value = -value;
  }
  return true;
}

}  // namespace

FightAnswer DecideFight(const GoFight& fight, Stone to_move, bool after_pass,
                        const FightLimits& limits, std::string_view where) {
  if (int(fight.region.size()) > kMaxFightPoints)
    throw InputError(where, "the fight's region has " + std::to_string(fight.region.size()) +
                                " points (the exact search takes at most " +
                                std::to_string(kMaxFightPoints) + ")");
  FightAnswer answer;
  LineSearches line{fight, limits, to_move, after_pass, false, {}, {}, 0};
  line.searches.push_back(std::make_unique<FightSearch>(fight, limits, Stone::kBlack));
  FightSearch& black = *line.searches.back();
  const int v = black.Solve(to_move, after_pass);
  answer.nodes = black.nodes();
  answer.result = ToResult(v);
  if (black.repetition_met()) {
    answer.repetition = true;
    FightLimits rest = limits;
    rest.max_nodes = limits.max_nodes - std::min(limits.max_nodes, black.nodes());
    line.searches.push_back(std::make_unique<FightSearch>(fight, rest, Stone::kWhite));
    const int w = line.searches.back()->Solve(to_move, after_pass);
    answer.nodes += line.searches.back()->nodes();
    answer.ko_black = ToResult(v);
    answer.ko_white = ToResult(w);
    if (w != v) {
      answer.ko = true;
      return answer;
    }
    line.renew = true;
  }
  if (!ChooseAndPlay(line, v, answer)) {
    answer.ko = true;  // the same result either way, by different moves
    answer.line = {};
    answer.move.reset();
    return answer;
  }
  answer.line.result = answer.result;
  answer.line.ending = answer.line_stopped ? "the line stops here (the search's node budget)"
                                           : FightEnding(fight, answer.line);
  return answer;
}

FightAnswer DecideOnBoard(const Board& board, const std::vector<Point>& targets, Stone to_move,
                          bool after_pass, const FightLimits& limits, std::string_view where,
                          GoFight& used) {
  used = FightOf(board, targets, where, FightArea::kClosed);
  try {
    return DecideFight(used, to_move, after_pass, limits, where);
  } catch (const Stopped& e) {
    if (e.reason() != Stopped::Reason::kBudget) throw;
    GoFight open = FightOf(board, targets, where, FightArea::kOpen);
    if (open.region == used.region) throw;
    used = std::move(open);
    return DecideFight(used, to_move, after_pass, limits, where);
  }
}

std::string FightEnding(const GoFight& fight, const GoLine& line) {
  if (line.steps.empty() || line.steps.back().pass) return "both pass: nobody captures";
  Board board = fight.board;
  std::string captured;
  for (const GoStep& s : line.steps) {
    if (s.pass) continue;
    Board before = board;
    PlayMove(board, s.at, s.colour, "line");
    for (Point t : fight.targets)
      if (before.at(t) != Stone::kEmpty && board.at(t) == Stone::kEmpty && captured.empty())
        captured = std::string(s.colour == Stone::kBlack ? "Black" : "White") + " captures " +
                   (before.at(t) == Stone::kBlack ? "B " : "W ") + PointName(t);
  }
  return captured.empty() ? "a repetition ends it" : captured;
}

}  // namespace seki::go
