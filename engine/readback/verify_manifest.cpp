// Verify: the manifest's own consistency, and every file of the run against its size and XXH3-64.
#include <algorithm>

#include "engine/readback/verify_checks.hpp"
#include "storage/checkpoint.hpp"
#include "storage/checksum.hpp"

namespace seki::verify_detail {

void CheckManifest(Checks& checks, const RunManifest& m) {
  checks.Add(m.complete, "manifest",
             "format " + m.format + (m.complete ? ", complete" : ", not marked complete"));
  Tally t;
  ManifestCounts sum;
  for (std::size_t k = 0; k < m.levels.size(); ++k) {
    const ManifestCounts& level = m.levels[k];
    if (level.sum != static_cast<int>(k))
      t.Add("levels[" + std::to_string(k) + "]",
            "sum " + std::to_string(level.sum) + ", expected " + std::to_string(k));
    sum.classes += level.classes;
    sum.starting += level.starting;
    for (const auto& [name, n] : level.members) sum.members[name] += n;
  }
  if (m.levels.size() != static_cast<std::size_t>(m.effective_max_sum) + 1)
    t.Add("levels",
          Plural(m.levels.size(), "level") + " for sums 0.." + std::to_string(m.effective_max_sum));
  if (sum.classes != m.totals.classes || sum.starting != m.totals.starting ||
      sum.members != m.totals.members)
    t.Add("totals", "not the sum of the levels");
  checks.Add(t.ok(), "manifest levels",
             t.Detail("sums 0.." + std::to_string(m.effective_max_sum) +
                          ", totals are the sums of the levels",
                      "problem"));
}

bool HasOutcomes(const fs::path& dir, const RunManifest& m) {
  std::error_code ec;
  return m.outcomes || m.files.count(kOutcomesFile) || fs::exists(dir / kOutcomesFile, ec);
}

namespace {

// One file the manifest lists (or should list) against its entry.
void CheckFile(Checks& checks, const fs::path& dir, const RunManifest& m, const std::string& name) {
  const std::string what = "file " + name;
  const auto it = m.files.find(name);
  if (!IsSafeRelativePath(name)) {
    checks.Add(false, what, "the manifest names a path outside the run directory");
    return;
  }
  const fs::path path = dir / name;
  std::error_code ec;
  if (it == m.files.end()) {
    checks.Add(false, what,
               fs::exists(path, ec) ? "present but not listed in the manifest"
                                    : "missing, and not listed in the manifest");
    return;
  }
  if (!fs::is_regular_file(path, ec)) {
    checks.Add(false, what,
               "missing (the manifest lists " + std::to_string(it->second.bytes) + " bytes)");
    return;
  }
  const std::uint64_t bytes = fs::file_size(path, ec);
  std::string checksum;
  try {
    checksum = ChecksumHex(FileChecksum(path));
  } catch (const std::exception& e) {
    checks.Add(false, what, e.what());
    return;
  }
  const bool ok = !ec && bytes == it->second.bytes && checksum == it->second.xxh3_64;
  std::string detail = std::to_string(bytes) + " bytes, xxh3 " + checksum;
  if (ok)
    detail += " as in the manifest";
  else
    detail += "; the manifest says " + std::to_string(it->second.bytes) + " bytes, xxh3 " +
              it->second.xxh3_64;
  checks.Add(ok, what, detail);
}

}  // namespace

void CheckFiles(Checks& checks, const fs::path& dir, const RunManifest& m) {
  std::vector<std::string> names;
  if (!m.generate_only)
    for (const CatalogueFile& f : CatalogueFiles()) names.push_back(CatalogueFilePath(f, m));
  if (HasOutcomes(dir, m)) names.push_back(kOutcomesFile);
  for (const auto& [name, entry] : m.files)
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  for (const std::string& name : names) CheckFile(checks, dir, m, name);
}

}  // namespace seki::verify_detail
