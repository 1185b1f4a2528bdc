// Origin: how a matrix (typically a complete seki) arises from smaller ones — as a direct sum, as
// an extension of a smaller matrix (the paper's E1 = (3,1,1,-1) and E2 = (3,2,2,-2), and the
// general (c,k,k,-k)-extension: a new row and column with corner c, k at (0,j*) and (i*,0), and
// A(i*,j*) lowered by k), or as a member of the families A^n, B^n and the 2-cycles C_k.
// Reductions are the inverse: a row r and column q of A whose only positive entries are the
// corner A(r,q) = c and one entry k each (the same k); removing them and adding k back at the
// crossing of the other row and column gives the smaller matrix B, which is solved.
// Concurrency: reentrant (each call solves with a solver of its own).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki {

// One way to see A as the (c,k,k,-k)-extension of a smaller matrix B.
struct Reduction {
  int row = 0, col = 0;  // the new row and column of A (numbered from 1): A(row,col) = c
  int entry_row = 0, entry_col = 0;  // (i*, j*) of A (from 1), lowered by k in A
  int corner = 0, k = 0;             // c and k
  Matrix smaller;                    // B, canonical (up to row/column permutation)
  Solution smaller_values;           // both games' values of B
  std::string Name() const;          // "E1", "E2" or "(c,k,k,-k)"
  bool IsPaperExtension() const { return corner == 3 && (k == 1 || k == 2); }
  // E1 or E2 of a complete seki (complete d-seki) of game g.
  bool FromComplete(Game g) const {
    return IsPaperExtension() && smaller_values[g].seki_class() == SekiClass::kComplete;
  }
};

struct OriginReport {
  Matrix matrix;
  Solution values;
  std::vector<Matrix> blocks;  // prime blocks: a direct sum when more than one
  std::vector<Solution> block_values;
  std::vector<Reduction> reductions;  // every reduction, one per (B up to isomorphism, c, k)
  std::string family;                 // "A^4", "B^3", "C_5" or empty

  bool IsDirectSum() const { return blocks.size() > 1; }
  // An E1 or E2 reduction whose smaller matrix is a complete seki of the game.
  bool FromSmallerComplete(Game g) const;
};

// The origin of `a` (a starting position), every matrix solved by `engine` (the one solve path;
// throws as SolveEngine::Values).
OriginReport Origin(const Matrix& a, SolveEngine& engine);

// {"matrix", "class": {"seki", "dseki"}, "direct_sum", "blocks", "family", "reductions": [{"name",
// "corner", "k", "row", "col", "entry_row", "entry_col", "smaller", "smaller_class"}],
// "from_smaller_complete_seki", "from_smaller_complete_dseki"}: `seki origin --format json`.
nlohmann::ordered_json OriginJson(const OriginReport& o);

// Every reduction of `a` (no solving; smaller_values left empty).
std::vector<Reduction> Reductions(const Matrix& a);

// "A^n", "B^n" or "C_n" when `a` is isomorphic to that member (n = its size), else empty.
std::string FamilyOf(const Matrix& a);

}  // namespace seki
