// The reports of `seki check`: the header, each shape's text, the summary line and the JSON file.
#include "apps/check_format.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/base/matrix_text.hpp"
#include "engine/check/check_json.hpp"
#include "engine/solve/solve_json.hpp"

namespace seki::cli {

namespace {

std::string Shape(int rows, int cols) { return fmt::format("{}x{}", rows, cols); }

std::string Region(const ShapeReport& s) {
  return fmt::format("{}, entries <= {}, sum <= {}", Shape(s.rows, s.cols), s.max_entry, s.max_sum);
}

std::string Values(const Outcome& o) {
  return fmt::format("R={} C={} r={} c={}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c));
}

std::string GameTitle(Game g) { return g == Game::kSeki ? "SEKI" : "D-SEKI"; }

}  // namespace

std::string FormatCheckHeader(const CheckReport& r) {
  std::string out = fmt::format("seki check {}: {}\n", ConjectureName(r.conjecture),
                                ConjectureStatement(r.conjecture));
  out += fmt::format("  reported: {}\n", FindingMeaning(r.conjecture));
  out +=
      "  region: every class of each shape (matrices up to row/column permutation) within the "
      "bounds, built by the level engine; a class with a zero line is not a starting position "
      "and is not examined\n";
  return out;
}

std::string FormatShapeText(const ShapeReport& s) {
  std::string out = fmt::format("\n{}\n", Region(s));
  out += fmt::format(
      "  classes examined: {} with no zero line, of {} classes in all ({}); {:.2f} s\n", s.examined,
      s.classes,
      s.classes == s.expected_classes ? "= Burnside's count"
                                      : "Burnside: " + std::to_string(s.expected_classes),
      s.seconds);
  out += fmt::format(
      "  SEKI: {} seki ({} complete, {} semi-complete); D-SEKI: {} d-seki ({} complete, {} "
      "semi-complete)\n",
      s.SekiCount(Game::kSeki), s.Count(Game::kSeki, SekiClass::kComplete),
      s.Count(Game::kSeki, SekiClass::kSemiComplete), s.SekiCount(Game::kDSeki),
      s.Count(Game::kDSeki, SekiClass::kComplete), s.Count(Game::kDSeki, SekiClass::kSemiComplete));
  if (!s.counts.empty()) {
    std::string counts;
    for (const auto& [name, n] : s.counts)
      counts += fmt::format("{}{}: {}", counts.empty() ? "" : "; ", name, n);
    out += "  " + counts + "\n";
  }
  if (s.conjecture == Conjecture::k62) {
    std::string heights;
    for (std::size_t h = 1; h < s.complete_seki_by_height.size(); ++h)
      if (s.complete_seki_by_height[h] > 0)
        heights += fmt::format("{}height {}: {}", heights.empty() ? "" : ", ", h,
                               s.complete_seki_by_height[h]);
    if (s.largest_complete_seki_height == 0)
      out += "  no complete seki in the region; largest height: none\n";
    else
      out += fmt::format("  complete seki by height: {}; largest height: {}\n", heights,
                         s.largest_complete_seki_height);
  }
  const bool none = std::all_of(s.findings.begin(), s.findings.end(),
                                [](const Finding& f) { return f.kind == "listed"; });
  if (none)
    out += s.conjecture == Conjecture::k62
               ? "  no complete seki of height >= 4: no counterexample\n"
               : "  no counterexample\n";
  for (std::size_t k = 0; k < s.findings.size(); ++k) {
    const Finding& f = s.findings[k];
    const Matrix& a = f.matrix;
    out += fmt::format("  {} {} of {}: {}  {}x{}, sum {}, height {}\n",
                       f.kind == "counterexample" ? "COUNTEREXAMPLE"
                       : f.kind == "new"          ? "NEW"
                                                  : "LISTED",
                       k + 1, s.findings.size(), FormatMatrix(a), a.rows(), a.cols(), a.sum(),
                       a.height());
    out += "    why: " + f.reason + "\n";
    for (Game g : kGames)
      out += fmt::format("    {:<7}{}  {}\n", GameTitle(g), Values(f.values[g]),
                         ClassLabel(g, f.values[g].seki_class()));
    out += fmt::format("    {}, R first:{}\n", GameTitle(f.game), PlayLineText(f.lines[0]));
    out += fmt::format("    {}, C first:{}\n", GameTitle(f.game), PlayLineText(f.lines[1]));
  }
  return out;
}

std::string FormatCheckSummary(const CheckReport& r) {
  std::string shapes, heights;
  std::uint64_t classes = 0, examined = 0, dseki = 0, seki = 0;
  for (const ShapeReport& s : r.shapes) {
    shapes += (shapes.empty() ? "" : ",") + Shape(s.rows, s.cols);
    heights += fmt::format("{}{}:{}", heights.empty() ? "" : ",", Shape(s.rows, s.cols),
                           s.largest_complete_seki_height);
    classes += s.classes;
    examined += s.examined;
    seki += s.SekiCount(Game::kSeki);
    dseki += s.SekiCount(Game::kDSeki);
  }
  const auto bound = [](int b) { return b < 0 ? std::string("none") : std::to_string(b); };
  std::string extra;
  if (r.conjecture == Conjecture::k62) {
    extra = " largest_height=" + heights;
    if (r.min_height != 4)
      extra += fmt::format(" min_height={} listed={}", r.min_height, r.ListedCount());
  }
  if (r.conjecture == Conjecture::k63) extra = fmt::format(" seki={} dseki={}", seki, dseki);
  return fmt::format(
      "check conjecture={} shapes={} max_entry={} max_sum={} classes={} examined={}{} "
      "findings={} result={} seconds={:.2f}\n",
      ConjectureName(r.conjecture), shapes, bound(r.max_entry), bound(r.max_sum), classes, examined,
      extra, r.FindingCount(), r.Result(), r.seconds);
}

std::string FormatCheckJson(const CheckReport& r) { return CheckReportJson(r).dump(2) + "\n"; }

}  // namespace seki::cli
