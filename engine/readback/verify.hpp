// Verify: an independent re-check of a finished run directory, without the level engine. Every
// file is compared with the manifest (size, XXH3-64), every line is parsed, re-derived (canonical
// form, order, sum, height, IDSM, prime, symmetric, planar, the class its own values give) and
// re-solved with the single-matrix solver (all lines, or a seeded sample of N lines per file plus
// every complete and semi-complete line), and the files are cross-checked against each other and
// against the manifest's counts. The result is a list of named checks, each ok or failed, with a
// one-line detail; `seki verify` prints one line per check as it is produced.
// Concurrency: a RunVerifier is used by one thread at a time; separate verifiers (of the same or
// other directories) may run concurrently. Callbacks run on the calling thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/readback/run_manifest.hpp"

namespace seki {

struct VerifyOptions {
  std::optional<std::uint64_t> sample;  // lines per file to re-solve; nothing: every line
  std::optional<std::uint64_t> seed;    // seed of the sample; nothing: a random seed
};

// One check: what was checked ("seki/seki.txt: order"), whether it holds, and a one-line detail
// (what was found, or how many lines are wrong and the first of them). The texts may quote file
// contents; OneLine (engine/base/input_error.hpp) makes them safe to print.
struct VerifyCheck {
  std::string what;
  bool ok = false;
  std::string detail;
};

struct VerifyReport {
  std::vector<VerifyCheck> checks;  // in the order they were made
  std::uint64_t seed = 0;           // the seed used (given or drawn)

  std::size_t total() const { return checks.size(); }
  std::size_t failed() const;
  std::size_t passed() const { return total() - failed(); }
  bool ok() const { return failed() == 0; }
};

using VerifyCheckCallback = std::function<void(const VerifyCheck&)>;

// A verification of one run directory: construction reads the manifest and fixes the seed (so a
// caller can describe the run before the checks start); Run() makes the checks.
class RunVerifier {
 public:
  // Throws InputError for a missing directory, an unreadable or invalid manifest, or parameters
  // that do not fit a 64-bit key.
  RunVerifier(std::filesystem::path dir, const VerifyOptions& options);

  const RunManifest& manifest() const { return manifest_; }
  std::uint64_t seed() const { return seed_; }
  const VerifyOptions& options() const { return options_; }

  // Makes every check, calling on_check (when given) right after each one. Each call reads the
  // files afresh.
  VerifyReport Run(const VerifyCheckCallback& on_check = {}) const;

 private:
  std::filesystem::path dir_;
  VerifyOptions options_;
  RunManifest manifest_;
  std::uint64_t seed_ = 0;
};

// "3x3, entries <= 2, sum <= 18": the space of a run's matrices.
std::string RunSpaceText(const RunManifest& m);

// RunVerifier(dir, options).Run(on_check).
VerifyReport VerifyRun(const std::filesystem::path& dir, const VerifyOptions& options = {},
                       const VerifyCheckCallback& on_check = {});

}  // namespace seki
