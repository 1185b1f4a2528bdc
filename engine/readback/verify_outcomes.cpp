// Verify: outcomes.txt, every class with both games' values; the catalogues must hold exactly the
// classes whose values make them members, with the same values.
#include "engine/base/matrix_text.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/readback/verify_checks.hpp"

namespace seki::verify_detail {

namespace {

// A line's values against each catalogue (membership and values); counts the lines found there.
void CrossCheck(const OutcomeRecord& r, const ClassKey& key, const std::string& where,
                const std::vector<Scan>& scans, std::vector<std::uint64_t>& matched, Tally& cross) {
  for (std::size_t k = 0; k < scans.size(); ++k) {
    if (!scans[k].readable) continue;  // failed already, or not listed (a counts-only run)
    const CatalogueFile& f = CatalogueFiles()[k];
    const Outcome& v = r.values[f.game];
    const bool member = Member(v, f.kind);
    const auto it = scans[k].members.find(key);
    const bool listed = it != scans[k].members.end();
    if (listed) ++matched[k];
    if (member && !listed)
      cross.Add(where, FormatMatrix(r.matrix) + " is " + ClassNoun(f.game, f.kind) +
                           " by its values but missing from " + f.path);
    else if (!member && listed)
      cross.Add(where, FormatMatrix(r.matrix) + " is in " + f.path +
                           " but its values do not make it " + ClassNoun(f.game, f.kind));
    else if (listed && it->second != v)
      cross.Add(where, FormatMatrix(r.matrix) + ": " + Values(v) + " here, " + Values(it->second) +
                           " in " + f.path);
  }
}

}  // namespace

void CheckOutcomes(Checks& checks, const fs::path& dir, const RunManifest& m, const Space& space,
                   const std::vector<Scan>& scans, Resolver& resolver,
                   std::optional<std::uint64_t> sample, std::uint64_t seed) {
  Scan scan;
  scan.name = kOutcomesFile;
  MatrixChecks matrix_checks(space);
  SolverCheck solver(resolver, sample, seed ^ 0xD1B54A32D192ED03ull, kOutcomesFile);
  Tally pass_rule, cross;
  std::vector<std::uint64_t> matched(scans.size(), 0);
  ReadLines(dir, scan,
            [&](std::uint64_t number, const std::string& where, const std::string& text) {
              std::string why;
              const std::optional<OutcomeRecord> r = ParseOutcomeLine(text, &why);
              if (!r) {
                scan.parse.Add(where, why);
                return;
              }
              for (Game g : kGames) {
                const Outcome& v = r->values[g];
                if (Outcome::FromActive(v.r, v.c) != v) {
                  pass_rule.Add(
                      where, std::string(GameName(g)) + " " + Values(v) + " break the pass rule");
                  break;
                }
              }
              const std::optional<ClassKey> key = matrix_checks.Check(scan, r->matrix, where);
              if (!key) return;
              CrossCheck(*r, *key, where, scans, matched, cross);
              Pick pick{number, r->matrix, {r->values.seki, r->values.dseki}, -1};
              const bool always = r->values.seki.seki_class() >= SekiClass::kSemiComplete ||
                                  r->values.dseki.seki_class() >= SekiClass::kSemiComplete;
              solver.Offer(std::move(pick), always);
            });
  scan.solver = solver.Finish(false);
  if (!scan.readable) {
    checks.Add(false, scan.name, "cannot read");
    return;
  }
  CheckScan(checks, scan, space);
  CheckCounts(checks, scan, m, &ManifestCounts::starting, "");
  checks.Add(pass_rule.ok(), scan.name + ": pass rule",
             pass_rule.Detail("R, C follow from r, c in both games on every line"));
  for (std::size_t k = 0; k < scans.size(); ++k)
    if (scans[k].readable && matched[k] != scans[k].members.size())
      cross.Add(scans[k].name, Plural(scans[k].members.size() - matched[k], "matrix") + " not in " +
                                   kOutcomesFile);
  checks.Add(cross.ok(), scan.name + " against the catalogues",
             cross.Detail("each catalogue holds exactly the classes whose values make them "
                          "members, with the same values"));
  checks.Add(scan.solver.first, scan.name + ": solver", scan.solver.second);
}

}  // namespace seki::verify_detail
