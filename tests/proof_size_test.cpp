// ProofExtractor (engine/describe/proof_size.hpp) on tiny matrices against a brute force of this
// file's own: a plain solver of spec section 2, a check that the root questions are provable using
// only the positions the extractor counted, and the smallest such set of positions found by trying
// every subset of the down-set (the extractor's count can be no smaller).
#include "engine/describe/proof_size.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include "engine/base/matrix_text.hpp"
#include "engine/solve/downset.hpp"

namespace seki {
namespace {

// Results 0 = L, 1 = D, 2 = W for the player to move; the values of one game.
struct V {
  int R = 0, C = 0, r = 0, c = 0;
};
using Both = std::array<V, 2>;  // SEKI, D-SEKI

std::map<Matrix, Both> memo;

// Val of the matrix after lowering b(i, j), for player q (0 = R, 1 = C) to move, game g.
int ChildVal(const Matrix& b, int i, int j, int g, int q);

Both Brute(const Matrix& b) {
  if (auto it = memo.find(b); it != memo.end()) return it->second;
  Both out;
  for (int g = 0; g < 2; ++g) {
    int r = 0, c = 0;
    for (int i = 0; i < b.rows(); ++i)
      for (int j = 0; j < b.cols(); ++j)
        if (b(i, j) > 0) {
          r = std::max(r, 2 - ChildVal(b, i, j, g, 1));
          c = std::max(c, 2 - ChildVal(b, i, j, g, 0));
        }
    out[g] = {r >= 1 ? r : (c == 2 ? 0 : 1), c >= 1 ? c : (r == 2 ? 0 : 1), r, c};
  }
  return memo[b] = out;
}

int ChildVal(const Matrix& b, int i, int j, int g, int q) {
  Matrix child = b;
  child.decrement(i, j);
  int row = 0, col = 0;
  for (int k = 0; k < b.cols(); ++k) row += child(i, k);
  for (int k = 0; k < b.rows(); ++k) col += child(k, j);
  if (row == 0 && col == 0) return g == 0 ? 0 : 1;  // SEKI: the mover won; D-SEKI: a draw
  if (row == 0) return q == 0 ? 2 : 0;              // R has won
  if (col == 0) return q == 0 ? 0 : 2;              // C has won
  const V v = Brute(child)[g];
  return q == 0 ? v.R : v.C;
}

bool Terminal(const Matrix& b, int i, int j) {
  Matrix child = b;
  child.decrement(i, j);
  return child.has_zero_line();
}

// Whether claims hold with proofs that use only the matrices of S (terminal moves need none).
class Within {
 public:
  explicit Within(std::set<Matrix> s) : s_(std::move(s)) {}

  // a_q(b) >= thr (at_least) or <= thr, proved within S.
  bool Active(const Matrix& b, int g, int q, bool at_least, int thr) {
    if (!s_.count(b)) return false;
    const auto key = std::make_tuple(b, g, q, at_least, thr);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool any = false, all = true;
    for (int i = 0; i < b.rows(); ++i)
      for (int j = 0; j < b.cols(); ++j) {
        if (b(i, j) == 0) continue;
        const int m = 2 - ChildVal(b, i, j, g, 1 - q);
        Matrix child = b;
        child.decrement(i, j);
        const bool ok =
            at_least ? m >= thr && (Terminal(b, i, j) || Value(child, g, 1 - q, false, 2 - thr))
                     : m <= thr && (Terminal(b, i, j) || Value(child, g, 1 - q, true, 2 - thr));
        any = any || ok;
        all = all && ok;
      }
    return memo_[key] = at_least ? any : all;
  }

  // Val(b, q) >= x (at_least) or <= x by the pass rule, proved within S.
  bool Value(const Matrix& b, int g, int q, bool at_least, int x) {
    if (at_least) {
      if (x == 0) return true;
      if (x == 2) return Active(b, g, q, true, 2);
      return Active(b, g, q, true, 1) || Active(b, g, 1 - q, false, 1);
    }
    if (x == 2) return true;
    if (x == 1) return Active(b, g, q, false, 1);
    return Active(b, g, q, false, 0) && Active(b, g, 1 - q, true, 2);
  }

  // Both players' values of game g pinned (>= and <= each).
  bool Values(const Matrix& a, int g) {
    const V v = Brute(a)[g];
    return Value(a, g, 0, true, v.R) && Value(a, g, 0, false, v.R) && Value(a, g, 1, true, v.C) &&
           Value(a, g, 1, false, v.C);
  }

 private:
  std::set<Matrix> s_;
  std::map<std::tuple<Matrix, int, int, bool, int>, bool> memo_;
};

std::vector<Matrix> Nonterminal(const Matrix& a) {
  std::vector<Matrix> out;
  std::vector<std::pair<int, int>> cells;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0) cells.emplace_back(i, j);
  Matrix b(a.rows(), a.cols());
  while (true) {
    if (!b.has_zero_line()) out.push_back(b);
    std::size_t k = 0;
    for (; k < cells.size() &&
           b(cells[k].first, cells[k].second) == a(cells[k].first, cells[k].second);
         ++k)
      b.set(cells[k].first, cells[k].second, 0);
    if (k == cells.size()) return out;
    b.increment(cells[k].first, cells[k].second);
  }
}

const ValuesOf kBruteValues = [](const Matrix& b) {
  Solution s;
  for (Game g : kGames) {
    const V v = Brute(b)[static_cast<int>(g)];
    s[g] = Outcome{Result(v.R), Result(v.C), Result(v.r), Result(v.c)};
  }
  return s;
};

// The extractor's proof of game g's values (both players first, both bounds).
std::vector<Matrix> ValueProof(const Matrix& a, Game g, ProofChoice choice, ProofCount* count) {
  ProofExtractor x(kBruteValues, ProofSharing::kMatrices, choice);
  const Solution s = kBruteValues(a);
  for (Player p : {Player::kR, Player::kC})
    for (const RootBound& b : ValueBounds(s[g], p)) x.ProveValue(a, g, p, b.at_least, b.x);
  *count = x.count();
  return x.positions();
}

const char* const kTiny[] = {"1",     "2",     "3",     "4",       "11",    "11/11",    "21/12",
                             "20/02", "22/22", "12/11", "111/111", "21/11", "11/12/11", "22/21"};

TEST(ProofSize, ExtractedProofsHoldWithinTheirPositionsAndAreNoSmallerThanTheSmallest) {
  int minimum_checked = 0;
  for (const char* text : kTiny) {
    const Matrix a = ParseMatrix(text);
    const std::vector<Matrix> down = Nonterminal(a);
    for (Game g : kGames)
      for (ProofChoice choice : {ProofChoice::kGreedy, ProofChoice::kFirst}) {
        ProofCount count;
        const std::vector<Matrix> proof = ValueProof(a, g, choice, &count);
        const std::set<Matrix> s(proof.begin(), proof.end());
        SCOPED_TRACE(std::string(text) + (g == Game::kSeki ? " seki" : " dseki"));
        EXPECT_EQ(count.positions, s.size());
        EXPECT_EQ(proof.size(), s.size());
        EXPECT_LE(s.size(), down.size());
        for (const Matrix& b : s) EXPECT_EQ(std::count(down.begin(), down.end(), b), 1);
        EXPECT_TRUE(Within(s).Values(a, static_cast<int>(g)));
        if (down.size() > 16) continue;
        // The smallest set of positions within which the values are provable, by brute force.
        std::size_t smallest = down.size() + 1;
        for (std::uint32_t mask = 0; mask < (1u << down.size()); ++mask) {
          const auto size = static_cast<std::size_t>(std::popcount(mask));
          if (size >= smallest) continue;
          std::set<Matrix> t;
          for (std::size_t k = 0; k < down.size(); ++k)
            if (mask >> k & 1) t.insert(down[k]);
          if (Within(t).Values(a, static_cast<int>(g))) smallest = size;
        }
        ASSERT_LE(smallest, down.size());
        EXPECT_GE(s.size(), smallest);
        ++minimum_checked;
      }
  }
  EXPECT_GE(minimum_checked, 20);
}

TEST(ProofSize, CountsByHand) {
  // (2) is a complete seki: r = c = L because the only move leaves (1), where the next player
  // wins by emptying the row and the column at once: the proof holds (2) and (1).
  ProofExtractor x(kBruteValues, ProofSharing::kMatrices, ProofChoice::kGreedy);
  for (const Claim& c : ActiveBounds(kBruteValues(ParseMatrix("2")).seki, Game::kSeki))
    x.ProveClaim(ParseMatrix("2"), c);
  EXPECT_EQ(x.count().positions, 2u);
  EXPECT_EQ(x.count().claims, 4u);  // a_R, a_C <= L at (2); a_C, a_R >= W at (1)
  // (1): either player wins at once by the move that ends the game: the root alone.
  ProofExtractor y(kBruteValues, ProofSharing::kMatrices, ProofChoice::kGreedy);
  for (const Claim& c : ActiveBounds(kBruteValues(ParseMatrix("1")).seki, Game::kSeki))
    y.ProveClaim(ParseMatrix("1"), c);
  EXPECT_EQ(y.count().positions, 1u);
}

TEST(ProofSize, AFalseBoundIsRefused) {
  ProofExtractor x(kBruteValues, ProofSharing::kMatrices, ProofChoice::kGreedy);
  // 22/22 is a complete seki: R cannot win moving first.
  EXPECT_THROW(x.ProveValue(ParseMatrix("22/22"), Game::kSeki, Player::kR, true, Result::W),
               std::logic_error);
}

TEST(ProofSize, TheDownsetTableGivesTheSameProofsAndClassesShareMore) {
  for (const char* text : {"033/303/330", "320/212/023", "2200/0220/0022/2002", "111/233"}) {
    const Matrix a = ParseMatrix(text);
    DownsetEngine engine;
    engine.Solve(a);
    const ValuesOf table = [&engine](const Matrix& b) { return engine.Solve(b); };
    for (Game g : kGames) {
      const Solution s = kBruteValues(a);
      ASSERT_EQ(engine.Solve(a), s);
      ProofCount counts[3];
      int k = 0;
      for (auto [values, sharing] :
           {std::pair{kBruteValues, ProofSharing::kMatrices},
            std::pair{table, ProofSharing::kMatrices}, std::pair{table, ProofSharing::kClasses}}) {
        ProofExtractor x(values, sharing, ProofChoice::kGreedy);
        for (const Claim& c : ActiveBounds(s[g], g)) x.ProveClaim(a, c);
        counts[k++] = x.count();
      }
      EXPECT_EQ(counts[0].positions, counts[1].positions) << text;
      EXPECT_EQ(counts[0].claims, counts[1].claims) << text;
      EXPECT_LE(counts[2].positions, counts[1].positions) << text;
      EXPECT_GE(counts[1].positions, 1u);
    }
  }
}

// Classes by brute force: the smallest row-major reading over every row and column permutation.
std::vector<int> Smallest(const Matrix& b) {
  std::vector<int> rows(b.rows()), cols(b.cols()), best;
  for (int i = 0; i < b.rows(); ++i) rows[i] = i;
  do {
    for (int j = 0; j < b.cols(); ++j) cols[j] = j;
    do {
      std::vector<int> v;
      for (int i : rows)
        for (int j : cols) v.push_back(b(i, j));
      if (best.empty() || v < best) best = v;
    } while (std::next_permutation(cols.begin(), cols.end()));
  } while (std::next_permutation(rows.begin(), rows.end()));
  return best;
}

TEST(ProofSize, DownsetClassesAgreeWithBruteForce) {
  for (const char* text : {"22/22", "033/303/330", "121/212/121", "220/022/202"}) {
    const Matrix a = ParseMatrix(text);
    const std::vector<Matrix> down = Nonterminal(a);
    std::set<std::vector<int>> classes;
    for (const Matrix& b : down) classes.insert(Smallest(b));
    const DownsetClasses d = CountDownsetClasses(a);
    EXPECT_EQ(d.nonterminal, down.size()) << text;
    EXPECT_EQ(d.classes, classes.size()) << text;
    EXPECT_EQ(d.matrices, static_cast<std::uint64_t>(DownsetMatrices(a))) << text;
  }
}

}  // namespace
}  // namespace seki
