// Reductions (inverse extensions), direct sums and families of one matrix.
#include "engine/describe/origin.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/describe/matrix_report.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki {

namespace {

// The positions of the positive entries of row i (or of column i when `column`).
std::vector<int> Positives(const Matrix& a, int i, bool column) {
  std::vector<int> at;
  const int n = column ? a.rows() : a.cols();
  for (int t = 0; t < n; ++t)
    if ((column ? a(t, i) : a(i, t)) > 0) at.push_back(t);
  return at;
}

// B: A without row r and column q, with k added back at (i, j).
Matrix Reduce(const Matrix& a, int r, int q, int i, int j, int k) {
  Matrix b(a.rows() - 1, a.cols() - 1);
  for (int p = 0, bp = 0; p < a.rows(); ++p) {
    if (p == r) continue;
    for (int t = 0, bt = 0; t < a.cols(); ++t) {
      if (t == q) continue;
      b.set(bp, bt, a(p, t) + (p == i && t == j ? k : 0));
      ++bt;
    }
    ++bp;
  }
  return b;
}

}  // namespace

std::string Reduction::Name() const {
  if (IsPaperExtension()) return k == 1 ? "E1" : "E2";
  return fmt::format("({},{},{},-{})", corner, k, k, k);
}

bool OriginReport::FromSmallerComplete(Game g) const {
  return std::any_of(reductions.begin(), reductions.end(),
                     [&](const Reduction& r) { return r.FromComplete(g); });
}

std::vector<Reduction> Reductions(const Matrix& a) {
  std::vector<Reduction> out;
  if (a.rows() < 2 || a.cols() < 2) return out;
  for (int r = 0; r < a.rows(); ++r)
    for (int q = 0; q < a.cols(); ++q) {
      if (a(r, q) == 0) continue;
      const std::vector<int> in_row = Positives(a, r, false), in_col = Positives(a, q, true);
      if (in_row.size() != 2 || in_col.size() != 2) continue;
      const int j = in_row[0] == q ? in_row[1] : in_row[0];
      const int i = in_col[0] == r ? in_col[1] : in_col[0];
      const int k = a(r, j);
      if (a(i, q) != k || a(i, j) + k > kMaxEntry) continue;
      Reduction red;
      red.row = r + 1, red.col = q + 1;
      red.entry_row = i + 1, red.entry_col = j + 1;
      red.corner = a(r, q), red.k = k;
      red.smaller = canon::CanonicalForm(Reduce(a, r, q, i, j, k));
      const auto same = [&](const Reduction& x) {
        return x.corner == red.corner && x.k == red.k && x.smaller == red.smaller;
      };
      if (std::none_of(out.begin(), out.end(), same)) out.push_back(red);
    }
  return out;
}

std::string FamilyOf(const Matrix& a) {
  const int n = a.rows();
  if (n != a.cols() || n < 2 || n > kMaxDim) return "";
  const Matrix form = canon::CanonicalForm(a);
  if (form == canon::CanonicalForm(SequenceA(n))) return fmt::format("A^{}", n);
  if (form == canon::CanonicalForm(SequenceB(n))) return fmt::format("B^{}", n);
  if (n >= 3 && form == canon::CanonicalForm(TwoCycle(n))) return fmt::format("C_{}", n);
  return "";
}

OriginReport Origin(const Matrix& a, SolveEngine& engine) {
  const auto values = [&](const Matrix& m) { return engine.Values(m, FormatMatrix(m)); };
  OriginReport o;
  o.matrix = a;
  o.values = values(a);
  o.blocks = PrimeBlocks(a);
  if (o.blocks.size() > 1)
    for (const Matrix& b : o.blocks) o.block_values.push_back(values(b));
  o.reductions = Reductions(a);
  for (Reduction& r : o.reductions) r.smaller_values = values(r.smaller);
  o.family = FamilyOf(a);
  return o;
}

nlohmann::ordered_json OriginJson(const OriginReport& o) {
  auto classes = [](const Solution& v) {
    return nlohmann::ordered_json{{"seki", ClassName(v.seki.seki_class())},
                                  {"dseki", ClassName(v.dseki.seki_class())}};
  };
  nlohmann::ordered_json blocks = nlohmann::ordered_json::array(),
                         reductions = nlohmann::ordered_json::array();
  for (std::size_t k = 0; k < o.block_values.size(); ++k)
    blocks.push_back(
        {{"matrix", FormatMatrix(o.blocks[k])}, {"class", classes(o.block_values[k])}});
  for (const Reduction& r : o.reductions)
    reductions.push_back({{"name", r.Name()},
                          {"corner", r.corner},
                          {"k", r.k},
                          {"row", r.row},
                          {"col", r.col},
                          {"entry_row", r.entry_row},
                          {"entry_col", r.entry_col},
                          {"smaller", FormatMatrix(r.smaller)},
                          {"smaller_class", classes(r.smaller_values)}});
  return {{"matrix", FormatMatrix(o.matrix)},
          {"class", classes(o.values)},
          {"direct_sum", o.IsDirectSum()},
          {"blocks", blocks},
          {"family",
           o.family.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(o.family)},
          {"reductions", reductions},
          {"from_smaller_complete_seki", o.FromSmallerComplete(Game::kSeki)},
          {"from_smaller_complete_dseki", o.FromSmallerComplete(Game::kDSeki)}};
}

}  // namespace seki
