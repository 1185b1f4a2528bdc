// ClassCount: the number of m x n matrices up to row/column permutation, per total sum, by
// Burnside's lemma over S_m x S_n summed by cycle type (no canonical forms involved). It gives
// the enumeration its expected sizes (progress, ETA) and the tests an independent count.
#pragma once

#include <cstdint>
#include <vector>

namespace seki {

// counts[s] = number of classes with entries 0..max_entry and total sum s, for s = 0..max_sum.
std::vector<std::uint64_t> ClassCountsBySum(int rows, int cols, int max_entry, int max_sum);

}  // namespace seki
