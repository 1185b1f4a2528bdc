// Orderly generation by canonical augmentation (after McKay, "Isomorph-free exhaustive generation",
// 1998): each class of level s is produced exactly once, from exactly one class of level s-1,
// without any global deduplication.
//
// A child B = A + e_p of a canonical parent A is accepted iff p is a *canonical deletion* of B:
//   1. cheap test: p must carry the largest position invariant of B (entry value first, then a hash
//      of the multisets of its row and column); most children fail here without canonicalising;
//   2. if p is the only position with that invariant, B's canonical parent is A, so B is accepted;
//   3. otherwise (a tie) B is canonicalised to Bc, q* is the first position of Bc (row-major) with
//      the largest invariant, and B is accepted iff canon(Bc - e_q*) is A.
// Accepted children of one parent that coincide (positions in one orbit of Aut(A)) are merged.
// Concurrency: pure function of its arguments; call it from any number of threads.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/level/level_builder.hpp"

namespace seki {

// Appends the canonical keys of the children of `parent` (canonical, packed as parent_key) that
// it generates, each once, in increasing order.
void GenerateChildren(const EnumerationSpace& space, const Matrix& parent, std::uint64_t parent_key,
                      std::vector<std::uint64_t>& out);

}  // namespace seki
