// Verify: the wording shared by its checks, and the re-solving check (SolverCheck).
#include <algorithm>

#include "engine/base/matrix_text.hpp"
#include "engine/readback/verify_checks.hpp"
#include "engine/solve/exhaustive_solver.hpp"

namespace seki::verify_detail {

std::string Values(const Outcome& o) {
  return std::string("R=") + Letter(o.R) + " C=" + Letter(o.C) + " r=" + Letter(o.r) +
         " c=" + Letter(o.c);
}

bool Member(const Outcome& o, int kind) {
  switch (kind) {
    case 0:
      return o.is_seki();
    case 1:
      return o.seki_class() == SekiClass::kComplete;
    default:
      return o.seki_class() == SekiClass::kSemiComplete;
  }
}

std::string ClassNoun(Game g, int kind) {
  const char* kinds[] = {"", "complete ", "semi-complete "};
  return std::string("a ") + kinds[kind] + (g == Game::kSeki ? "seki" : "d-seki");
}

std::string Plural(std::uint64_t n, const std::string& noun) {
  if (n == 1) return "1 " + noun;
  return std::to_string(n) + " " + (noun == "matrix" ? "matrices" : noun + "s");
}

void SolverCheck::Offer(Pick pick, bool always) {
  ++candidates_;
  if (!n_ || always) {
    Check(pick);
    return;
  }
  ++seen_;
  if (reservoir_.size() < *n_) {
    reservoir_.push_back(std::move(pick));
  } else {
    const std::uint64_t j = std::uniform_int_distribution<std::uint64_t>(0, seen_ - 1)(rng_);
    if (j < *n_) reservoir_[j] = std::move(pick);
  }
}

std::pair<bool, std::string> SolverCheck::Finish(bool with_class) {
  std::sort(reservoir_.begin(), reservoir_.end(),
            [](const Pick& a, const Pick& b) { return a.line < b.line; });
  for (const Pick& p : reservoir_) Check(p);
  reservoir_.clear();
  const std::string what = n_ ? "re-solved " + std::to_string(solved_) + " of " +
                                    std::to_string(candidates_) + " lines (sample)"
                              : "re-solved all " + std::to_string(solved_) + " lines";
  return {tally_.ok(),
          tally_.Detail(what + ": values" + (with_class ? " and class" : "") + " agree")};
}

void SolverCheck::Check(const Pick& p) {
  ++solved_;
  const std::string where = file_ + ":" + std::to_string(p.line);
  Solution s;
  try {
    s = resolver_.Solve(p.matrix);
  } catch (const std::exception& e) {
    tally_.Add(where, FormatMatrix(p.matrix) + " could not be re-solved: " + e.what());
    return;
  }
  for (Game g : kGames) {
    const auto& written = p.game[static_cast<int>(g)];
    if (!written) continue;
    if (*written != s[g]) {
      tally_.Add(where, FormatMatrix(p.matrix) + ": " + std::string(GameName(g)) + " " +
                            Values(*written) + " written, the solver gives " + Values(s[g]));
      return;
    }
    if (p.kind >= 0 && !Member(s[g], p.kind)) {
      tally_.Add(where,
                 FormatMatrix(p.matrix) + " is not " + ClassNoun(g, p.kind) + " by the solver");
      return;
    }
  }
}

}  // namespace seki::verify_detail
