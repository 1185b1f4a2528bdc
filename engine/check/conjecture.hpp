// Conjecture: the open conjectures of spec section 5 (the paper's 6.1, 6.2, 6.3 and 6.9) that
// `seki check` searches for counterexamples: their names and statements, the predicate that makes
// a class a finding, and the region (shapes, bounds) each is about.
//
//  * 6.1  Every prime (0,1,2) complete seki is an IDSM. Region: entries <= 2 (at most). A finding
//         is a prime complete seki (SEKI) with every entry <= 2 that is not an IDSM.
//  * 6.2  H_n, the largest height of an n x n complete seki, is finite, non-decreasing, unbounded,
//         H_3 = 3. Per shape: the largest height of a complete seki in the region, the count per
//         height, and as findings every complete seki of height >= 4 (none is known; on 3 x 3 it
//         contradicts H_3 = 3, on any other shape it is a new record).
//  * 6.3  Every seki is square. A finding is any seki (SEKI, R = C = D) of a shape with m != n.
//         The D-SEKI counts (d-seki exist off the square) are reported for information.
//  * 6.9  Every complete d-seki is a direct sum of (0,1)-IDSMs with line sum s >= 2 and 2-cycles
//         C_k (k >= 3). A finding is a complete d-seki with a prime block that is neither.
//         22/22 (TwoCycle(2)) is not a 2-cycle here: the paper's C_k starts at k = 3 and its
//         Prop. 6.8 names "2-cycles and copies of 22/22" apart. It cannot matter: 22/22 is not a
//         complete d-seki (only 11/11 is, among 2 x 2), and by Prop. 5.1 a direct sum is a
//         complete d-seki iff every block is, so no complete d-seki has a 22/22 block.
//
// Concurrency: pure functions, thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/level/enumeration_space.hpp"

namespace seki {

enum class Conjecture { k61, k62, k63, k69 };
inline constexpr Conjecture kConjectures[] = {Conjecture::k61, Conjecture::k62, Conjecture::k63,
                                              Conjecture::k69};

std::optional<Conjecture> ParseConjecture(std::string_view text);  // "6.1", "6.2", "6.3", "6.9"
std::string_view ConjectureName(Conjecture c);                     // "6.1"
std::string_view ConjectureStatement(Conjecture c);                // the conjecture, one sentence
std::string_view FindingMeaning(Conjecture c);  // what the check reports as a finding
// The game in which a finding is a (complete) seki and its lines of play are shown.
Game ConjectureGame(Conjecture c);

// ---- Predicates (a: a matrix with no zero line, v: its values) ----

// 6.1: complete seki, every entry <= 2, prime, not an IDSM.
bool Violates61(const Matrix& a, const Solution& v);
// 6.2: complete seki of height >= 4 (a new height; a counterexample to H_3 = 3 on 3 x 3).
bool IsNewHeight62(const Matrix& a, const Solution& v);
// 6.3: a seki that is not square.
bool Violates63(const Matrix& a, const Solution& v);

// 6.9: what a prime block is.
enum class Block69 {
  kZeroOneIdsm,  // a (0,1)-IDSM with line sum s >= 2
  kTwoCycle,     // isomorphic to C_k = TwoCycle(k), k >= 3
  kOther,        // neither (22/22 = TwoCycle(2) is here, see above)
};
Block69 ClassifyBlock69(const Matrix& block);
// Every prime block of a is a (0,1)-IDSM with s >= 2 or a 2-cycle C_k with k >= 3.
bool IsConforming69(const Matrix& a);
// A complete d-seki that is not conforming.
bool Violates69(const Matrix& a, const Solution& v);

// Whether (a, v) is reported as a finding of conjecture c.
bool IsFinding(Conjecture c, const Matrix& a, const Solution& v);
// Why it is reported, in one line (e.g. "prime complete seki, entries <= 2, not an IDSM: row sums
// 3,3,2, column sums 3,2,3").
std::string FindingReason(Conjecture c, const Matrix& a, const Solution& v);
// "counterexample"; for 6.2: "counterexample" on 3 x 3 (height >= 4 contradicts H_3 = 3), "new" on
// other shapes (a complete seki of height >= 4 does not contradict 6.2 there, but none was known),
// "listed" for height <= 3 (only with ShapeScanOptions::min_height_62 < 4).
std::string FindingKind(Conjecture c, const Matrix& a);

// ---- Regions ----

// The shapes of the grid m <= max_rows, n <= max_cols that the conjecture is about:
//  6.1, 6.2: the square shapes n x n;
//  6.3: m != n; 6.9: every shape.
// A shape whose transpose is also in the grid is taken once, as m < n: transposition swaps the
// players and maps seki, complete seki and complete d-seki to the same kind, so n x m adds
// nothing. Sorted by (rows, cols).
std::vector<std::pair<int, int>> GridShapes(Conjecture c, int max_rows, int max_cols);

// The enumeration space of one shape for the conjecture, with the given bounds (-1: not given).
// For 6.1 the entry bound is 2 when none is given and must be <= 2 when given. Throws
// std::invalid_argument with one line naming the shape and the bound when the space is unusable
// (no bound, a bound out of range).
EnumerationSpace ConjectureSpace(Conjecture c, int rows, int cols, int max_entry, int max_sum);

}  // namespace seki
