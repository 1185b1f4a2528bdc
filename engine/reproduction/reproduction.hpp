// Reproduction of the paper's known results (spec section 4): every claim is recomputed with the
// level engine (exhaustive searches over stated regions) and the single-matrix solver, and compared
// with what the paper says. The paper's statements and lists are inputs to compare against; every
// answer is computed. Each claim ends confirmed, differs-explained (the computation and the paper
// differ and the report itemizes every difference) or FAILED.
// Concurrency: Reproduce runs the level engine on the calling thread's oneTBB arena; call it from
// one thread at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace seki {

enum class ClaimStatus { kConfirmed, kDiffersExplained, kFailed };
std::string_view StatusName(ClaimStatus s);  // "confirmed", "differs-explained", "FAILED"

struct Claim {
  std::string id;                    // stable identifier, e.g. "3x3-complete-height-3"
  std::string group;                 // "Small cases", "3x3", "4x4 IDSMs of height 3", ...
  std::string claim;                 // the claim in a few words
  std::string paper;                 // what the paper says
  std::string computed;              // what the engine computed (with the searched region)
  std::string explanation;           // for differs-explained and FAILED: why
  std::vector<std::string> details;  // itemized lines: audits, per-matrix results, regions
  ClaimStatus status = ClaimStatus::kFailed;
  double seconds = 0;  // computing time, including any search first needed by this claim
  // Key computed numbers, for tests and the JSON report (e.g. "complete_height_3" -> 7).
  std::map<std::string, std::int64_t> numbers;
};

// One exhaustive level-engine search used by some claims.
struct SearchInfo {
  int rows = 0, cols = 0, max_entry = 0;
  std::uint64_t classes = 0;   // every class of the region, zero lines included
  std::uint64_t starting = 0;  // classes with no zero row or column (the ones solved)
  double seconds = 0;
};

struct ReproductionOptions {
  // Smaller regions for the two long searches (3x3 entries <= 6 instead of <= 10, and smaller
  // bounds for 1 x n, 2 x n and the families); every claim says which region it covers.
  bool quick = false;
  // Called with a short line before each claim and after each search; may be empty.
  std::function<void(std::string_view)> progress;
};

struct Reproduction {
  bool quick = false;
  std::vector<Claim> claims;
  std::vector<SearchInfo> searches;
  double seconds = 0;

  // True when no claim FAILED (each is confirmed or its difference is explained).
  bool ok() const;
  const Claim* Find(std::string_view id) const;  // nullptr if there is no such claim
};

Reproduction Reproduce(const ReproductionOptions& options = {});

}  // namespace seki
