// Recomputes every claim of spec section 4, group by group: small cases
// (reproduction_small.cpp), 3x3 (reproduction_3x3.cpp), 4x4 IDSMs of height 3
// (reproduction_4x4.cpp, reproduction_4x4_audit.cpp), extensions and families
// (reproduction_families.cpp) and further checks (reproduction_propositions.cpp). Exhaustive
// searches use the level engine (each class up to row/column permutation once, values of both
// games from the level recursion); single matrices use the memoised solver. The paper's
// statements and lists are only compared with.
#include "engine/reproduction/reproduction.hpp"

#include <algorithm>
#include <exception>
#include <utility>

#include "engine/reproduction/reproduction_claims.hpp"

namespace seki {

std::string_view StatusName(ClaimStatus s) {
  switch (s) {
    case ClaimStatus::kConfirmed:
      return "confirmed";
    case ClaimStatus::kDiffersExplained:
      return "differs-explained";
    case ClaimStatus::kFailed:
      break;
  }
  return "FAILED";
}

bool Reproduction::ok() const {
  return std::none_of(claims.begin(), claims.end(),
                      [](const Claim& c) { return c.status == ClaimStatus::kFailed; });
}

const Claim* Reproduction::Find(std::string_view id) const {
  for (const Claim& c : claims)
    if (c.id == id) return &c;
  return nullptr;
}

Reproduction Reproduce(const ReproductionOptions& options) {
  using namespace reproduction_detail;
  const auto start = Clock::now();
  Reproduction out;
  out.quick = options.quick;
  Context ctx(options, out);

  using Fn = void (*)(Context&, Claim&);
  const std::vector<std::pair<const char*, Fn>> claims = {
      {"small-1x1", OneByOneClaim},
      {"small-1xn", OneByNClaim},
      {"small-2xn-no-seki", TwoByNClaim},
      {"small-2x2-complete", TwoByTwoClaim},
      {"small-complete-dseki", CompleteDSekiClaim},
      {"small-1k-kk", OneKKKClaim},
      {"3x3-complete-height-3", ThreeByThreeHeight3Claim},
      {"3x3-seven-properties", ThreeByThreePropertiesClaim},
      {"3x3-semi-complete", ThreeByThreeSemiCompleteClaim},
      {"3x3-fig4", FiguresClaim},
      {"3x3-no-complete-height-4-10", ThreeByThreeNoHighClaim},
      {"4x4-census", IdsmCensusClaim},
      {"4x4-r-wins-second", RWinsSecondClaim},
      {"4x4-r-wins-first-only", RWinsFirstOnlyClaim},
      {"4x4-first-player-wins", FirstPlayerWinsClaim},
      {"4x4-semi-complete-r-passes", SemiRPassesClaim},
      {"ext-a1-a5", ExtensionsA1A5Claim},
      {"ext-a6", ExtensionsA6Claim},
      {"ext-a7", ExtensionsA7Claim},
      {"prop-6.4", Prop64Claim},
      {"thm-6.7", Thm67Claim},
      {"thm-3.4", Thm34Claim},
      {"prop-6.8", Prop68Claim},
      {"prop-1.1", Prop11Claim},
      {"prop-5.1", Prop51Claim},
  };
  for (std::size_t k = 0; k < claims.size(); ++k) {
    Claim c;
    c.id = claims[k].first;
    ctx.Progress("[" + std::to_string(k + 1) + "/" + std::to_string(claims.size()) + "] " + c.id);
    const auto t = Clock::now();
    try {
      claims[k].second(ctx, c);
    } catch (const std::exception& e) {
      c.status = ClaimStatus::kFailed;
      c.explanation = std::string("error while computing: ") + e.what();
    }
    c.seconds = Since(t);
    out.claims.push_back(std::move(c));
  }
  out.seconds = Since(start);
  return out;
}

}  // namespace seki
