// Claims of the group "Extensions and families": the E1 extensions of A1..A7, the sequences A^n
// and B^n of Prop. 6.4 and the 2-cycles of Theorem 6.7.
#include <stdexcept>

#include "engine/base/matrix_text.hpp"
#include "engine/reproduction/reproduction_claims.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki::reproduction_detail {

namespace {

// Paper's printed members of the two sequences of Prop. 6.4.
const std::vector<std::pair<int, std::string>> kPaperSequenceA = {
    {2, "22/22"},
    {3, "310/112/022"},
    {4, "3100/1210/0112/0022"},
    {5, "31000/12100/01210/00112/00022"}};
const std::vector<std::pair<int, std::string>> kPaperSequenceB = {
    {2, "32/23"},
    {3, "320/212/023"},
    {4, "3200/2120/0212/0023"},
    {5, "32000/21200/02120/00212/00023"}};

// E1 at every positive entry of A_t: (entry, class) pairs.
std::vector<std::pair<std::string, Outcome>> ExtensionsE1(Context& ctx, const Matrix& a) {
  std::vector<std::pair<std::string, Outcome>> out;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0) {
        const std::optional<Matrix> e = Extend(a, i, j, Extension::kE1);
        if (!e) throw std::logic_error("E1 undefined at a positive entry");
        out.emplace_back(At(i, j), ctx.Solve(*e).seki);
      }
  return out;
}

}  // namespace

void ExtensionsA1A5Claim(Context& ctx, Claim& c) {
  c.group = "Extensions and families";
  c.claim = "E1 of A1..A5 at every positive entry: complete seki";
  c.paper = "E1 of each of A1..A5 at every positive entry is a complete seki.";
  int total = 0, complete = 0;
  std::vector<std::string> parts;
  for (int t = 1; t <= 5; ++t) {
    int here = 0, n = 0;
    std::vector<std::string> other;
    for (const auto& [at, o] : ExtensionsE1(ctx, ParseMatrix(PaperA(t)))) {
      ++n;
      if (o.seki_class() == SekiClass::kComplete)
        ++here;
      else
        other.push_back(at + " " + Describe(o, Game::kSeki));
    }
    total += n;
    complete += here;
    parts.push_back("A" + std::to_string(t) + " " + std::to_string(here) + "/" + std::to_string(n));
    c.details.push_back("A" + std::to_string(t) + " = " + PaperA(t) + ": " + std::to_string(here) +
                        " of " + std::to_string(n) + " complete" +
                        (other.empty() ? "" : "; others: " + Join(other)));
  }
  c.computed = std::to_string(complete) + " of " + std::to_string(total) +
               " extensions complete seki (" + Join(parts) + ")";
  c.numbers = {{"extensions", total}, {"complete", complete}};
  Judge(c, complete == total, "some E1 extension of A1..A5 is not a complete seki");
}

namespace {

// Compares the E1 extensions of a matrix with the paper's expected category per entry.
void ExtensionPatternClaim(Context& ctx, Claim& c, const std::string& text,
                           const std::map<std::string, std::string>& expected) {
  int agree = 0, n = 0;
  std::vector<std::string> parts;
  for (const auto& [at, o] : ExtensionsE1(ctx, ParseMatrix(text))) {
    ++n;
    std::string got;
    if (o.R == W && o.C == W)
      got = "first player wins";
    else
      got = ClassLabel(Game::kSeki, o.seki_class());
    const auto it = expected.find(at);
    const bool ok = it != expected.end() && it->second == got;
    agree += ok;
    parts.push_back(at + " " + got);
    c.details.push_back(at + ": " + Describe(o, Game::kSeki) +
                        (ok ? "" : " (paper: " + (it == expected.end() ? "?" : it->second) + ")"));
  }
  c.computed = Join(parts);
  c.numbers = {{"extensions", n}, {"agree", agree}};
  Judge(c, agree == n && n == static_cast<int>(expected.size()),
        "some extension is not in the class the paper states (see details)");
}

}  // namespace

void ExtensionsA6Claim(Context& ctx, Claim& c) {
  c.group = "Extensions and families";
  c.claim = "E1 of A6 = 320/213/033";
  c.paper =
      "E1 at (1,1) gives a matrix in which the first player wins; E1 at each of the six other "
      "positive entries is a complete seki.";
  std::map<std::string, std::string> expected;
  const Matrix a = ParseMatrix(PaperA(6));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (a(i, j) > 0) expected[At(i, j)] = "complete seki";
  expected["(1,1)"] = "first player wins";
  ExtensionPatternClaim(ctx, c, PaperA(6), expected);
}

void ExtensionsA7Claim(Context& ctx, Claim& c) {
  c.group = "Extensions and families";
  c.claim = "E1 of A7 = 033/331/312";
  c.paper =
      "E1 at (2,2), (2,3), (3,2), (3,3) is a complete seki; at (1,2) and (2,1) a semi-complete "
      "seki; at (1,3) and (3,1) not a seki at all.";
  const std::string complete = "complete seki", semi = "semi-complete seki", none = "no seki";
  ExtensionPatternClaim(ctx, c, PaperA(7),
                        {{"(2,2)", complete},
                         {"(2,3)", complete},
                         {"(3,2)", complete},
                         {"(3,3)", complete},
                         {"(1,2)", semi},
                         {"(2,1)", semi},
                         {"(1,3)", none},
                         {"(3,1)", none}});
}

void Prop64Claim(Context& ctx, Claim& c) {
  c.group = "Extensions and families";
  c.claim = "Prop. 6.4: A^n and B^n are complete seki (except B^2)";
  c.paper =
      "A^n (E1 at (1,1) from 22/22; IDSMs, line sum 4) and B^n (E2 at (1,1) from 32/23; line sum "
      "5): every member except B^2 is a complete seki (B^2 is a seki, not complete); so a prime "
      "nxn complete seki of height 3 exists for every n >= 3. Printed: A^2..A^5, B^2..B^5.";
  const int max_a = 6, max_b = ctx.quick ? 5 : 6;
  int printed_equal = 0, printed = 0;
  for (const auto& [n, text] : kPaperSequenceA) {
    ++printed;
    printed_equal += SequenceA(n) == ParseMatrix(text);
  }
  for (const auto& [n, text] : kPaperSequenceB) {
    ++printed;
    printed_equal += SequenceB(n) == ParseMatrix(text);
  }
  int ok = 0, checked = 0, prime_h3 = 0;
  std::vector<std::string> parts;
  auto check = [&](char family, int n, const Matrix& m, int line_sum) {
    const auto start = Clock::now();
    const Outcome o = ctx.Solve(m).seki;
    const double seconds = Since(start);
    const bool b2 = family == 'B' && n == 2;
    const bool good = (b2 ? o.is_seki() && o.seki_class() != SekiClass::kComplete
                          : o.seki_class() == SekiClass::kComplete) &&
                      IsIdsm(m) && m.row_sum(0) == line_sum;
    ++checked;
    ok += good;
    if (n >= 3 && o.seki_class() == SekiClass::kComplete && IsPrime(m) && m.height() == 3)
      ++prime_h3;
    parts.push_back(std::string(1, family) + "^" + std::to_string(n) + " " +
                    ClassLabel(Game::kSeki, o.seki_class()));
    c.details.push_back(std::string(1, family) + "^" + std::to_string(n) + " = " + Text(m) + ": " +
                        Describe(o, Game::kSeki) + ", IDSM line sum " +
                        (IsIdsm(m) ? std::to_string(m.row_sum(0)) : "-") + ", prime " +
                        YesNo(IsPrime(m)) + ", height " + std::to_string(m.height()) + " (" +
                        std::to_string(seconds) + " s)");
  };
  for (int n = 2; n <= max_a; ++n) check('A', n, SequenceA(n), 4);
  for (int n = 2; n <= max_b; ++n) check('B', n, SequenceB(n), 5);
  c.computed = std::string(ctx.quick ? "QUICK MODE, B^n for n <= 5 only (B^6 takes ~10 s): " : "") +
               "A^2..A^" + std::to_string(max_a) + ", B^2..B^" + std::to_string(max_b) + ": " +
               Join(parts) + "; " + std::to_string(prime_h3) +
               " of the members with n >= 3 are prime complete seki of height 3 (IDSM line sums "
               "4 and 5 as stated); generated members equal the printed ones: " +
               std::to_string(printed_equal) + " of " + std::to_string(printed);
  c.numbers = {{"checked", checked},
               {"as_stated", ok},
               {"printed_equal", printed_equal},
               {"prime_complete_height_3", prime_h3}};
  Judge(c, ok == checked && printed_equal == printed,
        "a member of A^n or B^n differs from Prop. 6.4 or from the printed matrix");
}

void Thm67Claim(Context& ctx, Claim& c) {
  c.group = "Extensions and families";
  c.claim = "Theorem 6.7: every 2-cycle C_k is a prime complete d-seki";
  c.paper = "C_k (k >= 3) is a prime complete d-seki; C3 = 220/202/022 up to isomorphism.";
  const int kmax = ctx.quick ? 6 : 7;
  int ok = 0;
  std::vector<std::string> parts;
  for (int k = 3; k <= kmax; ++k) {
    const Matrix m = TwoCycle(k);
    const Outcome o = ctx.Solve(m).dseki;
    const bool good = o.seki_class() == SekiClass::kComplete && IsPrime(m);
    ok += good;
    parts.push_back("C" + std::to_string(k) + " " + ClassLabel(Game::kDSeki, o.seki_class()) +
                    (IsPrime(m) ? ", prime" : ", not prime"));
    c.details.push_back("C" + std::to_string(k) + " = " + Text(m) + ": D-SEKI " +
                        Describe(o, Game::kDSeki));
  }
  const bool c3 = Canon(TwoCycle(3)) == Canon(ParseMatrix("220/202/022"));
  c.computed = "k = 3.." + std::to_string(kmax) + ": " + Join(parts) +
               "; C3 isomorphic to 220/202/022: " + YesNo(c3);
  c.numbers = {{"k_max", kmax}, {"prime_complete_dseki", ok}};
  Judge(c, ok == kmax - 2 && c3, "some 2-cycle is not a prime complete d-seki");
}

}  // namespace seki::reproduction_detail
