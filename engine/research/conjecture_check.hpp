// ConjectureCheck: exhaustive searches with the level engine for counterexamples to the open
// conjectures of spec section 5 (the paper's 6.1, 6.2, 6.3 and 6.9), one shape at a time.
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
// Concurrency: CheckShape runs the level engine and scans each level in parallel on the calling
// thread's oneTBB arena; the result (counts and findings in (sum, canonical key) order) does not
// depend on the number of threads. The predicates are pure and thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/research/census.hpp"
#include "engine/run/run_group.hpp"
#include "engine/solve/play.hpp"
#include "storage/wide_key.hpp"

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
// "listed" for height <= 3 (only with CheckConfig::min_height_62 < 4).
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
EnumerationSpace CheckSpace(Conjecture c, int rows, int cols, int max_entry, int max_sum);

// ---- Results ----

// A class (its ClassKey: one word up to 64 key bits, EnumerationSpace::key_words past that) with
// its values, as the tallies keep them.
using KeyedOutcome = std::pair<ClassKey, PackedOutcome>;

struct Finding {
  Matrix matrix;  // the canonical representative (the class's key)
  ClassKey key;
  Solution values;
  std::string kind;    // FindingKind
  std::string reason;  // FindingReason
  Game game = Game::kSeki;
  std::array<PlayLine, 2> lines;  // optimal play in `game`, R first then C first
};

struct ShapeCheck {
  Conjecture conjecture = Conjecture::k61;
  int rows = 0, cols = 0;
  int max_entry = 0, max_sum = 0;      // the effective bounds searched
  std::uint64_t classes = 0;           // every class of the region, zero lines included
  std::uint64_t expected_classes = 0;  // Burnside's count of the same (ClassCountsBySum)
  std::uint64_t examined = 0;          // classes with no zero line: the ones checked
  std::array<std::array<std::uint64_t, 4>, 2> by_class{};  // [game][SekiClass] of examined
  std::vector<std::uint64_t> complete_seki_by_height;      // [h], h = 0..max_entry
  int largest_complete_seki_height = 0;                    // 0: no complete seki
  // Conjecture-specific counts, in a fixed order, e.g. {"prime complete seki", 12}.
  std::vector<std::pair<std::string, std::uint64_t>> counts;
  std::vector<Finding> findings;  // in (sum, canonical key) order
  Census census;                  // complete and semi-complete seki of both games
  double seconds = 0;             // building and scanning every level (every session) and finishing

  std::uint64_t SekiCount(Game g) const;  // seki of every kind (complete, semi-complete, other)
  std::uint64_t Count(Game g, SekiClass k) const {
    return by_class[static_cast<int>(g)][static_cast<int>(k)];
  }
};

// What the search of one shape has gathered after the levels up to `last_sum`: with that level
// itself, enough to go on from the next level (a check's checkpoint saves both). The findings and
// the listed complete seki are (key, values) in (sum, key) order, not yet described.
struct ShapeTally {
  int last_sum = -1;  // -1: no level yet
  std::uint64_t classes = 0, examined = 0;
  std::array<std::array<std::uint64_t, 4>, 2> by_class{};  // [game][SekiClass] of examined
  std::array<std::uint64_t, kMaxEntry + 1> complete_by_height{};
  std::array<std::uint64_t, 4> extra{};  // the conjecture's counts (ShapeCheck::counts)
  std::vector<KeyedOutcome> findings;
  std::vector<KeyedOutcome> listed;  // Census::listed
  Census census;                     // the tables only
  double seconds = 0;                // building and scanning the levels so far, every session

  void Merge(const ShapeTally& t);  // the counts, the census tables and the seconds
};

struct CheckConfig {
  BuildHooks build;  // progress counter / stop flag of the level builder
  // Called after each level is built and scanned, with the seconds both took (calling thread).
  std::function<void(int sum, std::uint64_t classes, double seconds)> on_level;
  // Then called with the level and everything gathered up to it (a checkpoint; calling thread).
  std::function<void(const Level& level, const ShapeTally& tally)> on_tally;
  // Resume: the tally after a level and that level (moved from); the search goes on from the next
  // level and ends as an uninterrupted one would.
  ShapeTally* resume_tally = nullptr;
  Level* resume_level = nullptr;
  // The ranks of an mpirun job (null: one process). Each rank builds and scans its shards of every
  // level; rank 0 gathers the level's counts, census and findings, so only its tallies (on_tally)
  // and its ShapeCheck are the region's; the other ranks' ShapeCheck holds the shape alone.
  const RunGroup* group = nullptr;
  // 6.2 only: every complete seki of height >= this is reported. Those of height >= 4 are the
  // findings of the conjecture; a lower value also lists known heights (kind "listed").
  int min_height_62 = 4;
};

// Searches one shape: builds every level of `space` (EnumerationSpace::Make via CheckSpace),
// scans its classes in parallel, and checks each class with no zero line. The findings get their
// lines of play from a single-matrix Solver, which must agree with the level engine's values
// (std::logic_error otherwise); the class count must agree with Burnside's count.
ShapeCheck CheckShape(Conjecture c, const EnumerationSpace& space, const CheckConfig& config = {});

// The ShapeCheck of a shape whose every level is in `tally` (CheckShape's last step, also used for
// a shape a resumed check finished earlier): the class count against Burnside's, the findings
// re-solved by a Solver and described, the census's listed classes.
ShapeCheck FinishShapeCheck(Conjecture c, const EnumerationSpace& space, ShapeTally tally);

}  // namespace seki
