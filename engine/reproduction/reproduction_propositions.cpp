// Claims of the group "Further checks": Prop. 3.2 and Theorem 3.4 on all small IDSMs, Prop. 6.8,
// the containments of Prop. 1.1 and a spot check of Prop. 5.1 on direct sums.
#include <set>

#include "engine/base/matrix_text.hpp"
#include "engine/reproduction/reproduction_claims.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki::reproduction_detail {

namespace {

// The IDSMs collected by the square searches that the next claims use.
std::vector<std::pair<std::string, const SearchTally*>> SquareSearches(Context& ctx) {
  return {{"2x2 entries <= " + std::to_string(TwoByNBound(2, ctx.quick)),
           &ctx.Search(2, 2, TwoByNBound(2, ctx.quick))},
          {"3x3 entries <= 3", &ctx.Search(3, 3, 3)},
          {"4x4 entries <= 3", &ctx.Search(4, 4, 3)}};
}

}  // namespace

void Thm34Claim(Context& ctx, Claim& c) {
  c.group = "Further checks";
  c.claim = "Prop. 3.2 and Theorem 3.4 on all small IDSMs";
  c.paper =
      "Prop. 3.2: every (0,1)-IDSM with s >= 2 is a complete d-seki. Theorem 3.4: every "
      "(0,1,2)-IDSM with s >= 2 is a complete seki.";
  std::int64_t n01 = 0, ok01 = 0, n012 = 0, ok012 = 0;
  std::vector<std::string> regions;
  for (const auto& [region, s] : SquareSearches(ctx)) {
    regions.push_back(region);
    for (const auto& [m, v] : s->idsms) {
      if (m.row_sum(0) < 2) continue;
      if (m.height() <= 1) {
        ++n01;
        ok01 += v.dseki.seki_class() == SekiClass::kComplete;
      }
      if (m.height() <= 2) {
        ++n012;
        ok012 += v.seki.seki_class() == SekiClass::kComplete;
        if (v.seki.seki_class() != SekiClass::kComplete)
          c.details.push_back("not a complete seki: " + Text(m));
      }
    }
  }
  c.computed = "all IDSM classes of " + Join(regions) + ": " + std::to_string(ok01) + " of " +
               std::to_string(n01) + " (0,1)-IDSMs with s >= 2 complete d-seki; " +
               std::to_string(ok012) + " of " + std::to_string(n012) +
               " (0,1,2)-IDSMs with s >= 2 complete seki";
  c.numbers = {{"idsm01", n01},
               {"idsm01_complete_dseki", ok01},
               {"idsm012", n012},
               {"idsm012_complete_seki", ok012}};
  Judge(c, ok01 == n01 && ok012 == n012, "an IDSM breaks Prop. 3.2 or Theorem 3.4");
}

void Prop68Claim(Context& ctx, Claim& c) {
  c.group = "Further checks";
  c.claim = "Prop. 6.8: (0,2)-IDSMs with line sum 4";
  c.paper = "Every (0,2)-IDSM with line sum 4 is a direct sum of 2-cycles and copies of 22/22.";
  const Matrix two_by_two = Canon(ParseMatrix("22/22"));
  std::set<Matrix> cycles;
  for (int k = 3; k <= kMaxDim; ++k) cycles.insert(Canon(TwoCycle(k)));
  std::int64_t n = 0, ok = 0;
  std::vector<std::string> regions;
  for (const auto& [region, s] : SquareSearches(ctx)) {
    regions.push_back(region);
    for (const auto& [m, v] : s->idsms) {
      bool zero_two = m.row_sum(0) == 4;
      for (int i = 0; i < m.rows() && zero_two; ++i)
        for (int j = 0; j < m.cols(); ++j) zero_two = zero_two && (m(i, j) == 0 || m(i, j) == 2);
      if (!zero_two) continue;
      ++n;
      bool good = true;
      std::vector<std::string> blocks;
      for (const Matrix& b : PrimeBlocks(m)) {
        const Matrix cb = Canon(b);
        good = good && (cb == two_by_two || cycles.count(cb));
        blocks.push_back(Text(b));
      }
      ok += good;
      c.details.push_back(Text(m) + " = " + Join(blocks, " + ") + (good ? "" : " (NOT as stated)"));
    }
  }
  c.computed = "all (0,2)-IDSMs with line sum 4 in " + Join(regions) + ": " + std::to_string(ok) +
               " of " + std::to_string(n) + " are direct sums of 2-cycles and 22/22";
  c.numbers = {{"idsms", n}, {"as_stated", ok}};
  Judge(c, n > 0 && ok == n, "a (0,2)-IDSM with line sum 4 is not as stated");
}

void Prop11Claim(Context& ctx, Claim& c) {
  c.group = "Further checks";
  c.claim = "Prop. 1.1: complete d-seki < complete seki < seki < d-seki, all strict";
  c.paper = "complete d-seki ⊂ complete seki ⊂ seki ⊂ d-seki, all inclusions strict.";
  // Every search made so far (their order does not matter): the containments per class.
  std::uint64_t classes = 0, violations = 0;
  for (const auto& [region, s] : SquareSearches(ctx)) {
    (void)region;
    classes += s->starting;
    violations += s->containment_violations;
  }
  for (int n = 3; n <= kMaxDim; ++n) {
    const SearchTally& s = ctx.Search(2, n, TwoByNBound(n, ctx.quick));
    classes += s.starting;
    violations += s.containment_violations;
  }
  const SearchTally& big = ctx.Search(3, 3, ThreeByThreeBound(ctx.quick));
  classes += big.starting;
  violations += big.containment_violations;
  const Outcome two_d = ctx.Solve(OneByOne(2)).dseki;
  const Outcome three = ctx.Solve(OneByOne(3)).seki;
  const Solution w = ctx.Solve(ParseMatrix("111/233"));
  const bool strict = two_d.seki_class() != SekiClass::kComplete &&
                      ctx.Solve(OneByOne(2)).seki.seki_class() == SekiClass::kComplete &&
                      three.is_seki() && three.seki_class() != SekiClass::kComplete &&
                      w.dseki.is_seki() && !w.seki.is_seki();
  c.computed = Num(violations) + " violations among " + Num(classes) +
               " classes (2x2, 3x3 <= 3, 4x4 <= 3, 2x3..2x8 and 3x3 <= " +
               std::to_string(ThreeByThreeBound(ctx.quick)) +
               " searches); strictness witnesses: (2) complete seki but " +
               ClassLabel(Game::kDSeki, two_d.seki_class()) + ", (3) " +
               ClassLabel(Game::kSeki, three.seki_class()) + ", 111/233 " +
               ClassLabel(Game::kDSeki, w.dseki.seki_class()) + " but " +
               ClassLabel(Game::kSeki, w.seki.seki_class());
  c.numbers = {{"classes", static_cast<std::int64_t>(classes)},
               {"violations", static_cast<std::int64_t>(violations)}};
  Judge(c, violations == 0 && strict, "a containment of Prop. 1.1 fails (see computed)");
}

void Prop51Claim(Context& ctx, Claim& c) {
  c.group = "Further checks";
  c.claim = "Prop. 5.1 spot check: direct sums";
  c.paper =
      "A = sum of blocks is a seki / complete seki / complete d-seki iff every block is; for "
      "D-SEKI only \"if\" holds for draws.";
  // Blocks: every class without a zero line of 1x1 (entries <= 3), 1x2, 2x1 and 2x2 (entries
  // <= 2); every pair whose direct sum fits.
  std::vector<Matrix> blocks;
  for (auto [rows, cols, e] :
       {std::tuple{1, 1, 3}, std::tuple{1, 2, 2}, std::tuple{2, 1, 2}, std::tuple{2, 2, 2}}) {
    // Every raw matrix of the region, one representative per class.
    std::vector<int> cell(rows * cols, 0);
    std::set<Matrix> seen;
    while (true) {
      Matrix m(rows, cols);
      for (int k = 0; k < rows * cols; ++k) m.set(k / cols, k % cols, cell[k]);
      if (!m.has_zero_line() && seen.insert(Canon(m)).second) blocks.push_back(m);
      int k = 0;
      while (k < rows * cols && ++cell[k] > e) cell[k++] = 0;
      if (k == rows * cols) break;
    }
  }
  std::int64_t pairs = 0, mismatches = 0;
  std::string dseki_witness;
  std::vector<Solution> values;
  for (const Matrix& b : blocks) values.push_back(ctx.Solve(b));
  for (std::size_t x = 0; x < blocks.size(); ++x)
    for (std::size_t y = x; y < blocks.size(); ++y) {
      const Solution sum = ctx.Solve(DirectSum(blocks[x], blocks[y]));
      const Solution &u = values[x], &v = values[y];
      ++pairs;
      auto complete = [](const Outcome& o) { return o.seki_class() == SekiClass::kComplete; };
      bool good = sum.seki.is_seki() == (u.seki.is_seki() && v.seki.is_seki()) &&
                  complete(sum.seki) == (complete(u.seki) && complete(v.seki)) &&
                  complete(sum.dseki) == (complete(u.dseki) && complete(v.dseki));
      if (u.dseki.is_seki() && v.dseki.is_seki()) good = good && sum.dseki.is_seki();
      if (!good) {
        ++mismatches;
        c.details.push_back("differs: " + Text(blocks[x]) + " + " + Text(blocks[y]));
      }
      if (dseki_witness.empty() && sum.dseki.is_seki() && !(u.dseki.is_seki() && v.dseki.is_seki()))
        dseki_witness = Text(blocks[x]) + " + " + Text(blocks[y]) + " is a d-seki, blocks " +
                        ClassLabel(Game::kDSeki, u.dseki.seki_class()) + " and " +
                        ClassLabel(Game::kDSeki, v.dseki.seki_class());
    }
  c.computed = std::to_string(pairs) + " direct sums of two blocks (" +
               std::to_string(blocks.size()) +
               " block classes: 1x1 <= 3, 1x2, 2x1, 2x2 <= 2): " + std::to_string(mismatches) +
               " break the statement; D-SEKI \"only if\" fails, e.g. " +
               (dseki_witness.empty() ? std::string("(no witness among these)") : dseki_witness);
  c.numbers = {{"pairs", pairs}, {"mismatches", mismatches}};
  Judge(c, mismatches == 0, "a direct sum breaks Prop. 5.1 (see details)");
}

}  // namespace seki::reproduction_detail
