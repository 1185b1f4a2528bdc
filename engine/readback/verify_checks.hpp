// The pieces of Verify (engine/readback/verify.hpp), shared by its source files and nothing else:
// the check collector, the per-line tallies, the scan of one file, the re-solving check.
// Concurrency: every object here belongs to one verification on one thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/readback/run_manifest.hpp"
#include "engine/readback/verify.hpp"
#include "engine/solve/resolver.hpp"
#include "storage/wide_key.hpp"

namespace seki::verify_detail {

namespace fs = std::filesystem;

// "R=W C=D r=L c=L".
std::string Values(const Outcome& o);
// Whether values make a class of a catalogue kind (0 seki, 1 complete, 2 semi-complete).
bool Member(const Outcome& o, int kind);
// "a complete d-seki".
std::string ClassNoun(Game g, int kind);
// "1 line", "3 lines", "2 matrices".
std::string Plural(std::uint64_t n, const std::string& noun);

// Collects the checks of a report, calling the caller's callback after each.
class Checks {
 public:
  Checks(VerifyReport& report, const VerifyCheckCallback& on_check)
      : report_(report), on_check_(on_check) {}
  void Add(bool ok, const std::string& what, const std::string& detail) {
    report_.checks.push_back({what, ok, detail});
    if (on_check_) on_check_(report_.checks.back());
  }

 private:
  VerifyReport& report_;
  const VerifyCheckCallback& on_check_;
};

// The failures of one check over the lines of a file: how many, and the first one.
class Tally {
 public:
  void Add(const std::string& where, const std::string& problem) {
    if (count_++ == 0) first_ = where + ": " + problem;
  }
  bool ok() const { return count_ == 0; }
  std::string Detail(const std::string& ok_text, const std::string& noun = "line") const {
    if (ok()) return ok_text;
    return Plural(count_, noun) + " wrong; first: " + first_;
  }

 private:
  std::uint64_t count_ = 0;
  std::string first_;
};

// The run's space of starting positions.
struct Space {
  int rows = 0, cols = 0, max_entry = 0, max_sum = 0;
  WideKeyCodec codec;  // keys of as many words as the space needs
};

// A line chosen for re-solving, with the values it states.
struct Pick {
  std::uint64_t line = 0;
  Matrix matrix;
  std::optional<Outcome> game[2];
  int kind = -1;  // a catalogue's class to re-check, or -1 (outcomes.txt)
};

// Re-solves the lines of one file as they are offered: every line, or with a sample size n every
// line that must be re-solved (complete and semi-complete ones) plus a reservoir sample of n of
// the others, solved at the end. Holds at most the sample in memory.
class SolverCheck {
 public:
  SolverCheck(Resolver& resolver, std::optional<std::uint64_t> n, std::uint64_t seed,
              std::string file)
      : resolver_(resolver), n_(n), rng_(seed), file_(std::move(file)) {}

  void Offer(Pick pick, bool always);
  // Solves the sample; returns the check's verdict and detail.
  std::pair<bool, std::string> Finish(bool with_class);

 private:
  void Check(const Pick& p);

  Resolver& resolver_;
  std::optional<std::uint64_t> n_;
  std::mt19937_64 rng_;
  std::string file_;
  std::uint64_t seen_ = 0, candidates_ = 0, solved_ = 0;
  std::vector<Pick> reservoir_;
  Tally tally_;
};

// What one file's lines showed.
struct Scan {
  std::string name;
  bool readable = false;
  std::uint64_t lines = 0;
  Tally parse, bounds, canonical, order, once, fields, own_class;
  std::map<int, std::uint64_t> per_sum;
  std::unordered_map<ClassKey, Outcome, ClassKeyHash> members;  // key -> values as written
  std::uint64_t planar_lines = 0;
  std::pair<bool, std::string> solver;  // the re-solving check
};

// Checks that apply to the matrix of every line: bounds, canonical form, order, repeats.
class MatrixChecks {
 public:
  explicit MatrixChecks(const Space& space) : space_(space) {}
  // Returns the key (nothing when the matrix is outside the run's space).
  std::optional<ClassKey> Check(Scan& scan, const Matrix& a, const std::string& where);

 private:
  Space space_;
  std::optional<std::pair<int, ClassKey>> previous_;
};

// Reads the lines of dir/scan.name into scan (lines, readable, parse failures of the file's form),
// calling on_line(line_number, where, text) for each line short enough to parse.
void ReadLines(
    const fs::path& dir, Scan& scan,
    const std::function<void(std::uint64_t, const std::string&, const std::string&)>& on_line);

// One catalogue file, its lines checked and offered to its re-solving check.
Scan ScanCatalogue(const fs::path& dir, const CatalogueFile& file, const Space& space,
                   SolverCheck solver);
// The checks every scanned file gets: lines parse, canonical forms, order.
void CheckScan(Checks& checks, const Scan& scan, const Space& space);
// The line count of a file against the manifest's total and per-level counts: the count named
// member_name, or when that is empty, the field.
void CheckCounts(Checks& checks, const Scan& scan, const RunManifest& m,
                 std::uint64_t ManifestCounts::*field, const std::string& member_name);

// A counts-only run (--lists complete), for the seki of f.game: seki.txt absent; its seki-counts
// file's lines well-formed, within the space and in (sum, height) order; the counts by sum with the
// lines of the game's complete and semi-complete scans equal the manifest's seki, per level and
// in all.
void CheckSekiCounts(Checks& checks, const fs::path& dir, const CatalogueFile& f,
                     const RunManifest& m, const Space& space, const Scan& complete,
                     const Scan& semi);

// The manifest's own consistency, and every file against its size and checksum.
void CheckManifest(Checks& checks, const RunManifest& m);
void CheckFiles(Checks& checks, const fs::path& dir, const RunManifest& m);

// Whether the run has an outcomes.txt to check (written, listed, or present).
bool HasOutcomes(const fs::path& dir, const RunManifest& m);
// outcomes.txt: its lines, and the catalogues against it (scans in CatalogueFiles() order).
void CheckOutcomes(Checks& checks, const fs::path& dir, const RunManifest& m, const Space& space,
                   const std::vector<Scan>& scans, Resolver& resolver,
                   std::optional<std::uint64_t> sample, std::uint64_t seed);

}  // namespace seki::verify_detail
