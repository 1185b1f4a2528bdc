// Verify: the order of the checks (engine/readback/verify.hpp); the checks themselves are in
// verify_manifest.cpp, verify_lines.cpp, verify_outcomes.cpp and verify_solver.cpp.
#include "engine/readback/verify.hpp"

#include <algorithm>
#include <random>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/readback/verify_checks.hpp"

namespace seki {

using namespace verify_detail;

namespace {

Space SpaceOf(const RunManifest& m) {
  Space space;
  space.rows = m.rows;
  space.cols = m.cols;
  space.max_entry = m.effective_max_entry;
  space.max_sum = m.effective_max_sum;
  space.codec = WideKeyCodec(m.rows, m.cols, m.effective_max_entry);
  return space;
}

// Generation only: the manifest's counts are all there is; no catalogue may be present.
void CheckGenerationOnly(Checks& checks, const fs::path& dir, const RunManifest& m) {
  std::error_code ec;
  std::vector<std::string> present;
  for (const CatalogueFile& f : CatalogueFiles())
    if (fs::exists(dir / f.path, ec)) present.push_back(f.path);
  std::uint64_t members = 0;
  for (const auto& [name, n] : m.totals.members) members += n;
  const bool ok = present.empty() && members == 0;
  checks.Add(ok, "generation-only run",
             ok ? "no catalogues to re-check (only the manifest's counts)"
                : "catalogue files or members present in a generation-only run");
}

// Containments between the catalogues: complete and semi-complete lines are seki lines with the
// same values; Prop. 1.1: seki are d-seki, complete d-seki are complete seki.
void CheckContainments(Checks& checks, const std::vector<Scan>& scans, const Space& space) {
  auto contained = [&](int small, int large, bool same_values, const std::string& why) {
    const Scan& a = scans[small];
    const Scan& b = scans[large];
    if (!a.readable || !b.readable) return;
    Tally t;
    for (const auto& [key, values] : a.members) {
      const auto it = b.members.find(key);
      const std::string name = FormatMatrix(space.codec.Unpack(key.data()));
      if (it == b.members.end())
        t.Add(a.name, name + " is missing from " + b.name);
      else if (same_values && it->second != values)
        t.Add(a.name,
              name + " has " + Values(values) + " but " + Values(it->second) + " in " + b.name);
    }
    checks.Add(t.ok(), a.name + " in " + b.name,
               t.Detail("all " + Plural(a.members.size(), "matrix") + " present" +
                            (same_values ? " with the same values" : "") + why,
                        "matrix"));
  };
  for (int g = 0; g < 2; ++g) {
    contained(3 * g + 1, 3 * g, true, "");
    contained(3 * g + 2, 3 * g, true, "");
  }
  contained(0, 3, false, " (Prop. 1.1: every seki is a d-seki)");
  contained(4, 1, false, " (Prop. 1.1: every complete d-seki is a complete seki)");
}

// The checks of one catalogue file after its scan.
void CheckCatalogue(Checks& checks, const Scan& scan, const CatalogueFile& f, const RunManifest& m,
                    const Space& space) {
  if (!scan.readable) {
    checks.Add(false, scan.name, "cannot read");
    return;
  }
  CheckScan(checks, scan, space);
  CheckCounts(checks, scan, m, nullptr, f.counts_name);
  std::string field_names = "sum, height, idsm, prime, symmetric";
  if (scan.planar_lines > 0)
    field_names += ", planar (on " + std::to_string(scan.planar_lines) + " lines)";
  checks.Add(scan.fields.ok(), scan.name + ": fields",
             scan.fields.Detail(field_names + " recomputed"));
  checks.Add(scan.own_class.ok(), scan.name + ": class by the written values",
             scan.own_class.Detail("every line's R, C follow from r, c by the pass rule and "
                                   "make it " +
                                   ClassNoun(f.game, f.kind)));
  checks.Add(scan.solver.first, scan.name + ": solver", scan.solver.second);
}

}  // namespace

std::size_t VerifyReport::failed() const {
  return static_cast<std::size_t>(
      std::count_if(checks.begin(), checks.end(), [](const VerifyCheck& c) { return !c.ok; }));
}

std::string RunSpaceText(const RunManifest& m) {
  return std::to_string(m.rows) + "x" + std::to_string(m.cols) +
         ", entries <= " + std::to_string(m.effective_max_entry) +
         ", sum <= " + std::to_string(m.effective_max_sum);
}

RunVerifier::RunVerifier(std::filesystem::path dir, const VerifyOptions& options)
    : dir_(std::move(dir)), options_(options), manifest_(ReadRunManifest(dir_)) {
  seed_ = options.seed ? *options.seed
                       : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
}

VerifyReport RunVerifier::Run(const VerifyCheckCallback& on_check) const {
  const RunManifest& m = manifest_;
  VerifyReport report;
  report.seed = seed_;
  Checks checks(report, on_check);
  CheckManifest(checks, m);
  CheckFiles(checks, dir_, m);
  if (m.generate_only) {
    CheckGenerationOnly(checks, dir_, m);
    return report;
  }
  const Space space = SpaceOf(m);
  Resolver resolver;
  std::vector<Scan> scans;
  for (std::size_t k = 0; k < CatalogueFiles().size(); ++k) {
    const CatalogueFile& f = CatalogueFiles()[k];
    if (f.kind == 0 && m.counts_only()) {  // counted, after the game's complete and semi-complete
      scans.emplace_back().name = f.path;  // unreadable: no containment or cross-check with it
      continue;
    }
    const std::uint64_t file_seed = seed_ ^ (0x9E3779B97F4A7C15ull * (k + 1));
    scans.push_back(
        ScanCatalogue(dir_, f, space, SolverCheck(resolver, options_.sample, file_seed, f.path)));
    CheckCatalogue(checks, scans.back(), f, m, space);
  }
  if (m.counts_only())
    for (int g = 0; g < 2; ++g)
      CheckSekiCounts(checks, dir_, CatalogueFiles()[3 * g], m, space, scans[3 * g + 1],
                      scans[3 * g + 2]);
  CheckContainments(checks, scans, space);
  if (HasOutcomes(dir_, m))
    CheckOutcomes(checks, dir_, m, space, scans, resolver, options_.sample, seed_);
  return report;
}

VerifyReport VerifyRun(const std::filesystem::path& dir, const VerifyOptions& options,
                       const VerifyCheckCallback& on_check) {
  return RunVerifier(dir, options).Run(on_check);
}

}  // namespace seki
