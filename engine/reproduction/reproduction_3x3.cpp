// Claims of the group "3x3": the seven complete seki of height 3 and their properties, the
// semi-complete 3x3 seki, Fig. 4, and no complete seki of height 4..10.
#include "engine/base/matrix_text.hpp"
#include "engine/reproduction/reproduction_claims.hpp"
#include "engine/solve/play.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"

namespace seki::reproduction_detail {

const std::vector<std::string> kPaper3x3CompleteHeight3 = {
    "033/303/330", "133/313/331", "301/022/121", "320/212/023",
    "320/203/032", "320/213/033", "033/331/312"};

namespace {

const std::vector<std::string> kPaper3x3SemiComplete = {"033/403/430", "035/305/440"};

}  // namespace

// Paper's A1..A7 (the seven 3x3 complete seki of height 3, in the order above).
const std::string& PaperA(int t) { return kPaper3x3CompleteHeight3[t - 1]; }

int ThreeByThreeBound(bool quick) { return quick ? 6 : 10; }

void ThreeByThreeHeight3Claim(Context& ctx, Claim& c) {
  c.group = "3x3";
  c.claim = "exactly seven prime 3x3 complete seki of height 3";
  c.paper =
      "Exactly seven prime 3x3 complete seki of height 3: " + Join(kPaper3x3CompleteHeight3) + ".";
  const SearchTally& s = ctx.Search(3, 3, 3);
  std::set<Matrix> computed, prime;
  std::map<int, int> by_height;
  for (const Matrix& m : s.complete[0]) {
    ++by_height[m.height()];
    if (m.height() != 3) continue;
    computed.insert(m);
    if (IsPrime(m)) prime.insert(m);
  }
  const std::set<Matrix> paper = CanonicalSet(kPaper3x3CompleteHeight3, false);
  std::vector<Matrix> extra, missing;
  for (const Matrix& m : computed)
    if (!paper.count(m)) extra.push_back(m);
  for (const Matrix& m : paper)
    if (!computed.count(m)) missing.push_back(m);
  c.computed =
      "3x3 entries <= 3 (" + Num(s.starting) + " classes): " + Num(computed.size()) +
      " complete seki of height 3 (" + Num(prime.size()) +
      " prime), the same set as the paper's up to isomorphism: " + YesNo(computed == paper);
  std::vector<std::string> heights;
  for (auto [h, n] : by_height) heights.push_back("height " + std::to_string(h) + ": " + Num(n));
  c.details.push_back("all 3x3 complete seki with entries <= 3 by height: " + Join(heights));
  c.details.push_back("computed (canonical forms): " +
                      Texts(std::vector<Matrix>(computed.begin(), computed.end())));
  if (!extra.empty()) c.details.push_back("not in the paper's list: " + Texts(extra));
  if (!missing.empty()) c.details.push_back("listed but not computed: " + Texts(missing));
  c.numbers = {{"complete_height_3", static_cast<std::int64_t>(computed.size())},
               {"complete_height_3_prime", static_cast<std::int64_t>(prime.size())}};
  Judge(c, computed == paper && prime.size() == computed.size(),
        "the computed set differs from the paper's seven (see details)");
}

void ThreeByThreePropertiesClaim(Context& ctx, Claim& c) {
  c.group = "3x3";
  c.claim = "the seven: all symmetric, the last two not IDSMs";
  c.paper =
      "All seven are symmetric (A ~ A^T); the last two (320/213/033, 033/331/312) are not IDSMs. "
      "The Fig. 2 matrix is 033/331/312.";
  int symmetric = 0, last_two_not_idsm = 0, complete = 0;
  for (int t = 1; t <= 7; ++t) {
    const Matrix a = ParseMatrix(PaperA(t));
    const bool sym = IsSymmetric(a), idsm = IsIdsm(a);
    const Outcome o = ctx.Solve(a).seki;
    symmetric += sym;
    complete += o.seki_class() == SekiClass::kComplete;
    if (t >= 6) last_two_not_idsm += !idsm;
    c.details.push_back("A" + std::to_string(t) + " = " + PaperA(t) + ": " +
                        Describe(o, Game::kSeki) + ", symmetric " + YesNo(sym) + ", IDSM " +
                        (idsm ? "yes (line sum " + std::to_string(a.row_sum(0)) + ")" : "no") +
                        ", prime " + YesNo(IsPrime(a)) + ", planar " + YesNo(IsPlanar(a)));
  }
  c.computed = std::to_string(symmetric) + " of 7 symmetric; " + std::to_string(last_two_not_idsm) +
               " of the last two not IDSMs; " + std::to_string(complete) +
               " of 7 complete seki by the solver (Fig. 2 = A7)";
  c.numbers = {
      {"symmetric", symmetric}, {"last_two_not_idsm", last_two_not_idsm}, {"complete", complete}};
  Judge(c, symmetric == 7 && last_two_not_idsm == 2 && complete == 7,
        "a property of the seven differs (see details)");
}

void ThreeByThreeSemiCompleteClaim(Context& ctx, Claim& c) {
  const int h = ThreeByThreeBound(ctx.quick);
  c.group = "3x3";
  c.claim = "semi-complete 3x3 seki";
  c.paper =
      "Among all 3x3 matrices of height <= 10, the semi-complete seki are only 033/403/430 and "
      "035/305/440, their transposes and isomorphic copies.";
  const SearchTally& s = ctx.Search(3, 3, h);
  const std::set<Matrix> computed(s.semi[0].begin(), s.semi[0].end());
  const std::set<Matrix> paper = CanonicalSet(kPaper3x3SemiComplete, true);
  std::vector<std::string> items;
  for (const Matrix& m : computed) {
    const Outcome o = ctx.Solve(m).seki;
    items.push_back(Text(m) + " (" + (o.r == Result::L ? "R" : "C") + " passes)");
  }
  c.computed = std::string(ctx.quick ? "QUICK MODE, entries <= 6 only: " : "") +
               "3x3 entries <= " + std::to_string(h) + " (" + Num(s.starting) +
               " classes): " + Num(computed.size()) +
               " semi-complete seki classes: " + Join(items) +
               "; equal to the paper's two and their transposes: " + YesNo(computed == paper);
  c.numbers = {{"max_entry", h}, {"semi_complete", static_cast<std::int64_t>(computed.size())}};
  // In quick mode 035/305/440 (height 5) is inside the region too, so the set must be complete.
  Judge(c, computed == paper, "the semi-complete 3x3 seki differ from the paper's (see computed)");
}

void ThreeByThreeNoHighClaim(Context& ctx, Claim& c) {
  const int h = ThreeByThreeBound(ctx.quick);
  c.group = "3x3";
  c.claim = "no 3x3 complete seki of height 4..10";
  c.paper = "No 3x3 complete seki of height 4..10 (H3 = 3 or H3 > 10).";
  const SearchTally& s = ctx.Search(3, 3, h);
  std::map<int, int> by_height;
  std::vector<Matrix> high;
  for (const Matrix& m : s.complete[0]) {
    ++by_height[m.height()];
    if (m.height() >= 4) high.push_back(m);
  }
  std::vector<std::string> heights;
  for (auto [hh, n] : by_height) heights.push_back("height " + std::to_string(hh) + ": " + Num(n));
  c.computed =
      std::string(ctx.quick ? "QUICK MODE, heights 4..6 only (the full run covers 4..10): " : "") +
      "every class of 3x3 entries <= " + std::to_string(h) + " (" + Num(s.starting) +
      " classes): " + Num(s.complete[0].size()) + " complete seki (" + Join(heights) + "), " +
      Num(high.size()) + " of height 4.." + std::to_string(h);
  if (!high.empty()) c.details.push_back("complete seki of height >= 4: " + Texts(high));
  c.numbers = {{"max_entry", h},
               {"classes", static_cast<std::int64_t>(s.starting)},
               {"complete_height_ge_4", static_cast<std::int64_t>(high.size())}};
  Judge(c, high.empty(), "a 3x3 complete seki of height >= 4 exists (see details)");
}

void FiguresClaim(Context& ctx, Claim& c) {
  c.group = "3x3";
  c.claim = "Fig. 4: 033/403/430 semi-complete, C may lower A(1,2)";
  c.paper =
      "The Fig. 4 matrix 033/403/430 is semi-complete: R must pass, and C may lower A(1,2) from 3 "
      "to 2 (keeping the draw).";
  const Matrix a = ParseMatrix("033/403/430");
  const Outcome o = ctx.Solve(a).seki;
  std::vector<std::string> c_moves;
  Result at12 = Result::L;
  for (const MoveValue& m : ctx.engine().Moves(a, Game::kSeki, Player::kC)) {
    c_moves.push_back(At(m.row, m.col) + " " + Letter(m.value));
    if (m.row == 0 && m.col == 1) at12 = m.value;
  }
  c.computed =
      "033/403/430: " + Describe(o, Game::kSeki) + "; C's moves (result for C): " + Join(c_moves);
  c.numbers = {{"semi_complete", o.seki_class() == SekiClass::kSemiComplete},
               {"r_must_pass", o.r == Result::L},
               {"c_move_1_2_draws", at12 == Result::D}};
  Judge(c, o.seki_class() == SekiClass::kSemiComplete && o.r == Result::L && at12 == Result::D,
        "033/403/430 does not behave as stated");
}

}  // namespace seki::reproduction_detail
