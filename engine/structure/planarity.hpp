// Planarity of a matrix (spec section 6): a matrix arises from a GO position on a planar board iff
// the bipartite graph of its positive entries (a vertex per row and per column, an edge per
// positive entry) is planar. Tested with Boost.Graph's Boyer-Myrvold planarity test.
// Concurrency: pure and thread-safe.
#pragma once

#include "engine/base/matrix.hpp"

namespace seki {

// True iff the bipartite graph of the positive entries of a has no K3,3 or K5 subdivision. Zero
// lines are isolated vertices and do not matter; the size of a positive entry does not matter.
bool IsPlanar(const Matrix& a);

// The same answer from Boost's Boyer–Myrvold test alone, without IsPlanar's cheap shortcuts (edge
// count bound, cycle rank); tests compare the two.
bool IsPlanarBoyerMyrvold(const Matrix& a);

}  // namespace seki
