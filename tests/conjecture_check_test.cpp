// Conjecture checks (engine/check/conjecture_check.hpp): the predicates of 6.1, 6.2, 6.3 and 6.9
// on hand-made and forged inputs (no counterexample is known, so the "found" paths are driven by
// constructed values), the regions (grid shapes, bounds, key width), and small searches with
// known answers, whose class counts are checked against Burnside's count and a brute-force
// enumeration with the single-matrix solver.
#include "engine/check/conjecture_check.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/level/class_count.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using testing::M;
constexpr Result W = Result::W, D = Result::D, L = Result::L;

// Forged values: a complete seki (SEKI) that is nothing in D-SEKI, and the other way round.
const Solution kCompleteSeki{{D, D, L, L}, {W, W, W, W}};
const Solution kCompleteDSeki{{D, D, L, L}, {D, D, L, L}};
const Solution kPlainSeki{{D, D, D, D}, {D, D, D, D}};
const Solution kNothing{{W, W, W, W}, {W, W, W, W}};

Solution Solve(const Matrix& a) {
  ExhaustiveSolver solver;
  return solver.Solve(a);
}

ShapeReport Search(Conjecture c, int rows, int cols, int max_entry, int max_sum = -1,
                   const ShapeScanOptions& config = {}) {
  return ScanShape(c, ConjectureSpace(c, rows, cols, max_entry, max_sum), config);
}

std::uint64_t Burnside(int rows, int cols, int max_entry) {
  std::uint64_t n = 0;
  for (std::uint64_t k : ClassCountsBySum(rows, cols, max_entry, rows * cols * max_entry)) n += k;
  return n;
}

// Every class of rows x cols matrices with entries <= max_entry, by brute force over all
// matrices and canonical forms (no level engine).
std::set<Matrix> BruteForceClasses(int rows, int cols, int max_entry) {
  std::set<Matrix> classes;
  const int cells = rows * cols;
  std::vector<int> digits(cells, 0);
  while (true) {
    Matrix a(rows, cols);
    for (int k = 0; k < cells; ++k) a.set(k / cols, k % cols, digits[k]);
    classes.insert(canon::CanonicalForm(a));
    int k = 0;
    while (k < cells && digits[k] == max_entry) digits[k++] = 0;
    if (k == cells) break;
    ++digits[k];
  }
  return classes;
}

// ---------------------------------------------------------------------------------------------
// Names

TEST(Conjectures, ParseAndName) {
  for (Conjecture c : kConjectures) EXPECT_EQ(ParseConjecture(ConjectureName(c)), c);
  EXPECT_EQ(ParseConjecture("6.4"), std::nullopt);
  EXPECT_EQ(ParseConjecture("61"), std::nullopt);
  EXPECT_EQ(ParseConjecture(""), std::nullopt);
  EXPECT_EQ(ConjectureGame(Conjecture::k69), Game::kDSeki);
  EXPECT_EQ(ConjectureGame(Conjecture::k63), Game::kSeki);
}

// ---------------------------------------------------------------------------------------------
// 6.1

TEST(Predicate61, SolvedMatrices) {
  // The paper's Fig. 2: a prime complete seki that is not an IDSM, but of height 3.
  const Matrix fig2 = M("033/331/312");
  ASSERT_EQ(Solve(fig2).seki.seki_class(), SekiClass::kComplete);
  ASSERT_TRUE(IsPrime(fig2));
  ASSERT_FALSE(IsIdsm(fig2));
  EXPECT_FALSE(Violates61(fig2, Solve(fig2)));  // entries above 2: outside 6.1
  // 200/012/021 = 2 (+) 12/21: a complete seki with entries <= 2, not an IDSM, but not prime.
  const Matrix sum = M("200/012/021");
  ASSERT_EQ(Solve(sum).seki.seki_class(), SekiClass::kComplete);
  ASSERT_FALSE(IsIdsm(sum));
  EXPECT_FALSE(IsPrime(sum));
  EXPECT_FALSE(Violates61(sum, Solve(sum)));
  // Prime (0,1,2)-IDSMs that are complete seki (Theorem 3.4).
  for (const char* text : {"22/22", "21/12", "110/011/101", "211/121/112", "220/022/202"}) {
    const Matrix a = M(text);
    EXPECT_EQ(Solve(a).seki.seki_class(), SekiClass::kComplete) << text;
    EXPECT_FALSE(Violates61(a, Solve(a))) << text;
  }
}

TEST(Predicate61, ForgedValues) {
  // A prime (0,1,2) matrix that is not an IDSM, given complete-seki values: a counterexample.
  const Matrix a = M("110/011/102");
  ASSERT_TRUE(IsPrime(a));
  ASSERT_FALSE(IsIdsm(a));
  EXPECT_TRUE(Violates61(a, kCompleteSeki));
  EXPECT_TRUE(Violates61(M("11/12"), kCompleteSeki));
  EXPECT_TRUE(Violates61(M("111/121"), kCompleteSeki));  // not square, so not an IDSM
  EXPECT_TRUE(IsFinding(Conjecture::k61, a, kCompleteSeki));
  EXPECT_NE(FindingReason(Conjecture::k61, a, kCompleteSeki).find("row sums 2,2,3"),
            std::string::npos);
  EXPECT_EQ(FindingKind(Conjecture::k61, a), "counterexample");
  // Not a counterexample: not complete, an IDSM, not prime, or an entry above 2.
  EXPECT_FALSE(Violates61(a, kPlainSeki));
  EXPECT_FALSE(Violates61(a, kNothing));
  EXPECT_FALSE(Violates61(M("211/121/112"), kCompleteSeki));
  EXPECT_FALSE(Violates61(M("200/012/021"), kCompleteSeki));
  EXPECT_FALSE(Violates61(M("033/331/312"), kCompleteSeki));
}

// ---------------------------------------------------------------------------------------------
// 6.2 and 6.3

TEST(Predicate62, Heights) {
  const Matrix fig2 = M("033/331/312");
  EXPECT_FALSE(IsNewHeight62(fig2, Solve(fig2)));  // a complete seki of height 3
  const Matrix h4 = M("043/331/312");
  EXPECT_TRUE(IsNewHeight62(h4, kCompleteSeki));
  EXPECT_FALSE(IsNewHeight62(h4, kPlainSeki));
  EXPECT_EQ(FindingKind(Conjecture::k62, h4), "counterexample");  // 3x3: contradicts H_3 = 3
  EXPECT_NE(FindingReason(Conjecture::k62, h4, kCompleteSeki).find("H_3 = 3"), std::string::npos);
  const Matrix h4_4x4 = M("4100/1210/0112/0022");
  EXPECT_EQ(FindingKind(Conjecture::k62, h4_4x4), "new");
  EXPECT_NE(FindingReason(Conjecture::k62, h4_4x4, kCompleteSeki).find("H_4 >= 4"),
            std::string::npos);
  EXPECT_EQ(FindingKind(Conjecture::k62, fig2), "listed");
}

TEST(Predicate63, NonSquareSeki) {
  // 111/233 is a d-seki but not a seki (spec section 4).
  const Matrix a = M("111/233");
  const Solution v = Solve(a);
  EXPECT_TRUE(v.dseki.is_seki());
  EXPECT_FALSE(v.seki.is_seki());
  EXPECT_FALSE(Violates63(a, v));
  EXPECT_TRUE(Violates63(a, kPlainSeki));  // forged: a 2x3 seki would be a counterexample
  EXPECT_TRUE(Violates63(a.transposed(), kCompleteSeki));
  EXPECT_FALSE(Violates63(M("033/331/312"), kPlainSeki));  // square
  EXPECT_NE(FindingReason(Conjecture::k63, a, kPlainSeki).find("2x3"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// 6.9

TEST(Classifier69, Blocks) {
  EXPECT_EQ(ClassifyBlock69(M("11/11")), Block69::kZeroOneIdsm);
  EXPECT_EQ(ClassifyBlock69(M("111/111/111")), Block69::kZeroOneIdsm);
  EXPECT_EQ(ClassifyBlock69(M("110/011/101")), Block69::kZeroOneIdsm);
  EXPECT_EQ(ClassifyBlock69(M("1")), Block69::kOther);            // s = 1
  EXPECT_EQ(ClassifyBlock69(M("100/010/001")), Block69::kOther);  // s = 1 (and not prime)
  for (int k = 3; k <= 8; ++k) EXPECT_EQ(ClassifyBlock69(TwoCycle(k)), Block69::kTwoCycle) << k;
  testing::Rng rng(69);
  for (int round = 0; round < 20; ++round)
    EXPECT_EQ(ClassifyBlock69(testing::RandomPermuted(rng, TwoCycle(5))), Block69::kTwoCycle);
  EXPECT_EQ(ClassifyBlock69(M("220/202/022")), Block69::kTwoCycle);  // C_3 as in the spec
  // 22/22 = TwoCycle(2) is not one of the paper's 2-cycles (C_k, k >= 3).
  EXPECT_EQ(ClassifyBlock69(TwoCycle(2)), Block69::kOther);
  EXPECT_EQ(ClassifyBlock69(M("22/22")), Block69::kOther);
  // Other matrices: prime, but neither kind.
  EXPECT_EQ(ClassifyBlock69(M("21/12")), Block69::kOther);
  EXPECT_EQ(ClassifyBlock69(M("2200/2020/0202/0022")), Block69::kTwoCycle);  // C_4 permuted
  EXPECT_EQ(ClassifyBlock69(M("220/222/022")), Block69::kOther);
  EXPECT_EQ(ClassifyBlock69(M("011/111/111")), Block69::kOther);  // a (0,1) non-IDSM
  EXPECT_EQ(ClassifyBlock69(M("033/331/312")), Block69::kOther);
}

TEST(Classifier69, DirectSums) {
  EXPECT_TRUE(IsConforming69(DirectSum(M("11/11"), TwoCycle(3))));
  EXPECT_TRUE(IsConforming69(DirectSum(TwoCycle(4), M("111/111/111"))));
  EXPECT_TRUE(IsConforming69(TwoCycle(6)));
  EXPECT_FALSE(IsConforming69(DirectSum(M("11/11"), M("22/22"))));
  EXPECT_FALSE(IsConforming69(DirectSum(TwoCycle(3), M("21/12"))));
  EXPECT_FALSE(IsConforming69(DirectSum(M("11/11"), M("1"))));
  EXPECT_FALSE(IsConforming69(M("110/110/000")));  // a zero line: not a starting position
}

TEST(Classifier69, SolvedValuesAndTheTwoByTwoTwos) {
  // Prop. 3.2 and Theorem 6.7: (0,1)-IDSMs with s >= 2 and 2-cycles are complete d-seki.
  for (const Matrix& a : {M("11/11"), M("111/111/111"), M("110/011/101"), TwoCycle(3), TwoCycle(4),
                          DirectSum(M("11/11"), TwoCycle(3))}) {
    const Solution v = Solve(a);
    EXPECT_EQ(v.dseki.seki_class(), SekiClass::kComplete) << FormatMatrix(a);
    EXPECT_FALSE(Violates69(a, v)) << FormatMatrix(a);
  }
  // 22/22 is a complete seki but not a complete d-seki, so classifying it as "not a 2-cycle"
  // never produces a counterexample; nor does any direct sum with a 22/22 block (Prop. 5.1).
  const Matrix twos = M("22/22");
  const Solution v = Solve(twos);
  EXPECT_EQ(v.seki.seki_class(), SekiClass::kComplete);
  EXPECT_NE(v.dseki.seki_class(), SekiClass::kComplete);
  EXPECT_FALSE(Violates69(twos, v));
  const Matrix with_twos = DirectSum(M("11/11"), twos);
  EXPECT_NE(Solve(with_twos).dseki.seki_class(), SekiClass::kComplete);
  EXPECT_FALSE(Violates69(with_twos, Solve(with_twos)));
  // Forged: were they complete d-seki, they would be counterexamples.
  EXPECT_TRUE(Violates69(twos, kCompleteDSeki));
  EXPECT_TRUE(Violates69(with_twos, kCompleteDSeki));
  EXPECT_NE(FindingReason(Conjecture::k69, twos, kCompleteDSeki).find("TwoCycle(2)"),
            std::string::npos);
  const std::string why = FindingReason(Conjecture::k69, with_twos, kCompleteDSeki);
  EXPECT_NE(why.find("2 prime blocks"), std::string::npos) << why;
  EXPECT_NE(why.find("22/22 NEITHER"), std::string::npos) << why;
  EXPECT_NE(why.find("11/11 (0,1)-IDSM with s = 2"), std::string::npos) << why;
  EXPECT_TRUE(Violates69(M("21/12"), kCompleteDSeki));
  EXPECT_FALSE(Violates69(M("21/12"), kCompleteSeki));  // complete seki only: not about 6.9
}

// ---------------------------------------------------------------------------------------------
// Regions

TEST(Regions, GridShapes) {
  using Shapes = std::vector<std::pair<int, int>>;
  EXPECT_EQ(GridShapes(Conjecture::k61, 4, 4), (Shapes{{1, 1}, {2, 2}, {3, 3}, {4, 4}}));
  EXPECT_EQ(GridShapes(Conjecture::k62, 3, 5), (Shapes{{1, 1}, {2, 2}, {3, 3}}));
  EXPECT_EQ(GridShapes(Conjecture::k63, 3, 4),
            (Shapes{{1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}));
  // n x m is kept when its transpose m x n is outside the grid.
  EXPECT_EQ(GridShapes(Conjecture::k63, 4, 3),
            (Shapes{{1, 2}, {1, 3}, {2, 3}, {4, 1}, {4, 2}, {4, 3}}));
  EXPECT_EQ(GridShapes(Conjecture::k69, 2, 3), (Shapes{{1, 1}, {1, 2}, {1, 3}, {2, 2}, {2, 3}}));
  EXPECT_TRUE(GridShapes(Conjecture::k63, 1, 1).empty());
}

TEST(Regions, Bounds) {
  // 6.1: entries <= 2 by default, never more.
  EXPECT_EQ(ConjectureSpace(Conjecture::k61, 3, 3, -1, -1).max_entry, 2);
  EXPECT_EQ(ConjectureSpace(Conjecture::k61, 3, 3, 1, -1).max_entry, 1);
  EXPECT_EQ(ConjectureSpace(Conjecture::k61, 3, 3, -1, 5).max_sum, 5);
  EXPECT_THROW(ConjectureSpace(Conjecture::k61, 3, 3, 3, -1), std::invalid_argument);
  // The others need a bound.
  EXPECT_THROW(ConjectureSpace(Conjecture::k62, 3, 3, -1, -1), std::invalid_argument);
  const EnumerationSpace s = ConjectureSpace(Conjecture::k63, 3, 4, -1, 7);
  EXPECT_EQ(s.max_entry, 7);
  EXPECT_EQ(s.max_sum, 7);
  // Keys of any width: 4x4 with entries up to 20 needs 80 bits, two words.
  EXPECT_EQ(ConjectureSpace(Conjecture::k62, 4, 4, -1, 20).key_words, 2);
  EXPECT_NO_THROW(ConjectureSpace(Conjecture::k69, 8, 8, 1, -1));  // 64 bits: the wide engine
  EXPECT_EQ(ConjectureSpace(Conjecture::k69, 6, 6, 2, -1).key_words, 2);  // 72 bits
  EXPECT_NO_THROW(ConjectureSpace(Conjecture::k69, 7, 7, 1, -1));
}

// ---------------------------------------------------------------------------------------------
// Searches with known answers

TEST(Search61, ThreeByThreeEntriesAtMostTwo) {
  const ShapeReport r = Search(Conjecture::k61, 3, 3, -1);
  EXPECT_EQ(r.max_entry, 2);
  EXPECT_EQ(r.max_sum, 18);
  EXPECT_TRUE(r.findings.empty());
  // Every class once: Burnside's count, and a brute-force enumeration of all 3^9 matrices.
  EXPECT_EQ(r.classes, Burnside(3, 3, 2));
  EXPECT_EQ(r.classes, r.expected_classes);
  const std::set<Matrix> all = BruteForceClasses(3, 3, 2);
  EXPECT_EQ(r.classes, all.size());
  // The examined classes and the counts, recomputed with the single-matrix solver.
  std::uint64_t starting = 0, complete = 0, prime = 0, prime_idsm = 0;
  ExhaustiveSolver solver;
  for (const Matrix& a : all) {
    if (a.has_zero_line()) continue;
    ++starting;
    if (solver.Solve(a).seki.seki_class() != SekiClass::kComplete) continue;
    ++complete;
    if (!IsPrime(a)) continue;
    ++prime;
    prime_idsm += IsIdsm(a);
  }
  EXPECT_EQ(r.examined, starting);
  EXPECT_EQ(r.examined, 581u);
  const std::vector<std::pair<std::string, std::uint64_t>> counts = {
      {"complete seki", complete},
      {"prime complete seki", prime},
      {"prime complete seki that are IDSMs", prime_idsm}};
  EXPECT_EQ(r.counts, counts);
  EXPECT_EQ(prime, prime_idsm);  // the conjecture, here
  EXPECT_EQ(r.Count(Game::kSeki, SekiClass::kComplete), complete);
}

TEST(Search61, SmallSquaresAndSumBound) {
  for (int n = 1; n <= 3; ++n) {
    const ShapeReport r = Search(Conjecture::k61, n, n, -1);
    EXPECT_TRUE(r.findings.empty()) << n;
    EXPECT_EQ(r.classes, Burnside(n, n, 2)) << n;
  }
  // 2x2: the complete seki with entries <= 2 are 11/11, 20/02, 21/12, 22/22 (spec section 4).
  EXPECT_EQ(Search(Conjecture::k61, 2, 2, -1).Count(Game::kSeki, SekiClass::kComplete), 4u);
  // A sum bound cuts the region: 3x3, entries <= 2, sum <= 6.
  const ShapeReport r = Search(Conjecture::k61, 3, 3, -1, 6);
  EXPECT_EQ(r.max_sum, 6);
  std::uint64_t expected = 0;
  for (std::uint64_t k : ClassCountsBySum(3, 3, 2, 6)) expected += k;
  EXPECT_EQ(r.classes, expected);
}

TEST(Search63, TwoByThreeEntriesAtMostThree) {
  // No seki when min(m, n) <= 2; D-SEKI has some (111/233 among them).
  const ShapeReport a = Search(Conjecture::k63, 2, 3, 3), b = Search(Conjecture::k63, 3, 2, 3);
  for (const ShapeReport* r : {&a, &b}) {
    EXPECT_TRUE(r->findings.empty());
    EXPECT_EQ(r->SekiCount(Game::kSeki), 0u);
    EXPECT_GT(r->SekiCount(Game::kDSeki), 0u);
    EXPECT_EQ(r->classes, Burnside(2, 3, 3));
  }
  // Transposition maps the d-seki of 2x3 onto those of 3x2.
  EXPECT_EQ(a.SekiCount(Game::kDSeki), b.SekiCount(Game::kDSeki));
  EXPECT_EQ(a.examined, b.examined);
}

TEST(Search62, ThreeByThreeEntriesAtMostFour) {
  const ShapeReport r = Search(Conjecture::k62, 3, 3, 4);
  EXPECT_TRUE(r.findings.empty());
  EXPECT_EQ(r.largest_complete_seki_height, 3);
  ASSERT_EQ(r.complete_seki_by_height.size(), 5u);
  EXPECT_EQ(r.complete_seki_by_height[3], 7u);  // the seven prime 3x3 of height 3
  EXPECT_EQ(r.complete_seki_by_height[4], 0u);
  // The semi-complete seki with entries <= 4 are 033/403/430 and its transpose.
  EXPECT_EQ(r.Count(Game::kSeki, SekiClass::kSemiComplete), 2u);
  EXPECT_EQ(r.classes, Burnside(3, 3, 4));
}

TEST(Search62, ListedHeightsCarryLinesInKeyOrder) {
  // With the threshold lowered to 3 the seven known height-3 complete seki are listed: this runs
  // the findings path (solver agreement, lines of play, ordering) on real classes.
  ShapeScanOptions config;
  config.min_height_62 = 3;
  const ShapeReport r = Search(Conjecture::k62, 3, 3, 3, -1, config);
  ASSERT_EQ(r.findings.size(), 7u);
  std::set<Matrix> found;
  for (std::size_t k = 0; k < r.findings.size(); ++k) {
    const Finding& f = r.findings[k];
    EXPECT_EQ(f.kind, "listed");
    EXPECT_EQ(f.game, Game::kSeki);
    EXPECT_EQ(f.values, Solve(f.matrix));
    EXPECT_EQ(f.values.seki.seki_class(), SekiClass::kComplete);
    for (const PlayLine& line : f.lines) {
      EXPECT_EQ(line.result, Result::D);
      EXPECT_EQ(line.ending, "draw: two passes");
    }
    EXPECT_EQ(f.lines[0].steps.front().player, Player::kR);
    EXPECT_EQ(f.lines[1].steps.front().player, Player::kC);
    if (k > 0) {
      const Finding& e = r.findings[k - 1];
      EXPECT_TRUE(e.matrix.sum() < f.matrix.sum() ||
                  (e.matrix.sum() == f.matrix.sum() && e.key < f.key));
    }
    found.insert(canon::CanonicalForm(f.matrix));
  }
  std::set<Matrix> paper;
  for (const char* text : {"033/303/330", "133/313/331", "301/022/121", "320/212/023",
                           "320/203/032", "320/213/033", "033/331/312"})
    paper.insert(canon::CanonicalForm(M(text)));
  EXPECT_EQ(found, paper);
}

TEST(Search69, ShapesUpToThreeByThree) {
  std::map<std::pair<int, int>, std::uint64_t> complete;
  for (const auto& [m, n] : GridShapes(Conjecture::k69, 3, 3)) {
    const ShapeReport r = Search(Conjecture::k69, m, n, 2);
    EXPECT_TRUE(r.findings.empty()) << m << "x" << n;
    EXPECT_EQ(r.classes, Burnside(m, n, 2));
    complete[{m, n}] = r.Count(Game::kDSeki, SekiClass::kComplete);
    if (m == 3 && n == 3) {
      // 110/011/101 and 111/111/111 ((0,1)-IDSMs) and C_3.
      const std::vector<std::pair<std::string, std::uint64_t>> counts = {
          {"complete d-seki", 3},
          {"prime (0,1)-IDSMs with s >= 2", 2},
          {"prime 2-cycles C_k (k >= 3)", 1},
          {"direct sums of such blocks", 0}};
      EXPECT_EQ(r.counts, counts);
    }
  }
  // 11/11 is the only complete d-seki among 1xn and 2xn (spec section 4).
  EXPECT_EQ(complete[std::make_pair(2, 2)], 1u);
  EXPECT_EQ(complete[std::make_pair(1, 1)], 0u);
  EXPECT_EQ(complete[std::make_pair(2, 3)], 0u);
}

TEST(Search, IndependentOfThreadCount) {
  ShapeScanOptions config;
  config.min_height_62 = 3;
  auto run = [&](int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    return Search(Conjecture::k62, 3, 3, 3, -1, config);
  };
  const ShapeReport one = run(1), two = run(2);
  EXPECT_EQ(one.by_class, two.by_class);
  EXPECT_EQ(one.counts, two.counts);
  ASSERT_EQ(one.findings.size(), two.findings.size());
  for (std::size_t k = 0; k < one.findings.size(); ++k)
    EXPECT_EQ(one.findings[k].matrix, two.findings[k].matrix);
}

TEST(Search, LevelCallback) {
  std::vector<int> sums;
  std::uint64_t classes = 0;
  ShapeScanOptions config;
  config.on_level = [&](int sum, std::uint64_t n, double) {
    sums.push_back(sum);
    classes += n;
  };
  const ShapeReport r = Search(Conjecture::k63, 2, 3, 2, -1, config);
  ASSERT_EQ(sums.size(), 13u);  // sums 0..12
  EXPECT_EQ(sums.back(), 12);
  EXPECT_EQ(classes, r.classes);
}

}  // namespace
}  // namespace seki
