// Independent count of m x n matrices up to row/column permutation, per total sum, by Burnside's
// lemma over S_m x S_n (no canonical forms involved): used to check the generator.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace seki::testing {

__extension__ using Int128 = __int128;

// counts[s] = number of classes of m x n matrices with entries 0..max_entry and total sum s,
// for s = 0..max_sum.
inline std::vector<std::uint64_t> BurnsideCounts(int m, int n, int max_entry, int max_sum) {
  using Poly = std::vector<Int128>;
  auto cycle_lengths = [](const std::vector<int>& p) {
    std::vector<int> lengths, seen(p.size(), 0);
    for (std::size_t s = 0; s < p.size(); ++s) {
      if (seen[s]) continue;
      int len = 0;
      for (std::size_t x = s; !seen[x]; x = p[x]) seen[x] = 1, ++len;
      lengths.push_back(len);
    }
    return lengths;
  };
  Poly total(max_sum + 1, 0);
  std::vector<int> sigma(m);
  std::iota(sigma.begin(), sigma.end(), 0);
  Int128 group = 0;
  do {
    const std::vector<int> a = cycle_lengths(sigma);
    std::vector<int> tau(n);
    std::iota(tau.begin(), tau.end(), 0);
    do {
      ++group;
      const std::vector<int> b = cycle_lengths(tau);
      // A cell orbit of length L contributes (1 + x^L + ... + x^(max_entry L)).
      Poly p(max_sum + 1, 0);
      p[0] = 1;
      for (int la : a)
        for (int lb : b) {
          const int g = std::gcd(la, lb), len = la / g * lb;
          for (int c = 0; c < g; ++c) {
            Poly q(max_sum + 1, 0);
            for (int d = 0; d <= max_sum; ++d)
              if (p[d] != 0)
                for (int e = 0; e <= max_entry && d + e * len <= max_sum; ++e) q[d + e * len] += p[d];
            p.swap(q);
          }
        }
      for (int d = 0; d <= max_sum; ++d) total[d] += p[d];
    } while (std::next_permutation(tau.begin(), tau.end()));
  } while (std::next_permutation(sigma.begin(), sigma.end()));
  std::vector<std::uint64_t> counts(max_sum + 1);
  for (int d = 0; d <= max_sum; ++d) counts[d] = static_cast<std::uint64_t>(total[d] / group);
  return counts;
}

}  // namespace seki::testing
