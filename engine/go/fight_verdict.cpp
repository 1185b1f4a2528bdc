// The exact search's verdict for `seki go`.
#include "engine/go/fight_verdict.hpp"

#include "engine/base/stopped.hpp"
#include "engine/go/board_races.hpp"
#include "engine/go/go_fight.hpp"
#include "engine/go/go_search.hpp"
#include "engine/go/go_verdict.hpp"

namespace seki::go {
namespace {

std::string Words(Result black, Result white) {
  if (black == Result::D && white == Result::D)
    return "Seki: whoever moves first, nobody captures (the groups live).";
  if (black == Result::W && white == Result::L) return "Black captures whoever moves first.";
  if (black == Result::L && white == Result::W) return "White captures whoever moves first.";
  const auto first = [](const char* side, Result r) {
    return std::string(side) + " moving first " +
           (r == Result::W   ? "captures"
            : r == Result::D ? "gets a seki"
                             : "is captured");
  };
  return first("Black", black) + "; " + first("White", white) + ".";
}

}  // namespace

std::optional<FightVerdict> DecideByFight(const GoModel& model, SolveEngine& engine) {
  const GoFight fight = FightOfRace(model);
  FightVerdict f;
  f.reason = WhyModelDoesNotDecide(model, fight);
  if (f.reason.empty()) return std::nullopt;
  try {
    GoFight used_b, used_w;
    const FightAnswer b = DecideOnBoard(model.board, fight.targets, Stone::kBlack, false,
                                        LimitsOf(engine), "position", used_b);
    const FightAnswer w = DecideOnBoard(model.board, fight.targets, Stone::kWhite, false,
                                        LimitsOf(engine), "position", used_w);
    const GoFight& used = used_b.closed ? used_w : used_b;  // the one that assumes more
    f.assumed = used.assumed;
    f.closed = used.closed;
    if (b.ko || w.ko) {
      f.verdict = "A ko: the result depends on who may retake it (the search does not decide kos).";
      return f;
    }
    f.decided = true;
    f.black = b.result;
    f.white = w.result;
    f.lines = {b.line, w.line};
    f.verdict = Words(f.black, f.white);
  } catch (const Stopped& e) {
    if (e.interrupted()) throw;
    f.verdict = std::string("No answer: the exact search gave up (") + e.what() + ").";
  }
  return f;
}

std::string FightVerdictText(const FightVerdict& f) {
  std::string out = "The model does not decide this position: " + f.reason + ".\n";
  out += "By GO's rules (exact search, every stone in the fight capturable): " + f.verdict + "\n";
  if (!f.assumed.empty()) {
    std::string names;
    for (const Chain& c : f.assumed) names += (names.empty() ? "" : ", ") + ChainName(c);
    out += "The search assumes that " + names + " live (chains next to the fight).\n";
  }
  if (!f.closed)
    out +=
        "The search makes no move outside the fight (its region: the groups, their liberties, "
        "eye spaces and weak chains next to them).\n";
  for (std::size_t k = 0; k < f.lines.size(); ++k)
    out += std::string(k == 0 ? "Black" : "White") + " first (search): " + GoLineMoves(f.lines[k]) +
           " -> " + f.lines[k].ending + "\n";
  return out;
}

}  // namespace seki::go
