// ProofExtractor: how big is a proof (issue 49, item 1) — a proof DAG of a root question (a bound
// on a value of spec section 2, passes included) extracted from known values of every position
// (the down-set engine's full table, or any solver), greedily, and its distinct positions counted
// with positions shared as matrices or as canonical classes; and the classes of a whole down-set.
// Concurrency: an extractor is used by one thread; CountDownsetClasses is pure.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"

namespace seki {

// What a proof says about the active moves of the player `mover` at one matrix of `game`:
// a_mover(B) >= D, >= W (an OR node: one move suffices) or a_mover(B) <= L, <= D (an AND node:
// every move), a_mover being r (R) or c (C) of spec section 2.
enum class ClaimKind : std::uint8_t { kAtLeastD, kAtLeastW, kAtMostL, kAtMostD };
struct Claim {
  Game game = Game::kSeki;
  Player mover = Player::kR;
  ClaimKind kind = ClaimKind::kAtLeastD;
  friend bool operator==(const Claim&, const Claim&) = default;
};
constexpr bool IsAtLeast(ClaimKind k) {
  return k == ClaimKind::kAtLeastD || k == ClaimKind::kAtLeastW;
}
// The threshold of a claim: D or W for kAtLeast*, L or D for kAtMost*.
constexpr Result Threshold(ClaimKind k) {
  return k == ClaimKind::kAtLeastW ? Result::W : k == ClaimKind::kAtMostL ? Result::L : Result::D;
}

// A bound on a value, read as claims on the same matrix (spec section 2's pass rule):
//   Val(B,q) >= W  <=>  a_q >= W            Val(B,q) <= L  <=>  a_q <= L and a_q' >= W
//   Val(B,q) >= D  <=>  a_q >= D or a_q' <= D   Val(B,q) <= D  <=>  a_q <= D
// (q' the opponent; >= L and <= W hold always). Alternatives: a list of conjunctions of claims.
using ClaimAlternatives = std::vector<std::vector<Claim>>;
ClaimAlternatives ValueBound(Game g, Player q, bool at_least, Result x);

// How positions are shared: as matrices (a claim proved once per matrix) or as canonical classes
// (once per class up to row/column permutation, canon::CanonicalForm).
enum class ProofSharing { kMatrices, kClasses };
// How the prover's move is chosen among those that keep the claim: kGreedy (one adding no new
// claim first, else the fewest new claims, else the smallest down-set under them, else an OR claim
// before an AND claim); kFirst (the first in row-major order of the moves, a_q >= before a_q' <=).
enum class ProofChoice { kGreedy, kFirst };

// The values (both games) of a matrix with no zero line; the extractor asks it for every matrix
// its proof touches and for the children of every OR node.
using ValuesOf = std::function<Solution(const Matrix&)>;

struct ProofCount {
  std::uint64_t positions = 0;  // distinct non-terminal matrices (or classes) of the proof
  std::uint64_t claims = 0;     // distinct (matrix or class, claim) nodes
};

class ProofExtractor {
 public:
  // Matrices up to 36 cells with entries up to 7 (throws std::invalid_argument otherwise).
  ProofExtractor(ValuesOf values, ProofSharing sharing, ProofChoice choice);
  ~ProofExtractor();
  ProofExtractor(const ProofExtractor&) = delete;
  ProofExtractor& operator=(const ProofExtractor&) = delete;

  // Adds a proof of Val(b, first) >= x (at_least) or <= x to the proof held so far (shared with
  // every claim added before); throws std::logic_error when the values say the bound is false.
  void ProveValue(const Matrix& b, Game g, Player first, bool at_least, Result x);
  // The same for one claim.
  void ProveClaim(const Matrix& b, const Claim& c);
  ProofCount count() const;
  // The distinct matrices of the proof (kMatrices; with kClasses, one matrix of each class).
  std::vector<Matrix> positions() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The root questions of one game at a matrix whose values in that game are o. ValueBounds: the
// bounds that pin the value for player `first` (Val >= V unless V = L, Val <= V unless V = W).
// ActiveBounds: the claims that pin r and c, hence the whole Outcome and the class (a_q >= a and
// a_q <= a for each player q, less those trivially true).
struct RootBound {
  bool at_least = true;
  Result x = Result::D;
};
std::vector<RootBound> ValueBounds(const Outcome& o, Player first);
std::vector<Claim> ActiveBounds(const Outcome& o, Game g);

// The matrices B <= a (entrywise), those with no zero line, and the classes of those up to
// row/column permutation. Precondition: as for ProofExtractor.
struct DownsetClasses {
  std::uint64_t matrices = 0, nonterminal = 0, classes = 0;
};
DownsetClasses CountDownsetClasses(const Matrix& a);

}  // namespace seki
