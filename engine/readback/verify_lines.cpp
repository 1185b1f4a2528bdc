// Verify: the checks on the lines of one file (parse, bounds, canonical form, order, fields, the
// class its own values give) and its line counts against the manifest.
#include <set>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/readback/run_lines.hpp"
#include "engine/readback/run_text_file.hpp"
#include "engine/readback/verify_checks.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"

namespace seki::verify_detail {

std::optional<ClassKey> MatrixChecks::Check(Scan& scan, const Matrix& a, const std::string& where) {
  if (a.rows() != space_.rows || a.cols() != space_.cols || a.height() > space_.max_entry ||
      a.sum() > space_.max_sum || a.has_zero_line()) {
    scan.bounds.Add(where, FormatMatrix(a) + " is not a " + std::to_string(space_.rows) + "x" +
                               std::to_string(space_.cols) + " starting position with entries <= " +
                               std::to_string(space_.max_entry) +
                               " and sum <= " + std::to_string(space_.max_sum));
    return std::nullopt;
  }
  if (const Matrix c = canon::CanonicalForm(a); c != a)
    scan.canonical.Add(where,
                       FormatMatrix(a) + " is not in canonical form (" + FormatMatrix(c) + ")");
  std::pair<int, ClassKey> position(a.sum(), space_.codec.Key(a));
  if (previous_ && position == *previous_)
    scan.once.Add(where, FormatMatrix(a) + " repeats the line before");
  else if (previous_ && position < *previous_)
    scan.order.Add(where, FormatMatrix(a) + " comes after a larger (sum, key)");
  ++scan.per_sum[a.sum()];
  previous_ = position;
  return std::move(position.second);
}

void ReadLines(
    const fs::path& dir, Scan& scan,
    const std::function<void(std::uint64_t, const std::string&, const std::string&)>& on_line) {
  const LinesRead read = ForEachLine(dir / scan.name, [&](std::uint64_t number,
                                                          const std::string& text, bool too_long) {
    const std::string where = scan.name + ":" + std::to_string(number);
    if (too_long)
      scan.parse.Add(where, "line longer than " + std::to_string(LineReader::kMaxLine) + " bytes");
    else
      on_line(number, where, text);
  });
  scan.lines = read.lines;
  scan.readable = read.opened && !read.read_error;
  if (scan.readable && !read.ended_with_newline)
    scan.parse.Add(scan.name + ":" + std::to_string(scan.lines), "last line has no newline");
}

namespace {

// The fields of a catalogue line that follow from its matrix; empty when they agree.
std::string WrongField(const CatalogueRecord& r, Scan& scan) {
  const Matrix& a = r.matrix;
  std::string wrong;
  auto field = [&](const char* name, auto written, auto computed) {
    if (wrong.empty() && written != computed)
      wrong = std::string(name) + " is written " + std::to_string(written) + ", recomputed " +
              std::to_string(computed);
  };
  field("sum", r.sum, a.sum());
  field("height", r.height, a.height());
  field("idsm (1 = yes)", int{r.idsm}, int{IsIdsm(a)});
  field("prime (1 = yes)", int{r.prime}, int{IsPrime(a)});
  field("symmetric (1 = yes)", int{r.symmetric}, int{IsSymmetric(a)});
  if (r.planar) {
    ++scan.planar_lines;
    field("planar (1 = yes)", int{*r.planar}, int{IsPlanar(a)});
  }
  return wrong;
}

}  // namespace

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
        if (const std::string wrong = WrongField(*r, scan); !wrong.empty())
          scan.fields.Add(where, FormatMatrix(a) + ": " + wrong);
        // The class its own values give, and the pass rule between R, C and r, c.
        const Outcome& o = r->outcome;
        if (Outcome::FromActive(o.r, o.c) != o)
          scan.own_class.Add(where, Values(o) + " break the pass rule");
        else if (!Member(o, file.kind))
          scan.own_class.Add(where, Values(o) + " do not make " + ClassNoun(file.game, file.kind));

        std::optional<ClassKey> key = matrix_checks.Check(scan, a, where);
        if (!key) return;
        if (!scan.members.emplace(std::move(*key), o).second)
          scan.once.Add(where, FormatMatrix(a) + " appears more than once");
        Pick pick{number, a, {}, file.kind};
        pick.game[static_cast<int>(file.game)] = o;
        solver.Offer(std::move(pick), file.kind != 0 || o.r == Result::L || o.c == Result::L);
      });
  scan.solver = solver.Finish(true);
  return scan;
}

void CheckScan(Checks& checks, const Scan& scan, const Space& space) {
  checks.Add(scan.parse.ok(), scan.name + ": lines parse",
             scan.parse.Detail(Plural(scan.lines, "line") + " in the expected format"));
  checks.Add(scan.bounds.ok() && scan.canonical.ok(), scan.name + ": canonical forms",
             !scan.bounds.ok()
                 ? scan.bounds.Detail("")
                 : scan.canonical.Detail(
                       "every matrix is the canonical form of a " + std::to_string(space.rows) +
                       "x" + std::to_string(space.cols) +
                       " starting position with entries <= " + std::to_string(space.max_entry)));
  checks.Add(scan.order.ok() && scan.once.ok(), scan.name + ": order",
             !scan.order.ok() ? scan.order.Detail("")
                              : scan.once.Detail("sorted by (sum, key), each matrix once"));
}

void CheckCounts(Checks& checks, const Scan& scan, const RunManifest& m,
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
  checks.Add(ok, scan.name + ": line count", detail);
}

void CheckSekiCounts(Checks& checks, const fs::path& dir, const CatalogueFile& f,
                     const RunManifest& m, const Space& space, const Scan& complete,
                     const Scan& semi) {
  std::error_code ec;
  const bool absent = !fs::exists(dir / f.path, ec);
  checks.Add(absent, f.path + ": absent",
             absent ? "the run lists only complete and semi-complete seki (--lists complete)"
                    : "present, but the manifest says the run lists only complete and "
                      "semi-complete seki");
  Scan scan;
  scan.name = SekiCountsFileName(f.game);
  std::optional<std::pair<int, int>> previous;
  ReadLines(dir, scan, [&](std::uint64_t, const std::string& where, const std::string& text) {
    std::string why;
    const std::optional<SekiCountRecord> r = ParseSekiCountLine(text, &why);
    if (!r) return scan.parse.Add(where, why);
    if (r->height < 1 || r->height > space.max_entry || r->height > r->sum ||
        r->sum > space.max_sum)
      return scan.bounds.Add(where, "sum " + std::to_string(r->sum) + ", height " +
                                        std::to_string(r->height) + " outside the run's space");
    const std::pair position(r->sum, r->height);
    if (previous && position <= *previous)
      scan.order.Add(where, "not after the line before in (sum, height)");
    previous = position;
    scan.per_sum[r->sum] += r->count;
  });
  if (!scan.readable) return checks.Add(false, scan.name, "cannot read");
  const bool ok = scan.parse.ok() && scan.bounds.ok() && scan.order.ok();
  checks.Add(ok, scan.name + ": lines",
             !scan.parse.ok()    ? scan.parse.Detail("")
             : !scan.bounds.ok() ? scan.bounds.Detail("")
             : !scan.order.ok()
                 ? scan.order.Detail("")
                 : Plural(scan.lines, "line") + " of seki counted by sum and height, in order");
  // The counted seki with the listed complete and semi-complete ones are all the game's seki.
  for (const Scan* listed : {&complete, &semi})
    for (const auto& [sum, n] : listed->per_sum) scan.per_sum[sum] += n;
  scan.lines = 0;
  for (const auto& [sum, n] : scan.per_sum) scan.lines += n;
  scan.name += " with " + complete.name + " and " + semi.name;
  CheckCounts(checks, scan, m, nullptr, f.counts_name);
}

}  // namespace seki::verify_detail
