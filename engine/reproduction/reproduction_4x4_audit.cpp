// The 4x4 IDSMs of height 3 for the group "4x4 IDSMs of height 3": the paper's lists, the census
// by SEKI category (checked against the single-matrix solver) and the audit of every listed entry.
#include <set>
#include <stdexcept>

#include "engine/base/matrix_text.hpp"
#include "engine/reproduction/reproduction_claims.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki::reproduction_detail {

const PaperList kPaperRWinsSecond = {
    "R wins even as second player",
    "(W,L)",
    13,
    {"0023/1310/2012/2210", "0113/1130/2102/2210", "0113/3110/0221/2111", "0113/1220/2012/2210",
     "0113/2120/2210/1112", "0123/0321/3012/3210", "0123/0213/2220/2220", "0123/0213/3120/3210",
     "0123/0321/3012/3210", "0123/2103/2220/2220", "0123/1230/2202/3111", "0222/0222/3111/3111",
     "0223/3220/2113/2221"}};
const PaperList kPaperRWinsFirstOnly = {
    "R wins as first player, draws as second",
    "(W,D)",
    3,
    {"0133/3103/2320/2221", "0223/2230/2113/3211", "0233/3311/3122/2222"}};
const PaperList kPaperFirstPlayerWins = {"the first player wins", "(W,W)", 60, {}};
const PaperList kPaperSemiRPasses = {
    "semi-complete seki, R must pass and C can move",
    "(D,D) semi-complete, R passes",
    10,
    {"0023/2300/1121/2111", "0023/2201/2210/1121", "0033/3300/1122/2211", "0123/2301/2121/2121",
     "0123/2310/2112/2121", "0123/2121/2211/2211", "0133/3301/2122/2221", "0312/2112/2121/2121",
     "0233/3302/3131/2222", "1133/3311/2222/2222"}};

std::vector<const PaperList*> PaperLists() {
  return {&kPaperRWinsSecond, &kPaperRWinsFirstOnly, &kPaperSemiRPasses};
}

std::string ListName(const PaperList& l) { return "\"" + l.name + "\""; }

const IdsmAnalysis& Analysis4x4(Context& ctx) {
  std::optional<IdsmAnalysis>& cached = ctx.analysis;
  if (cached) return *cached;
  const SearchTally& s = ctx.Search(4, 4, 3);
  cached.emplace();
  cached->classes_searched = s.starting;
  for (const auto& [m, v] : s.idsms) {
    if (m.height() != 3) continue;
    cached->by_category[Category(v.seki)].push_back({m, v, IsPrime(m), IsSymmetric(m)});
  }
  for (const auto& [cat, list] : cached->by_category)
    for (const IdsmClass& k : list) cached->index[k.canon] = &k;
  // An independent path: the single-matrix solver on the census's classes (every class in the
  // full run; in quick mode those of the paper's lists, the full check takes about a minute).
  for (const auto& [canon, k] : cached->index) {
    bool listed = false;
    for (const PaperList* l : {&kPaperRWinsSecond, &kPaperRWinsFirstOnly, &kPaperSemiRPasses})
      for (const std::string& t : l->entries) listed = listed || Canon(ParseMatrix(t)) == canon;
    if (ctx.quick && !listed) continue;
    ++cached->solver_checked;
    cached->solver_agree += ctx.Solve(canon) == k->v;
  }
  return *cached;
}

namespace {

// For a listed matrix that is not an IDSM: the IDSMs of height 3 with entries <= 3 reached by
// changing the fewest entries (at most 3), as canonical forms. A hint at the misprint.
std::pair<int, std::vector<Matrix>> NearestIdsms(const Matrix& a) {
  const int cells = a.rows() * a.cols();
  for (int changes = 1; changes <= 3; ++changes) {
    std::set<Matrix> found;
    std::vector<int> pos(changes);
    // Every set of `changes` positions and every new value (different from the old) at each.
    auto visit_positions = [&](auto&& self, int k, int from) -> void {
      if (k == changes) {
        std::vector<int> value(changes, 0);
        auto visit_values = [&](auto&& self2, int v) -> void {
          if (v == changes) {
            Matrix b = a;
            for (int t = 0; t < changes; ++t) b.set(pos[t] / a.cols(), pos[t] % a.cols(), value[t]);
            if (IsIdsm(b) && b.height() == 3 && !b.has_zero_line()) found.insert(Canon(b));
            return;
          }
          for (int x = 0; x <= 3; ++x) {
            if (x == a(pos[v] / a.cols(), pos[v] % a.cols())) continue;
            value[v] = x;
            self2(self2, v + 1);
          }
        };
        visit_values(visit_values, 0);
        return;
      }
      for (int c = from; c < cells; ++c) {
        pos[k] = c;
        self(self, k + 1, c + 1);
      }
    };
    visit_positions(visit_positions, 0, 0);
    if (!found.empty()) return {changes, std::vector<Matrix>(found.begin(), found.end())};
  }
  return {0, {}};
}

}  // namespace

std::vector<std::vector<Audit>> AuditLists(Context& ctx) {
  std::vector<std::vector<Audit>> audits;
  std::vector<std::tuple<Matrix, std::string>> seen;  // canonical form, "list #k TEXT"
  std::vector<std::tuple<Matrix, std::string>> all_listed;
  for (const PaperList* list : PaperLists())
    for (std::size_t k = 0; k < list->entries.size(); ++k) try {
        all_listed.emplace_back(
            Canon(ParseMatrix(list->entries[k])),
            ListName(*list) + " #" + std::to_string(k + 1) + " " + list->entries[k]);
      } catch (const ParseError&) {
      }
  for (const PaperList* list : PaperLists()) {
    std::vector<Audit>& out = audits.emplace_back();
    for (std::size_t k = 0; k < list->entries.size(); ++k) {
      const std::string& text = list->entries[k];
      const std::string name = ListName(*list) + " #" + std::to_string(k + 1) + " " + text;
      Audit audit;
      Matrix a;
      try {
        a = ParseMatrix(text);
      } catch (const ParseError& e) {
        audit.verdict = "misprint: does not parse";
        audit.line = name + ": " + audit.verdict + " (" + e.what() + ")";
        out.push_back(audit);
        continue;
      }
      const Matrix canon = Canon(a);
      audit.canon = canon;
      std::vector<std::string> facts;
      const Outcome o = ctx.Solve(a).seki;
      const std::string category = Category(o);
      const bool idsm = IsIdsm(a);
      std::string duplicate_of;
      for (const auto& [m, where] : seen)
        if (m == canon) {
          // where is "... #k TEXT": say so when this entry repeats that text verbatim.
          const bool verbatim = where.size() >= text.size() &&
                                where.compare(where.size() - text.size(), text.size(), text) == 0;
          duplicate_of = where + (verbatim ? " (repeated verbatim)" : "");
          break;
        }
      if (!idsm) {
        std::vector<std::string> rs, cs;
        for (int i = 0; i < a.rows(); ++i) rs.push_back(std::to_string(a.row_sum(i)));
        for (int j = 0; j < a.cols(); ++j) cs.push_back(std::to_string(a.col_sum(j)));
        audit.verdict = "not an IDSM";
        facts.push_back("row sums " + Join(rs, ",") + ", column sums " + Join(cs, ","));
        facts.push_back("its class: " + Describe(o, Game::kSeki));
        const auto [changes, nearest] = NearestIdsms(a);
        std::vector<std::string> hints;
        for (const Matrix& m : nearest) {
          std::string h = Text(m) + " " + Category(ctx.Solve(m).seki);
          for (const auto& [listed_m, where] : all_listed)
            if (listed_m == m) h += " = " + where;
          hints.push_back(h);
        }
        if (changes > 0)
          facts.push_back("IDSMs of height 3 reached by changing " + std::to_string(changes) +
                          " entries (the misprint may be one of these): " + Join(hints, ", "));
      } else if (a.height() != 3) {
        audit.verdict = "not of height 3";
        facts.push_back("height " + std::to_string(a.height()));
      } else if (category != list->category) {
        const std::string t_category = Category(ctx.Solve(a.transposed()).seki);
        audit.verdict = "in a different class: " + category;
        facts.push_back(Describe(o, Game::kSeki));
        if (t_category == list->category)
          facts.push_back("its transpose is in the list's class (rows and columns swapped)");
      } else if (!duplicate_of.empty()) {
        audit.verdict = "isomorphic to " + duplicate_of;
      } else {
        audit.verdict = "confirmed";
        audit.confirmed = true;
        facts.push_back(Describe(o, Game::kSeki));
      }
      if (!duplicate_of.empty() && audit.verdict.rfind("isomorphic", 0) != 0)
        facts.push_back("also isomorphic to " + duplicate_of);
      facts.push_back((idsm ? "line sum " + std::to_string(a.row_sum(0)) + ", " : std::string()) +
                      "prime " + YesNo(IsPrime(a)) + ", canonical " + Text(canon));
      audit.line = name + ": " + audit.verdict + " (" + Join(facts, "; ") + ")";
      if (duplicate_of.empty())
        seen.emplace_back(canon, ListName(*list) + " #" + std::to_string(k + 1) + " " + text);
      out.push_back(audit);
    }
  }
  return audits;
}

std::string TransposeNote(const IdsmClass& k, const std::vector<std::vector<Audit>>& audits) {
  const Matrix t = Canon(k.canon.transposed());
  const auto lists = PaperLists();
  for (std::size_t l = 0; l < lists.size(); ++l)
    for (std::size_t e = 0; e < audits[l].size(); ++e)
      if (audits[l][e].canon && *audits[l][e].canon == t && t != k.canon)
        return "; its transpose is " + ListName(*lists[l]) + " #" + std::to_string(e + 1);
  return "";
}

std::vector<ListInflation> Inflations(const std::vector<std::vector<Audit>>& audits) {
  std::vector<ListInflation> out;
  const auto lists = PaperLists();
  for (std::size_t l = 0; l < lists.size(); ++l) {
    std::set<Matrix> confirmed;
    for (const Audit& au : audits[l])
      if (au.confirmed) confirmed.insert(*au.canon);
    out.push_back({lists[l]->name, lists[l]->count, static_cast<int>(confirmed.size())});
  }
  return out;
}

}  // namespace seki::reproduction_detail
