// The conjectures' texts, predicates and regions.
#include "engine/check/conjecture.hpp"

#include <algorithm>
#include <stdexcept>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki {

namespace {

std::string Shape(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

std::string LineSums(const Matrix& a) {
  std::string rows, cols;
  for (int i = 0; i < a.rows(); ++i) rows += (i ? "," : "") + std::to_string(a.row_sum(i));
  for (int j = 0; j < a.cols(); ++j) cols += (j ? "," : "") + std::to_string(a.col_sum(j));
  return "row sums " + rows + ", column sums " + cols;
}

bool IsComplete(const Solution& v, Game g) { return v[g].seki_class() == SekiClass::kComplete; }

std::string BlockName(Block69 kind, const Matrix& b) {
  switch (kind) {
    case Block69::kZeroOneIdsm:
      return "(0,1)-IDSM with s = " + std::to_string(b.row_sum(0));
    case Block69::kTwoCycle:
      return "2-cycle C_" + std::to_string(b.rows());
    case Block69::kOther:
      break;
  }
  return "other";
}

}  // namespace

std::optional<Conjecture> ParseConjecture(std::string_view text) {
  for (Conjecture c : kConjectures)
    if (text == ConjectureName(c)) return c;
  return std::nullopt;
}

std::string_view ConjectureName(Conjecture c) {
  switch (c) {
    case Conjecture::k61:
      return "6.1";
    case Conjecture::k62:
      return "6.2";
    case Conjecture::k63:
      return "6.3";
    case Conjecture::k69:
      return "6.9";
  }
  return "?";
}

std::string_view ConjectureStatement(Conjecture c) {
  switch (c) {
    case Conjecture::k61:
      return "every prime (0,1,2) complete seki is an IDSM";
    case Conjecture::k62:
      return "H_n, the largest height of an n x n complete seki, is finite, non-decreasing and "
             "unbounded; H_3 = 3 and H_4 > 3";
    case Conjecture::k63:
      return "every seki is square: for m != n, R or C wins";
    case Conjecture::k69:
      return "every complete d-seki is a direct sum of (0,1)-IDSMs with line sum s >= 2 and "
             "2-cycles C_k (k >= 3)";
  }
  return "";
}

std::string_view FindingMeaning(Conjecture c) {
  switch (c) {
    case Conjecture::k61:
      return "a prime complete seki with every entry <= 2 that is not an IDSM (a counterexample)";
    case Conjecture::k62:
      return "a complete seki of height >= 4 (none is known: on 3x3 a counterexample to H_3 = 3, "
             "on any other shape a new record height)";
    case Conjecture::k63:
      return "a seki (SEKI: R = C = D) whose shape is not square (a counterexample)";
    case Conjecture::k69:
      return "a complete d-seki with a prime block that is neither a (0,1)-IDSM with s >= 2 nor "
             "a 2-cycle C_k, k >= 3 (a counterexample)";
  }
  return "";
}

Game ConjectureGame(Conjecture c) { return c == Conjecture::k69 ? Game::kDSeki : Game::kSeki; }

bool Violates61(const Matrix& a, const Solution& v) {
  return IsComplete(v, Game::kSeki) && a.height() <= 2 && IsPrime(a) && !IsIdsm(a);
}

bool IsNewHeight62(const Matrix& a, const Solution& v) {
  return IsComplete(v, Game::kSeki) && a.height() >= 4;
}

bool Violates63(const Matrix& a, const Solution& v) {
  return a.rows() != a.cols() && v.seki.is_seki();
}

Block69 ClassifyBlock69(const Matrix& b) {
  if (b.empty() || b.has_zero_line()) return Block69::kOther;
  if (IsIdsm(b) && b.height() <= 1 && b.row_sum(0) >= 2) return Block69::kZeroOneIdsm;
  const int k = b.rows();
  if (k >= 3 && k == b.cols() && b.height() == 2 &&
      canon::CanonicalForm(b) == canon::CanonicalForm(TwoCycle(k)))
    return Block69::kTwoCycle;
  return Block69::kOther;
}

bool IsConforming69(const Matrix& a) {
  if (a.empty() || a.has_zero_line()) return false;
  for (const Matrix& b : PrimeBlocks(a))
    if (ClassifyBlock69(b) == Block69::kOther) return false;
  return true;
}

bool Violates69(const Matrix& a, const Solution& v) {
  return IsComplete(v, Game::kDSeki) && !IsConforming69(a);
}

bool IsFinding(Conjecture c, const Matrix& a, const Solution& v) {
  switch (c) {
    case Conjecture::k61:
      return Violates61(a, v);
    case Conjecture::k62:
      return IsNewHeight62(a, v);
    case Conjecture::k63:
      return Violates63(a, v);
    case Conjecture::k69:
      return Violates69(a, v);
  }
  return false;
}

std::string FindingKind(Conjecture c, const Matrix& a) {
  if (c == Conjecture::k62) {
    if (a.height() <= 3) return "listed";
    if (!(a.rows() == 3 && a.cols() == 3)) return "new";
  }
  return "counterexample";
}

std::string FindingReason(Conjecture c, const Matrix& a, const Solution& v) {
  switch (c) {
    case Conjecture::k61:
      return "prime complete seki, entries <= 2, not an IDSM: " +
             (a.rows() != a.cols() ? std::string("not square, ") : std::string()) + LineSums(a);
    case Conjecture::k62: {
      std::string why = "complete seki of height " + std::to_string(a.height());
      if (a.height() <= 3) return why + " (known heights, listed on request)";
      if (a.rows() == 3 && a.cols() == 3) return why + ": contradicts H_3 = 3";
      if (a.rows() == a.cols())
        return why + ": new, H_" + std::to_string(a.rows()) + " >= " + std::to_string(a.height());
      return why + ": new, and not square (also a counterexample to 6.3)";
    }
    case Conjecture::k63:
      return std::string(ClassName(v.seki.seki_class())) + " seki of shape " +
             Shape(a.rows(), a.cols()) + " (SEKI R=D C=D), not square";
    case Conjecture::k69: {
      const std::vector<Matrix> blocks = PrimeBlocks(a);
      std::string why = "complete d-seki with ";
      if (blocks.size() == 1) {
        why += "one prime block, neither a (0,1)-IDSM with s >= 2 nor a 2-cycle C_k (k >= 3)";
        if (a == TwoCycle(2)) why += " (22/22 = TwoCycle(2); the paper's C_k starts at k = 3)";
        return why;
      }
      why += std::to_string(blocks.size()) + " prime blocks:";
      for (std::size_t k = 0; k < blocks.size(); ++k) {
        const Block69 kind = ClassifyBlock69(blocks[k]);
        why += (k ? "; " : " ") + FormatMatrix(blocks[k]) + " " +
               (kind == Block69::kOther ? "NEITHER a (0,1)-IDSM with s >= 2 nor a 2-cycle C_k"
                                        : BlockName(kind, blocks[k]));
      }
      return why;
    }
  }
  return "";
}

std::vector<std::pair<int, int>> GridShapes(Conjecture c, int max_rows, int max_cols) {
  auto in_grid = [&](int m, int n) { return m >= 1 && n >= 1 && m <= max_rows && n <= max_cols; };
  std::vector<std::pair<int, int>> shapes;
  for (int m = 1; m <= std::min(max_rows, kMaxDim); ++m)
    for (int n = 1; n <= std::min(max_cols, kMaxDim); ++n) {
      const bool square = m == n;
      if ((c == Conjecture::k61 || c == Conjecture::k62) && !square) continue;
      if (c == Conjecture::k63 && square) continue;
      if (m > n && in_grid(n, m)) continue;  // its transpose n x m is searched instead
      shapes.emplace_back(m, n);
    }
  return shapes;
}

EnumerationSpace ConjectureSpace(Conjecture c, int rows, int cols, int max_entry, int max_sum) {
  const std::string where = "shape " + Shape(rows, cols);
  if (c == Conjecture::k61) {
    if (max_entry > 2)
      throw std::invalid_argument(
          "--max-entry " + std::to_string(max_entry) +
          ": conjecture 6.1 is about (0,1,2) matrices; give --max-entry 1 or 2, or omit it");
    if (max_entry < 0) max_entry = 2;
  }
  if (max_entry < 0 && max_sum < 0)
    throw std::invalid_argument("no bound: give --max-entry, --max-sum or both");
  if (max_entry == 0 || max_sum == 0 || max_entry < -1 || max_sum < -1)
    throw std::invalid_argument("bounds must be positive");
  std::string bound;
  if (max_entry >= 0) bound += " --max-entry " + std::to_string(max_entry);
  if (max_sum >= 0) bound += " --max-sum " + std::to_string(max_sum);
  try {
    return EnumerationSpace::Make(rows, cols, max_entry, max_sum);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(where + "," + bound + ": " + e.what());
  }
}

}  // namespace seki
