// Internal to the reproduction (engine/reproduction/*.cpp), not an API: what the claim
// groups share: the paper's lists more than one group compares with, text helpers, the census of
// one exhaustive level-engine search, the Context of one reproduction (cached searches, one
// solver, progress) and every claim function, each `void XxxClaim(Context&, Claim&)` filling in
// one claim. reproduction.cpp runs them in order.
// Concurrency: a Context and everything reached through it belong to the one thread running
// Reproduce; the searches parallelise internally on that thread's oneTBB arena.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/reproduction/reproduction.hpp"
#include "engine/solve/resolver.hpp"

namespace seki::reproduction_detail {

// ---------------------------------------------------------------------------------------------
// The paper's statements and lists (spec section 4) that several groups use. Inputs to compare
// against, never answers.

// The paper's seven 3x3 complete seki of height 3, A1..A7 (reproduction_3x3.cpp).
extern const std::vector<std::string> kPaper3x3CompleteHeight3;
const std::string& PaperA(int t);  // A_t, t = 1..7

// One of the paper's lists of 4x4 IDSMs of height 3 (reproduction_4x4_audit.cpp).
struct PaperList {
  std::string name;      // as the report names it
  std::string category;  // the SEKI category of section "4x4" the paper puts its entries in
  int count = 0;         // the paper's count
  std::vector<std::string> entries;
};
extern const PaperList kPaperRWinsSecond, kPaperRWinsFirstOnly, kPaperFirstPlayerWins,
    kPaperSemiRPasses;
std::vector<const PaperList*> PaperLists();  // the three that list their entries
std::string ListName(const PaperList& l);    // "\"<name>\""

// ---------------------------------------------------------------------------------------------
// Small helpers (reproduction_claims.cpp).

using Clock = std::chrono::steady_clock;
constexpr Result W = Result::W, D = Result::D, L = Result::L;
double Since(Clock::time_point t);

Matrix Canon(const Matrix& a);
std::string Text(const Matrix& a);
std::string Num(std::uint64_t n);
Matrix OneByOne(int k);
std::string PairText(const Outcome& o);          // "(D,D)"
std::string Describe(const Outcome& o, Game g);  // "(D,D) r=L c=L complete seki"
// The SEKI category used for the 4x4 census: the outcome pair, with seki split by who must pass.
std::string Category(const Outcome& o);
std::string Join(const std::vector<std::string>& parts, std::string_view sep = ", ");
std::string Texts(const std::vector<Matrix>& ms);  // "none" when empty
std::string YesNo(bool b);
std::string At(int i, int j);  // 1-based entry "(i,j)"
std::set<Matrix> CanonicalSet(const std::vector<std::string>& texts, bool with_transposes);

// ---------------------------------------------------------------------------------------------
// Exhaustive searches with the level engine.

constexpr std::size_t kKeep = 100000;  // members of rare classes kept per search
constexpr std::size_t kExamples = 12;  // examples kept of common classes

// What one exhaustive search of the reproduction counts and keeps (the tally of its classes; not
// the census of engine/census/census.hpp).
struct SearchTally {
  std::uint64_t starting = 0;
  std::array<std::array<std::uint64_t, 4>, 2> by_class{};  // [game][SekiClass]
  std::array<std::array<std::uint64_t, 9>, 2> by_pair{};   // [game][3 R + C]
  std::array<std::vector<Matrix>, 2> complete, semi;       // canonical forms, [game]
  std::array<std::vector<Matrix>, 2> seki_examples;        // any seki class, [game]
  std::uint64_t containment_violations = 0;                // of Prop. 1.1
  std::vector<Matrix> violation_examples;
  std::vector<std::pair<Matrix, Solution>> idsms;  // every IDSM class (square searches)

  void Add(const Matrix& a, const Solution& v, bool collect_idsms);
  void Merge(SearchTally&& o);
  void Sort();

  std::uint64_t Count(Game g, SekiClass k) const {
    return by_class[static_cast<int>(g)][static_cast<int>(k)];
  }
  std::uint64_t SekiCount(Game g) const { return starting - Count(g, SekiClass::kNone); }
  std::uint64_t PairCount(Game g, Result r, Result c) const {
    return by_pair[static_cast<int>(g)][3 * static_cast<int>(r) + static_cast<int>(c)];
  }
};

std::string Region(int rows, int cols, int max_entry);  // "3x3 entries <= 6"

// Entry bounds of the 1 x n searches (n = 2..8) and the 2 x n searches (n = 1..8;
// reproduction_small.cpp), and of the large 3x3 search (reproduction_3x3.cpp).
int OneByNBound(int n, bool quick);
int TwoByNBound(int n, bool quick);
int ThreeByThreeBound(bool quick);

// The 4x4 IDSMs of height 3, by SEKI category (computed once per reproduction).
struct IdsmClass {
  Matrix canon;
  Solution v;
  bool prime = false, symmetric = false;
};

struct IdsmAnalysis {
  std::uint64_t classes_searched = 0;
  std::uint64_t solver_checked = 0, solver_agree = 0;         // census values vs the single solver
  std::map<std::string, std::vector<IdsmClass>> by_category;  // SEKI category -> classes
  std::map<Matrix, const IdsmClass*> index;                   // canonical form -> class
};

// ---------------------------------------------------------------------------------------------
// Shared state of one reproduction: cached searches, one solver, progress.

class Context {
 public:
  Context(const ReproductionOptions& options, Reproduction& out)
      : quick(options.quick), progress_(options.progress), out_(out) {}

  // The census of one region, searched on first use (recorded in the reproduction's searches).
  const SearchTally& Search(int rows, int cols, int max_entry);

  // The reproduction's one solver (SolveEngine's exhaustive engine, started afresh as Resolver
  // says).
  Solution Solve(const Matrix& a) { return resolver_.Solve(a); }
  SolveEngine& engine() { return resolver_.engine(); }

  void Progress(const std::string& line) const {
    if (progress_) progress_(line);
  }

  const bool quick;
  std::optional<IdsmAnalysis> analysis;

 private:
  std::function<void(std::string_view)> progress_;
  Reproduction& out_;
  std::map<std::tuple<int, int, int>, SearchTally> searches_;
  Resolver resolver_;
};

// Confirmed, or FAILED with `failure` as the explanation.
void Judge(Claim& c, bool confirmed, const std::string& failure = "");

// ---------------------------------------------------------------------------------------------
// 4x4: the census analysis and the audit of the paper's lists (reproduction_4x4_audit.cpp).

const IdsmAnalysis& Analysis4x4(Context& ctx);

// Audit of one listed matrix.
struct Audit {
  std::string verdict;  // confirmed / isomorphic to ... / not an IDSM / in a different class
  std::string line;     // the full report line
  bool confirmed = false;
  std::optional<Matrix> canon;  // for entries that parse
};

// Per list of PaperLists(), per entry.
std::vector<std::vector<Audit>> AuditLists(Context& ctx);
// "; its transpose is \"<list>\" #k" when the transpose of k is a listed entry, else "".
std::string TransposeNote(const IdsmClass& k, const std::vector<std::vector<Audit>>& audits);

// How many of a listed category's entries the paper counts beyond the distinct classes it
// confirms (duplicates, misprints, entries of another class).
struct ListInflation {
  std::string name;
  int count = 0, confirmed_distinct = 0;
};
std::vector<ListInflation> Inflations(const std::vector<std::vector<Audit>>& audits);

// ---------------------------------------------------------------------------------------------
// The claims, by group, in the order Reproduce runs them.

// Small cases (reproduction_small.cpp).
void OneByOneClaim(Context& ctx, Claim& c);
void OneByNClaim(Context& ctx, Claim& c);
void TwoByNClaim(Context& ctx, Claim& c);
void TwoByTwoClaim(Context& ctx, Claim& c);
void CompleteDSekiClaim(Context& ctx, Claim& c);
void OneKKKClaim(Context& ctx, Claim& c);

// 3x3 (reproduction_3x3.cpp).
void ThreeByThreeHeight3Claim(Context& ctx, Claim& c);
void ThreeByThreePropertiesClaim(Context& ctx, Claim& c);
void ThreeByThreeSemiCompleteClaim(Context& ctx, Claim& c);
void FiguresClaim(Context& ctx, Claim& c);
void ThreeByThreeNoHighClaim(Context& ctx, Claim& c);

// 4x4 IDSMs of height 3 (reproduction_4x4.cpp).
void IdsmCensusClaim(Context& ctx, Claim& c);
void RWinsSecondClaim(Context& ctx, Claim& c);
void RWinsFirstOnlyClaim(Context& ctx, Claim& c);
void FirstPlayerWinsClaim(Context& ctx, Claim& c);
void SemiRPassesClaim(Context& ctx, Claim& c);

// Extensions and families (reproduction_families.cpp).
void ExtensionsA1A5Claim(Context& ctx, Claim& c);
void ExtensionsA6Claim(Context& ctx, Claim& c);
void ExtensionsA7Claim(Context& ctx, Claim& c);
void Prop64Claim(Context& ctx, Claim& c);
void Thm67Claim(Context& ctx, Claim& c);

// Further checks: propositions and theorems on the same searches
// (reproduction_propositions.cpp).
void Thm34Claim(Context& ctx, Claim& c);
void Prop68Claim(Context& ctx, Claim& c);
void Prop11Claim(Context& ctx, Claim& c);
void Prop51Claim(Context& ctx, Claim& c);

}  // namespace seki::reproduction_detail
