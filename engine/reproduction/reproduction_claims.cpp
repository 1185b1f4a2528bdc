// What the claim groups share (reproduction_claims.hpp): text helpers, the census of one
// exhaustive level-engine search and the cached searches of a reproduction.
#include "engine/reproduction/reproduction_claims.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/run/level_driver.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki::reproduction_detail {

double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

Matrix Canon(const Matrix& a) { return canon::CanonicalForm(a); }
std::string Text(const Matrix& a) { return FormatMatrix(a); }
std::string Num(std::uint64_t n) { return std::to_string(n); }

Matrix OneByOne(int k) {
  Matrix a(1, 1);
  a.set(0, 0, k);
  return a;
}

std::string PairText(const Outcome& o) {
  return std::string("(") + Letter(o.R) + "," + Letter(o.C) + ")";
}

// "(D,D) r=L c=L complete seki"
std::string Describe(const Outcome& o, Game g) {
  return PairText(o) + " r=" + Letter(o.r) + " c=" + Letter(o.c) + " " +
         ClassLabel(g, o.seki_class());
}

// The SEKI category used for the 4x4 census: the outcome pair, with seki split by who must pass.
std::string Category(const Outcome& o) {
  switch (o.seki_class()) {
    case SekiClass::kComplete:
      return "(D,D) complete seki";
    case SekiClass::kSemiComplete:
      return o.r == Result::L ? "(D,D) semi-complete, R passes" : "(D,D) semi-complete, C passes";
    case SekiClass::kSeki:
      return "(D,D) seki, neither must pass";
    case SekiClass::kNone:
      break;
  }
  return PairText(o);
}

std::string Join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (std::size_t k = 0; k < parts.size(); ++k) out += (k ? std::string(sep) : "") + parts[k];
  return out;
}

std::string Texts(const std::vector<Matrix>& ms) {
  std::vector<std::string> parts;
  for (const Matrix& m : ms) parts.push_back(Text(m));
  return parts.empty() ? "none" : Join(parts);
}

std::string YesNo(bool b) { return b ? "yes" : "no"; }

// 1-based entry "(i,j)".
std::string At(int i, int j) {
  return "(" + std::to_string(i + 1) + "," + std::to_string(j + 1) + ")";
}

std::set<Matrix> CanonicalSet(const std::vector<std::string>& texts, bool with_transposes) {
  std::set<Matrix> out;
  for (const std::string& t : texts) {
    const Matrix a = ParseMatrix(t);
    out.insert(Canon(a));
    if (with_transposes) out.insert(Canon(a.transposed()));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Exhaustive searches with the level engine.

void SearchTally::Add(const Matrix& a, const Solution& v, bool collect_idsms) {
  ++starting;
  for (Game g : kGames) {
    const int gi = static_cast<int>(g);
    const Outcome& o = v[g];
    const SekiClass k = o.seki_class();
    ++by_class[gi][static_cast<int>(k)];
    ++by_pair[gi][3 * static_cast<int>(o.R) + static_cast<int>(o.C)];
    if (k == SekiClass::kComplete && complete[gi].size() < kKeep) complete[gi].push_back(a);
    if (k == SekiClass::kSemiComplete && semi[gi].size() < kKeep) semi[gi].push_back(a);
    if (k != SekiClass::kNone && seki_examples[gi].size() < kExamples)
      seki_examples[gi].push_back(a);
  }
  const bool violates = (v.dseki.seki_class() == SekiClass::kComplete &&
                         v.seki.seki_class() != SekiClass::kComplete) ||
                        (v.seki.is_seki() && !v.dseki.is_seki());
  if (violates) {
    ++containment_violations;
    if (violation_examples.size() < kExamples) violation_examples.push_back(a);
  }
  if (collect_idsms && IsIdsm(a)) idsms.emplace_back(a, v);
}

void SearchTally::Merge(SearchTally&& o) {
  starting += o.starting;
  for (int g = 0; g < 2; ++g) {
    for (int k = 0; k < 4; ++k) by_class[g][k] += o.by_class[g][k];
    for (int k = 0; k < 9; ++k) by_pair[g][k] += o.by_pair[g][k];
    auto append = [](std::vector<Matrix>& to, const std::vector<Matrix>& from, std::size_t cap) {
      for (const Matrix& m : from)
        if (to.size() < cap) to.push_back(m);
    };
    append(complete[g], o.complete[g], kKeep);
    append(semi[g], o.semi[g], kKeep);
    append(seki_examples[g], o.seki_examples[g], kExamples);
  }
  containment_violations += o.containment_violations;
  for (const Matrix& m : o.violation_examples)
    if (violation_examples.size() < kExamples) violation_examples.push_back(m);
  idsms.insert(idsms.end(), o.idsms.begin(), o.idsms.end());
}

void SearchTally::Sort() {
  for (int g = 0; g < 2; ++g) {
    std::sort(complete[g].begin(), complete[g].end());
    std::sort(semi[g].begin(), semi[g].end());
    std::sort(seki_examples[g].begin(), seki_examples[g].end());
  }
  std::sort(violation_examples.begin(), violation_examples.end());
  std::sort(idsms.begin(), idsms.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
}

namespace {

SearchTally RunSearch(int rows, int cols, int max_entry, SearchInfo& info) {
  const auto start = Clock::now();
  const EnumerationSpace space = EnumerationSpace::Make(rows, cols, max_entry, -1);
  const bool collect_idsms = rows == cols;
  tbb::enumerable_thread_specific<SearchTally> local;
  std::uint64_t classes = 0;
  ForEachLevel(space, [&](const Level& level) {
    classes += level.size();
    tbb::parallel_for(0, kShardCount, [&](int s) {
      SearchTally& census = local.local();
      const LevelShard& shard = level.shards[s];
      for (std::size_t k = 0; k < shard.keys.size(); ++k) {
        const Matrix a = space.codec.Unpack(shard.keys[k]);
        if (a.has_zero_line()) continue;  // values of such classes are meaningless
        census.Add(a, Solution::From(shard.values[k]), collect_idsms);
      }
    });
  });
  SearchTally total;
  for (SearchTally& c : local) total.Merge(std::move(c));
  total.Sort();
  info = {rows, cols, max_entry, classes, total.starting, Since(start)};
  return total;
}

}  // namespace

std::string Region(int rows, int cols, int max_entry) {
  return std::to_string(rows) + "x" + std::to_string(cols) +
         " entries <= " + std::to_string(max_entry);
}

const SearchTally& Context::Search(int rows, int cols, int max_entry) {
  const auto key = std::make_tuple(rows, cols, max_entry);
  auto it = searches_.find(key);
  if (it != searches_.end()) return it->second;
  SearchInfo info;
  SearchTally census = RunSearch(rows, cols, max_entry, info);
  out_.searches.push_back(info);
  Progress("  searched " + Region(rows, cols, max_entry) + ": " + Num(info.classes) + " classes (" +
           Num(info.starting) + " without a zero line) in " + std::to_string(info.seconds) + " s");
  return searches_.emplace(key, std::move(census)).first->second;
}

void Judge(Claim& c, bool confirmed, const std::string& failure) {
  c.status = confirmed ? ClaimStatus::kConfirmed : ClaimStatus::kFailed;
  if (!confirmed) c.explanation = failure;
}

}  // namespace seki::reproduction_detail
