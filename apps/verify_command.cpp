// `seki verify DIR`: an independent re-check of a finished run directory.
#include "apps/verify_command.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "apps/cli_error.hpp"
#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/run/run_lines.hpp"
#include "engine/run/run_manifest.hpp"
#include "engine/run/run_text_file.hpp"
#include "engine/solve/resolver.hpp"
#include "engine/solve/solver.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"
#include "storage/checksum.hpp"
#include "storage/packed_key.hpp"

namespace seki::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kOutcomesFile = "outcomes.txt";

std::string Values(const Outcome& o) {
  return std::string("R=") + Letter(o.R) + " C=" + Letter(o.C) + " r=" + Letter(o.r) +
         " c=" + Letter(o.c);
}

bool Member(const Outcome& o, int kind) {
  switch (kind) {
    case 0:
      return o.is_seki();
    case 1:
      return o.seki_class() == SekiClass::kComplete;
    default:
      return o.seki_class() == SekiClass::kSemiComplete;
  }
}

std::string ClassNoun(Game g, int kind) {
  const char* kinds[] = {"", "complete ", "semi-complete "};
  return std::string("a ") + kinds[kind] + (g == Game::kSeki ? "seki" : "d-seki");
}

std::string Plural(std::uint64_t n, const std::string& noun) {
  if (n == 1) return "1 " + noun;
  return std::to_string(n) + " " + (noun == "matrix" ? "matrices" : noun + "s");
}

class Report {
 public:
  explicit Report(std::ostream& out) : out_(out) {}
  void Check(bool ok, const std::string& what, const std::string& detail) {
    ++total_;
    if (!ok) ++failed_;
    out_ << (ok ? "ok      " : "FAILED  ") << OneLine(what) << ": " << OneLine(detail) << '\n';
    out_.flush();
  }
  int total() const { return total_; }
  int failed() const { return failed_; }

 private:
  std::ostream& out_;
  int total_ = 0, failed_ = 0;
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

struct Space {
  int rows = 0, cols = 0, max_entry = 0, max_sum = 0;
  KeyCodec codec;
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

  void Offer(Pick pick, bool always) {
    ++candidates_;
    if (!n_ || always) {
      Check(pick);
      return;
    }
    ++seen_;
    if (reservoir_.size() < *n_) {
      reservoir_.push_back(std::move(pick));
    } else {
      const std::uint64_t j = std::uniform_int_distribution<std::uint64_t>(0, seen_ - 1)(rng_);
      if (j < *n_) reservoir_[j] = std::move(pick);
    }
  }

  // Solves the sample; returns the check's verdict and detail.
  std::pair<bool, std::string> Finish(bool with_class) {
    std::sort(reservoir_.begin(), reservoir_.end(),
              [](const Pick& a, const Pick& b) { return a.line < b.line; });
    for (const Pick& p : reservoir_) Check(p);
    reservoir_.clear();
    const std::string what = n_ ? "re-solved " + std::to_string(solved_) + " of " +
                                      std::to_string(candidates_) + " lines (sample)"
                                : "re-solved all " + std::to_string(solved_) + " lines";
    return {tally_.ok(),
            tally_.Detail(what + ": values" + (with_class ? " and class" : "") + " agree")};
  }

 private:
  void Check(const Pick& p) {
    ++solved_;
    const std::string where = file_ + ":" + std::to_string(p.line);
    Solution s;
    try {
      s = resolver_.Solve(p.matrix);
    } catch (const std::exception& e) {
      tally_.Add(where, FormatMatrix(p.matrix) + " could not be re-solved: " + e.what());
      return;
    }
    for (Game g : kGames) {
      const auto& written = p.game[static_cast<int>(g)];
      if (!written) continue;
      if (*written != s[g]) {
        tally_.Add(where, FormatMatrix(p.matrix) + ": " + std::string(GameName(g)) + " " +
                              Values(*written) + " written, the solver gives " + Values(s[g]));
        return;
      }
      if (p.kind >= 0 && !Member(s[g], p.kind)) {
        tally_.Add(where,
                   FormatMatrix(p.matrix) + " is not " + ClassNoun(g, p.kind) + " by the solver");
        return;
      }
    }
  }

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
  std::unordered_map<std::uint64_t, Outcome> members;  // catalogue: key -> values as written
  std::uint64_t planar_lines = 0;
  std::pair<bool, std::string> solver;  // the re-solving check
};

// Checks that apply to the matrix of every line: bounds, canonical form, order, repeats. Returns
// the key (nothing when the matrix is outside the run's space).
class MatrixChecks {
 public:
  explicit MatrixChecks(const Space& space) : space_(space) {}

  std::optional<std::uint64_t> Check(Scan& scan, const Matrix& a, const std::string& where) {
    if (a.rows() != space_.rows || a.cols() != space_.cols || a.height() > space_.max_entry ||
        a.sum() > space_.max_sum || a.has_zero_line()) {
      scan.bounds.Add(where,
                      FormatMatrix(a) + " is not a " + std::to_string(space_.rows) + "x" +
                          std::to_string(space_.cols) +
                          " starting position with entries <= " + std::to_string(space_.max_entry) +
                          " and sum <= " + std::to_string(space_.max_sum));
      return std::nullopt;
    }
    if (const Matrix c = canon::CanonicalForm(a); c != a)
      scan.canonical.Add(where,
                         FormatMatrix(a) + " is not in canonical form (" + FormatMatrix(c) + ")");
    const std::uint64_t key = space_.codec.Pack(a);
    const std::pair<int, std::uint64_t> position(a.sum(), key);
    if (previous_ && position == *previous_)
      scan.once.Add(where, FormatMatrix(a) + " repeats the line before");
    else if (previous_ && position < *previous_)
      scan.order.Add(where, FormatMatrix(a) + " comes after a larger (sum, key)");
    previous_ = position;
    ++scan.per_sum[a.sum()];
    return key;
  }

 private:
  Space space_;
  std::optional<std::pair<int, std::uint64_t>> previous_;
};

// Reads the lines of dir/name, calling on_line(line_number, text) for each.
template <class OnLine>
void ReadLines(const fs::path& dir, Scan& scan, OnLine&& on_line) {
  LineReader reader(dir / scan.name);
  if (!reader.ok()) return;
  scan.readable = true;
  std::string line;
  bool too_long = false;
  while (reader.Next(line, too_long)) {
    ++scan.lines;
    const std::string where = scan.name + ":" + std::to_string(scan.lines);
    if (too_long) {
      scan.parse.Add(where, "line longer than " + std::to_string(LineReader::kMaxLine) + " bytes");
      continue;
    }
    on_line(scan.lines, where, line);
  }
  if (reader.error()) {
    scan.readable = false;
    return;
  }
  if (!reader.ended_with_newline())
    scan.parse.Add(scan.name + ":" + std::to_string(scan.lines), "last line has no newline");
}

Scan ScanCatalogue(const fs::path& dir, const CatalogueFile& file, const Space& space,
                   SolverCheck solver) {
  Scan scan;
  scan.name = file.path;
  MatrixChecks matrix_checks(space);
  ReadLines(
      dir, scan, [&](std::uint64_t number, const std::string& where, const std::string& text) {
        std::string why;
        const std::optional<CatalogueRecord> r = ParseCatalogueLine(text, &why);
        if (!r) {
          scan.parse.Add(where, why);
          return;
        }
        const Matrix& a = r->matrix;
        // Fields re-derived from the matrix.
        std::string wrong;
        auto field = [&](const char* name, auto written, auto computed) {
          if (wrong.empty() && written != computed)
            wrong = std::string(name) + " is written " + std::to_string(written) + ", recomputed " +
                    std::to_string(computed);
        };
        field("sum", r->sum, a.sum());
        field("height", r->height, a.height());
        field("idsm (1 = yes)", int{r->idsm}, int{IsIdsm(a)});
        field("prime (1 = yes)", int{r->prime}, int{IsPrime(a)});
        field("symmetric (1 = yes)", int{r->symmetric}, int{IsSymmetric(a)});
        if (r->planar) {
          ++scan.planar_lines;
          field("planar (1 = yes)", int{*r->planar}, int{IsPlanar(a)});
        }
        if (!wrong.empty()) scan.fields.Add(where, FormatMatrix(a) + ": " + wrong);
        // The class its own values give, and the pass rule between R, C and r, c.
        const Outcome& o = r->outcome;
        if (Outcome::FromActive(o.r, o.c) != o)
          scan.own_class.Add(where, Values(o) + " break the pass rule");
        else if (!Member(o, file.kind))
          scan.own_class.Add(where, Values(o) + " do not make " + ClassNoun(file.game, file.kind));

        const std::optional<std::uint64_t> key = matrix_checks.Check(scan, a, where);
        if (!key) return;
        if (!scan.members.emplace(*key, o).second)
          scan.once.Add(where, FormatMatrix(a) + " appears more than once");
        Pick pick{number, a, {}, file.kind};
        pick.game[static_cast<int>(file.game)] = o;
        solver.Offer(std::move(pick), file.kind != 0 || o.r == Result::L || o.c == Result::L);
      });
  scan.solver = solver.Finish(true);
  return scan;
}

// The line count of a file against the manifest's total and per-level counts.
void CheckCounts(Report& report, const Scan& scan, const RunManifest& m,
                 std::uint64_t ManifestCounts::*field, const std::string& member_name) {
  auto count_of = [&](const ManifestCounts& c) {
    if (!member_name.empty()) return c.members.at(member_name);
    return c.*field;
  };
  const std::uint64_t total = count_of(m.totals);
  Tally levels;
  std::set<int> listed;
  for (const ManifestCounts& level : m.levels) {
    listed.insert(level.sum);
    const auto it = scan.per_sum.find(level.sum);
    const std::uint64_t lines = it == scan.per_sum.end() ? 0 : it->second;
    if (lines != count_of(level))
      levels.Add("sum " + std::to_string(level.sum),
                 Plural(lines, "line") + ", the manifest says " + std::to_string(count_of(level)));
  }
  for (const auto& [sum, lines] : scan.per_sum)
    if (!listed.count(sum))
      levels.Add("sum " + std::to_string(sum),
                 Plural(lines, "line") + " of a level the manifest lacks");
  const bool ok = scan.lines == total && levels.ok();
  std::string detail =
      Plural(scan.lines, "line") + ", the manifest's total is " + std::to_string(total);
  detail += levels.ok() ? "; per-level counts agree on " + Plural(m.levels.size(), "level")
                        : "; " + levels.Detail("", "level");
  report.Check(ok, scan.name + ": line count", detail);
}

void CheckManifest(Report& report, const RunManifest& m) {
  report.Check(m.complete, "manifest",
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
  report.Check(t.ok(), "manifest levels",
               t.Detail("sums 0.." + std::to_string(m.effective_max_sum) +
                            ", totals are the sums of the levels",
                        "problem"));
}

void CheckFiles(Report& report, const fs::path& dir, const RunManifest& m) {
  std::vector<std::string> names;
  if (!m.generate_only)
    for (const CatalogueFile& f : CatalogueFiles()) names.push_back(f.path);
  std::error_code ec;
  if (m.outcomes || m.files.count(kOutcomesFile) || fs::exists(dir / kOutcomesFile, ec))
    names.push_back(kOutcomesFile);
  for (const auto& [name, entry] : m.files)
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);

  for (const std::string& name : names) {
    const std::string what = "file " + name;
    const auto it = m.files.find(name);
    if (!IsSafeRunPath(name)) {
      report.Check(false, what, "the manifest names a path outside the run directory");
      continue;
    }
    const fs::path path = dir / name;
    if (it == m.files.end()) {
      report.Check(false, what,
                   fs::exists(path, ec) ? "present but not listed in the manifest"
                                        : "missing, and not listed in the manifest");
      continue;
    }
    if (!fs::is_regular_file(path, ec)) {
      report.Check(false, what,
                   "missing (the manifest lists " + std::to_string(it->second.bytes) + " bytes)");
      continue;
    }
    const std::uint64_t bytes = fs::file_size(path, ec);
    std::string checksum;
    try {
      checksum = ChecksumHex(FileChecksum(path));
    } catch (const std::exception& e) {
      report.Check(false, what, e.what());
      continue;
    }
    const bool ok = !ec && bytes == it->second.bytes && checksum == it->second.xxh3_64;
    std::string detail = std::to_string(bytes) + " bytes, xxh3 " + checksum;
    if (ok)
      detail += " as in the manifest";
    else
      detail += "; the manifest says " + std::to_string(it->second.bytes) + " bytes, xxh3 " +
                it->second.xxh3_64;
    report.Check(ok, what, detail);
  }
}

// The checks every scanned file gets.
void ReportScan(Report& report, const Scan& scan, const Space& space) {
  report.Check(scan.parse.ok(), scan.name + ": lines parse",
               scan.parse.Detail(Plural(scan.lines, "line") + " in the expected format"));
  report.Check(scan.bounds.ok() && scan.canonical.ok(), scan.name + ": canonical forms",
               !scan.bounds.ok()
                   ? scan.bounds.Detail("")
                   : scan.canonical.Detail(
                         "every matrix is the canonical form of a " + std::to_string(space.rows) +
                         "x" + std::to_string(space.cols) +
                         " starting position with entries <= " + std::to_string(space.max_entry)));
  report.Check(scan.order.ok() && scan.once.ok(), scan.name + ": order",
               !scan.order.ok() ? scan.order.Detail("")
                                : scan.once.Detail("sorted by (sum, key), each matrix once"));
}

std::string SpaceText(const Space& s) {
  return std::to_string(s.rows) + "x" + std::to_string(s.cols) +
         ", entries <= " + std::to_string(s.max_entry) + ", sum <= " + std::to_string(s.max_sum);
}

}  // namespace

int RunVerify(const VerifyOptions& o, std::ostream& out) {
  const fs::path dir(o.dir);
  const RunManifest m = ReadRunManifest(dir);
  Space space;
  space.rows = m.rows;
  space.cols = m.cols;
  space.max_entry = m.effective_max_entry;
  space.max_sum = m.effective_max_sum;
  if (!KeyCodec::Fits(space.rows, space.cols, space.max_entry))
    throw CliError((dir / "manifest.json").string(),
                   "parameters " + SpaceText(space) + " do not fit a 64-bit key");
  space.codec = KeyCodec(space.rows, space.cols, space.max_entry);
  const std::uint64_t seed =
      o.seed ? *o.seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();

  out << "seki verify " << o.dir << ": " << SpaceText(space)
      << ", outcomes.txt: " << (m.outcomes ? "yes" : "no") << "; written by " << m.tool_name << " "
      << m.tool_version << " (commit " << (m.tool_commit.empty() ? "unknown" : m.tool_commit) << ")"
      << (m.end.empty() ? "" : " at " + m.end) << '\n';
  if (m.generate_only)
    out << "generation-only run: no catalogues\n";
  else if (o.sample)
    out << "re-solving a sample of " << *o.sample
        << " lines per file plus every complete and semi-complete line; seed " << seed
        << " (repeat with --seed " << seed << ")\n";
  else
    out << "re-solving every line\n";

  Report report(out);
  CheckManifest(report, m);
  CheckFiles(report, dir, m);
  if (m.generate_only) {
    // Generation only: the manifest's counts are all there is; no catalogue may be present.
    std::error_code ec;
    std::vector<std::string> present;
    for (const CatalogueFile& f : CatalogueFiles())
      if (fs::exists(dir / f.path, ec)) present.push_back(f.path);
    std::uint64_t members = 0;
    for (const auto& [name, n] : m.totals.members) members += n;
    report.Check(present.empty() && members == 0, "generation-only run",
                 present.empty() && members == 0
                     ? "no catalogues to re-check (only the manifest's counts)"
                     : "catalogue files or members present in a generation-only run");
    out << "verify: " << report.total() << " checks, " << report.total() - report.failed()
        << " ok, " << report.failed() << " FAILED\n";
    return report.failed() == 0 ? 0 : 1;
  }

  Resolver resolver;
  std::vector<Scan> scans;
  for (std::size_t k = 0; k < CatalogueFiles().size(); ++k) {
    const CatalogueFile& f = CatalogueFiles()[k];
    const std::uint64_t file_seed = seed ^ (0x9E3779B97F4A7C15ull * (k + 1));
    scans.push_back(
        ScanCatalogue(dir, f, space, SolverCheck(resolver, o.sample, file_seed, f.path)));
    const Scan& scan = scans.back();
    if (!scan.readable) {
      report.Check(false, scan.name, "cannot read");
      continue;
    }
    ReportScan(report, scan, space);
    CheckCounts(report, scan, m, nullptr, f.counts_name);
    std::string field_names = "sum, height, idsm, prime, symmetric";
    if (scan.planar_lines > 0)
      field_names += ", planar (on " + std::to_string(scan.planar_lines) + " lines)";
    report.Check(scan.fields.ok(), scan.name + ": fields",
                 scan.fields.Detail(field_names + " recomputed"));
    report.Check(scan.own_class.ok(), scan.name + ": class by the written values",
                 scan.own_class.Detail("every line's R, C follow from r, c by the pass rule and "
                                       "make it " +
                                       ClassNoun(f.game, f.kind)));
    report.Check(scan.solver.first, scan.name + ": solver", scan.solver.second);
  }

  // Containments between the catalogues: complete and semi-complete lines are seki lines with
  // the same values; Prop. 1.1: seki are d-seki, complete d-seki are complete seki.
  auto contained = [&](int small, int large, bool same_values, const std::string& why) {
    const Scan& a = scans[small];
    const Scan& b = scans[large];
    if (!a.readable || !b.readable) return;
    Tally t;
    for (const auto& [key, values] : a.members) {
      const auto it = b.members.find(key);
      const std::string name = FormatMatrix(space.codec.Unpack(key));
      if (it == b.members.end())
        t.Add(a.name, name + " is missing from " + b.name);
      else if (same_values && it->second != values)
        t.Add(a.name,
              name + " has " + Values(values) + " but " + Values(it->second) + " in " + b.name);
    }
    report.Check(t.ok(), a.name + " in " + b.name,
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

  // outcomes.txt: every class with its values; the catalogues must be exactly its members.
  std::error_code ec;
  if (m.outcomes || m.files.count(kOutcomesFile) || fs::exists(dir / kOutcomesFile, ec)) {
    Scan scan;
    scan.name = kOutcomesFile;
    MatrixChecks matrix_checks(space);
    SolverCheck solver(resolver, o.sample, seed ^ 0xD1B54A32D192ED03ull, kOutcomesFile);
    Tally pass_rule, cross;
    std::vector<std::uint64_t> matched(scans.size(), 0);
    ReadLines(
        dir, scan, [&](std::uint64_t number, const std::string& where, const std::string& text) {
          std::string why;
          const std::optional<OutcomeRecord> r = ParseOutcomeLine(text, &why);
          if (!r) {
            scan.parse.Add(where, why);
            return;
          }
          for (Game g : kGames) {
            const Outcome& v = r->values[g];
            if (Outcome::FromActive(v.r, v.c) != v) {
              pass_rule.Add(where,
                            std::string(GameName(g)) + " " + Values(v) + " break the pass rule");
              break;
            }
          }
          const std::optional<std::uint64_t> key = matrix_checks.Check(scan, r->matrix, where);
          if (!key) return;
          for (std::size_t k = 0; k < scans.size(); ++k) {
            const CatalogueFile& f = CatalogueFiles()[k];
            const Outcome& v = r->values[f.game];
            const bool member = Member(v, f.kind);
            const auto it = scans[k].members.find(*key);
            const bool listed = it != scans[k].members.end();
            if (listed) ++matched[k];
            if (member && !listed)
              cross.Add(where, FormatMatrix(r->matrix) + " is " + ClassNoun(f.game, f.kind) +
                                   " by its values but missing from " + f.path);
            else if (!member && listed)
              cross.Add(where, FormatMatrix(r->matrix) + " is in " + f.path +
                                   " but its values do not make it " + ClassNoun(f.game, f.kind));
            else if (listed && it->second != v)
              cross.Add(where, FormatMatrix(r->matrix) + ": " + Values(v) + " here, " +
                                   Values(it->second) + " in " + f.path);
          }
          Pick pick{number, r->matrix, {r->values.seki, r->values.dseki}, -1};
          const bool always = r->values.seki.seki_class() >= SekiClass::kSemiComplete ||
                              r->values.dseki.seki_class() >= SekiClass::kSemiComplete;
          solver.Offer(std::move(pick), always);
        });
    scan.solver = solver.Finish(false);
    if (!scan.readable) {
      report.Check(false, scan.name, "cannot read");
    } else {
      ReportScan(report, scan, space);
      CheckCounts(report, scan, m, &ManifestCounts::starting, "");
      report.Check(pass_rule.ok(), scan.name + ": pass rule",
                   pass_rule.Detail("R, C follow from r, c in both games on every line"));
      for (std::size_t k = 0; k < scans.size(); ++k)
        if (scans[k].readable && matched[k] != scans[k].members.size())
          cross.Add(scans[k].name, Plural(scans[k].members.size() - matched[k], "matrix") +
                                       " not in " + kOutcomesFile);
      report.Check(cross.ok(), scan.name + " against the catalogues",
                   cross.Detail("each catalogue holds exactly the classes whose values make them "
                                "members, with the same values"));
      report.Check(scan.solver.first, scan.name + ": solver", scan.solver.second);
    }
  }

  out << "verify: " << report.total() << " checks, " << report.total() - report.failed() << " ok, "
      << report.failed() << " FAILED\n";
  out.flush();
  return report.failed() == 0 ? 0 : 1;
}

void AddVerifyCommand(CLI::App& app) {
  auto options = std::make_shared<VerifyOptions>();
  auto sample = std::make_shared<std::uint64_t>(0);
  auto seed = std::make_shared<std::uint64_t>(0);
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Re-check a finished run directory independently of the level engine: files against the "
      "manifest, every line re-derived and re-solved, catalogues against each other. Exit 0 when "
      "every check holds, 1 when one fails, 2 for a missing directory or unreadable manifest");
  cmd->add_option("dir", options->dir, "Run directory (written by seki enumerate)")->required();
  CLI::Option* sample_opt = cmd->add_option(
      "--sample", *sample,
      "Re-solve a seeded random sample of N lines per file (plus every complete and "
      "semi-complete line) instead of every line");
  CLI::Option* seed_opt =
      cmd->add_option("--seed", *seed, "Seed of the sample (default: random, printed)");
  seed_opt->needs(sample_opt);
  cmd->callback([options, sample, seed, sample_opt, seed_opt] {
    VerifyOptions o = *options;
    if (sample_opt->count() > 0) o.sample = *sample;
    if (seed_opt->count() > 0) o.seed = *seed;
    const int status = RunVerify(o, std::cout);
    if (status != 0) throw ExitStatus{status};
  });
}

}  // namespace seki::cli
