// Claims of the group "Small cases": 1x1, 1xn, 2xn, the 2x2 complete seki, complete d-seki
// among 1xn and 2xn, and the family 1k/kk.
#include <algorithm>
#include <bit>

#include "engine/base/matrix_text.hpp"
#include "engine/reproduction/reproduction_claims.hpp"
#include "engine/solve/play.hpp"

namespace seki::reproduction_detail {

namespace {

const std::vector<std::string> kPaper2x2Complete = {"11/11", "20/02", "21/12", "22/22"};

}  // namespace

void OneByOneClaim(Context& ctx, Claim& c) {
  c.group = "Small cases";
  c.claim = "1x1 matrices";
  c.paper =
      "(1): first player wins SEKI, draw in D-SEKI. (2): complete seki, not complete d-seki. "
      "(k), k >= 3: seki, not complete. Every 1x1 is a d-seki; none is a complete d-seki.";
  const int kmax = kMaxEntry;
  const Solution one = ctx.Solve(OneByOne(1)), two = ctx.Solve(OneByOne(2));
  int seki_not_complete = 0, dseki = 0, complete_dseki = 0;
  for (int k = 3; k <= kmax; ++k) {
    const Outcome o = ctx.Solve(OneByOne(k)).seki;
    seki_not_complete += o.is_seki() && o.seki_class() != SekiClass::kComplete;
  }
  for (int k = 1; k <= kmax; ++k) {
    const Outcome o = ctx.Solve(OneByOne(k)).dseki;
    dseki += o.is_seki();
    complete_dseki += o.seki_class() == SekiClass::kComplete;
  }
  c.computed = "(1): SEKI " + Describe(one.seki, Game::kSeki) + ", D-SEKI " +
               Describe(one.dseki, Game::kDSeki) + ". (2): SEKI " +
               Describe(two.seki, Game::kSeki) + ", D-SEKI " + Describe(two.dseki, Game::kDSeki) +
               ". k = 3.." + std::to_string(kmax) + ": " + std::to_string(seki_not_complete) +
               " of " + std::to_string(kmax - 2) + " seki and not complete. k = 1.." +
               std::to_string(kmax) +
               " (every 1x1 the engine represents): " + std::to_string(dseki) + " d-seki, " +
               std::to_string(complete_dseki) + " complete d-seki.";
  c.numbers = {{"k_max", kmax},
               {"seki_not_complete_k_ge_3", seki_not_complete},
               {"dseki", dseki},
               {"complete_dseki", complete_dseki}};
  const bool ok = one.seki.R == W && one.seki.C == W && one.dseki.R == D && one.dseki.C == D &&
                  two.seki.seki_class() == SekiClass::kComplete &&
                  two.dseki.seki_class() != SekiClass::kComplete && seki_not_complete == kmax - 2 &&
                  dseki == kmax && complete_dseki == 0;
  Judge(c, ok, "a 1x1 value differs from the paper (see computed)");
}

// Largest entry bound (<= 255) for which the 1 x n search has at most 1e5 classes (quick) or 1e6
// and the packed key fits: the classes of 1 x n with entries <= e are the multisets, C(n + e, n).
int OneByNBound(int n, bool quick) {
  const double budget = quick ? 1e5 : 1e6;
  const int cap = kMaxEntry;
  auto multisets = [n](int e) {
    double c = 1;
    for (int k = 1; k <= n; ++k) c = c * (e + k) / k;
    return c;
  };
  int e = 1;
  while (e < cap && multisets(e + 1) <= budget &&
         n * std::bit_width(static_cast<unsigned>(e + 1)) <= 56)
    ++e;
  return e;
}

// Entry bounds of the 2 x n searches (n = 1..8).
int TwoByNBound(int n, bool quick) {
  constexpr int kQuick[] = {0, 255, 30, 10, 6, 4, 3, 2, 2};
  constexpr int kFull[] = {0, 255, 60, 20, 10, 6, 4, 3, 3};
  return quick ? kQuick[n] : kFull[n];
}

void OneByNClaim(Context& ctx, Claim& c) {
  c.group = "Small cases";
  c.claim = "1xn, n >= 2: C wins whoever begins";
  c.paper = "1xn, n >= 2: C wins, whoever begins, in both games.";
  std::uint64_t total = 0, c_wins = 0;
  std::vector<std::string> regions;
  for (int n = 2; n <= kMaxDim; ++n) {
    const int e = OneByNBound(n, ctx.quick);
    const SearchTally& s = ctx.Search(1, n, e);
    total += s.starting;
    std::uint64_t both = 0;
    // (L,W) in SEKI and in D-SEKI; counted per game and both must cover every class.
    both = std::min(s.PairCount(Game::kSeki, L, W), s.PairCount(Game::kDSeki, L, W));
    c_wins += both;
    regions.push_back("1x" + std::to_string(n) + " <= " + std::to_string(e));
    c.details.push_back("1x" + std::to_string(n) + ", entries <= " + std::to_string(e) + ": " +
                        Num(s.starting) +
                        " classes; (L,W) in SEKI: " + Num(s.PairCount(Game::kSeki, L, W)) +
                        ", in D-SEKI: " + Num(s.PairCount(Game::kDSeki, L, W)));
  }
  c.computed = "every class of " + Join(regions) + " (" + Num(total) + " classes): " + Num(c_wins) +
               " have (R,C) = (L,W) in both games";
  c.numbers = {{"classes", static_cast<std::int64_t>(total)},
               {"c_wins_both_games", static_cast<std::int64_t>(c_wins)}};
  Judge(c, c_wins == total, "some 1xn class is not won by C in both games (see details)");
}

void TwoByNClaim(Context& ctx, Claim& c) {
  c.group = "Small cases";
  c.claim = "2xn, n > 2: no seki; 111/233 is a d-seki";
  c.paper = "2xn, n > 2: no seki (D-SEKI does have such d-seki: 111/233 is a 2x3 d-seki).";
  std::uint64_t total = 0, seki = 0, dseki = 0;
  std::vector<std::string> regions;
  std::vector<Matrix> examples;
  for (int n = 3; n <= kMaxDim; ++n) {
    const int e = TwoByNBound(n, ctx.quick);
    const SearchTally& s = ctx.Search(2, n, e);
    total += s.starting;
    seki += s.SekiCount(Game::kSeki);
    dseki += s.SekiCount(Game::kDSeki);
    for (const Matrix& m : s.seki_examples[0]) examples.push_back(m);
    regions.push_back("2x" + std::to_string(n) + " <= " + std::to_string(e));
    c.details.push_back("2x" + std::to_string(n) + ", entries <= " + std::to_string(e) + ": " +
                        Num(s.starting) + " classes, " + Num(s.SekiCount(Game::kSeki)) + " seki, " +
                        Num(s.SekiCount(Game::kDSeki)) + " d-seki");
  }
  const Solution v = ctx.Solve(ParseMatrix("111/233"));
  c.computed = "every class of " + Join(regions) + " (" + Num(total) + " classes): " + Num(seki) +
               " seki, " + Num(dseki) + " d-seki. 111/233: D-SEKI " +
               Describe(v.dseki, Game::kDSeki) + "; SEKI " + Describe(v.seki, Game::kSeki);
  if (!examples.empty()) c.details.push_back("seki found: " + Texts(examples));
  c.numbers = {{"classes", static_cast<std::int64_t>(total)},
               {"seki", static_cast<std::int64_t>(seki)},
               {"dseki", static_cast<std::int64_t>(dseki)}};
  Judge(c, seki == 0 && v.dseki.is_seki(), "a 2xn seki exists or 111/233 is not a d-seki");
}

void TwoByTwoClaim(Context& ctx, Claim& c) {
  c.group = "Small cases";
  c.claim = "2x2: exactly four complete seki";
  c.paper = "2x2: exactly four complete seki up to isomorphism: 11/11, 20/02, 21/12, 22/22.";
  const int e = TwoByNBound(2, ctx.quick);
  const SearchTally& s = ctx.Search(2, 2, e);
  const std::set<Matrix> computed(s.complete[0].begin(), s.complete[0].end());
  const std::set<Matrix> paper = CanonicalSet(kPaper2x2Complete, false);
  c.computed = "2x2 entries <= " + std::to_string(e) + " (" + Num(s.starting) +
               " classes): " + Num(computed.size()) + " complete seki: " + Texts(s.complete[0]);
  c.numbers = {{"max_entry", e}, {"complete_seki", static_cast<std::int64_t>(computed.size())}};
  Judge(c, computed == paper, "the computed set of 2x2 complete seki is not the paper's");
}

void CompleteDSekiClaim(Context& ctx, Claim& c) {
  c.group = "Small cases";
  c.claim = "11/11: the only complete d-seki among 1xn and 2xn";
  c.paper =
      "Of the four 2x2 complete seki only 11/11 is a complete d-seki, and it is the only complete "
      "d-seki among all 1xn and 2xn matrices.";
  std::vector<Matrix> found;
  std::vector<std::string> regions;
  std::uint64_t total = 0;
  for (int k = 1; k <= kMaxEntry; ++k)
    if (ctx.Solve(OneByOne(k)).dseki.seki_class() == SekiClass::kComplete)
      found.push_back(OneByOne(k));
  regions.push_back("1x1 <= 255");
  total += kMaxEntry;
  for (int n = 2; n <= kMaxDim; ++n) {
    const int e = OneByNBound(n, ctx.quick);
    const SearchTally& s = ctx.Search(1, n, e);
    total += s.starting;
    found.insert(found.end(), s.complete[1].begin(), s.complete[1].end());
  }
  regions.push_back("1xn (n = 2..8) as in the 1xn claim");
  for (int n = 1; n <= kMaxDim; ++n) {
    const int e = TwoByNBound(n, ctx.quick);
    const SearchTally& s = ctx.Search(2, n, e);
    total += s.starting;
    found.insert(found.end(), s.complete[1].begin(), s.complete[1].end());
    regions.push_back("2x" + std::to_string(n) + " <= " + std::to_string(e));
  }
  int four_dseki = 0;
  std::vector<std::string> four;
  for (const std::string& t : kPaper2x2Complete) {
    const Outcome o = ctx.Solve(ParseMatrix(t)).dseki;
    four_dseki += o.seki_class() == SekiClass::kComplete;
    four.push_back(t + ": " + ClassLabel(Game::kDSeki, o.seki_class()));
  }
  c.computed = "complete d-seki in " + Join(regions) + " (" + Num(total) +
               " classes): " + Texts(found) +
               ". The four 2x2 complete seki in D-SEKI: " + Join(four);
  c.numbers = {{"complete_dseki", static_cast<std::int64_t>(found.size())},
               {"complete_dseki_among_four", four_dseki}};
  Judge(c, found.size() == 1 && found[0] == Canon(ParseMatrix("11/11")) && four_dseki == 1,
        "complete d-seki other than 11/11 found (see computed)");
}

void OneKKKClaim(Context& ctx, Claim& c) {
  c.group = "Small cases";
  c.claim = "the family 1k/kk";
  c.paper =
      "1k/kk (A(1,1) = 1, other entries k): complete seki for k = 1; for k > 1 R begins and wins "
      "by playing at (1,2).";
  const int kmax = ctx.quick ? 20 : 60;
  int r_wins = 0, move_wins = 0;
  std::vector<std::string> pairs;
  Outcome first;
  for (int k = 1; k <= kmax; ++k) {
    Matrix a(2, 2);
    a.set(0, 0, 1), a.set(0, 1, k), a.set(1, 0, k), a.set(1, 1, k);
    const Outcome o = ctx.Solve(a).seki;
    if (k == 1) {
      first = o;
      continue;
    }
    r_wins += o.R == W;
    for (const MoveValue& m : ctx.engine().Moves(a, Game::kSeki, Player::kR))
      if (m.row == 0 && m.col == 1) move_wins += m.value == W;
    if (k <= 4 || k == kmax) pairs.push_back("k=" + std::to_string(k) + " " + PairText(o));
  }
  c.computed = "11/11: " + Describe(first, Game::kSeki) + ". k = 2.." + std::to_string(kmax) +
               ": R begins and wins for " + std::to_string(r_wins) + " of " +
               std::to_string(kmax - 1) + ", lowering (1,2) wins for R in " +
               std::to_string(move_wins) + " (" + Join(pairs) + ")";
  c.numbers = {{"k_max", kmax}, {"r_wins", r_wins}, {"move_1_2_wins", move_wins}};
  Judge(c,
        first.seki_class() == SekiClass::kComplete && r_wins == kmax - 1 && move_wins == kmax - 1,
        "some 1k/kk does not behave as stated");
}

}  // namespace seki::reproduction_detail
