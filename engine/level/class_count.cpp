// Burnside count by cycle types: a pair of permutations with cycle types (a, b) acts on the cells
// with gcd(a_i, b_j) cycles of length lcm(a_i, b_j) for every pair of cycles; a cell cycle of
// length L contributes 1 + x^L + ... + x^(k L) to the fixed-point generating function.
#include "engine/level/class_count.hpp"

#include <numeric>

namespace seki {

namespace {

__extension__ using Int128 = __int128;

struct CycleType {
  std::vector<int> lengths;
  Int128 permutations = 0;  // how many permutations of S_n have this cycle type
};

Int128 Factorial(int n) { return n <= 1 ? 1 : n * Factorial(n - 1); }

// All partitions of n as cycle types, with n! / prod(k^{m_k} m_k!) permutations each.
void Partitions(int n, int largest, std::vector<int>& parts, int total,
                std::vector<CycleType>& out) {
  if (n == 0) {
    Int128 denominator = 1;
    for (std::size_t i = 0; i < parts.size();) {
      std::size_t j = i;
      while (j < parts.size() && parts[j] == parts[i]) denominator *= parts[j++];
      denominator *= Factorial(static_cast<int>(j - i));
      i = j;
    }
    out.push_back({parts, Factorial(total) / denominator});
    return;
  }
  for (int k = std::min(n, largest); k >= 1; --k) {
    parts.push_back(k);
    Partitions(n - k, k, parts, total, out);
    parts.pop_back();
  }
}

std::vector<CycleType> CycleTypes(int n) {
  std::vector<CycleType> out;
  std::vector<int> parts;
  Partitions(n, n, parts, n, out);
  return out;
}

}  // namespace

std::vector<std::uint64_t> ClassCountsBySum(int rows, int cols, int max_entry, int max_sum) {
  std::vector<Int128> total(max_sum + 1, 0);
  for (const CycleType& a : CycleTypes(rows))
    for (const CycleType& b : CycleTypes(cols)) {
      std::vector<Int128> poly(max_sum + 1, 0);
      poly[0] = 1;
      for (int la : a.lengths)
        for (int lb : b.lengths) {
          const int g = std::gcd(la, lb), len = la / g * lb;
          for (int c = 0; c < g; ++c) {
            std::vector<Int128> next(max_sum + 1, 0);
            for (int d = 0; d <= max_sum; ++d)
              if (poly[d] != 0)
                for (int e = 0; e <= max_entry && d + e * len <= max_sum; ++e)
                  next[d + e * len] += poly[d];
            poly.swap(next);
          }
        }
      for (int d = 0; d <= max_sum; ++d) total[d] += poly[d] * a.permutations * b.permutations;
    }
  const Int128 group = Factorial(rows) * Factorial(cols);
  std::vector<std::uint64_t> counts(max_sum + 1);
  for (int d = 0; d <= max_sum; ++d) counts[d] = static_cast<std::uint64_t>(total[d] / group);
  return counts;
}

}  // namespace seki
