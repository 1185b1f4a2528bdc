// The one choice of a down-set pass's storage.
#include "engine/solve/downset_storage.hpp"

#include <algorithm>

#include "engine/solve/downset_share.hpp"

namespace seki {

DownsetStorage DownsetStorageFor(const Matrix& a, double memory_limit, int ranks,
                                 double full_table_bytes, std::optional<DownsetMode> mode) {
  DownsetStorage s;
  s.ranks = DownsetMatrices(a) < DownsetSplitMatrices() ? 1 : std::max(1, ranks);
  s.full =
      s.ranks == 1 && mode != DownsetMode::kOneGame &&
      DownsetBytes(a, true, DownsetMode::kBothGames) <= std::min(memory_limit, full_table_bytes);
  // The ring: one byte a matrix when the largest share fits, else 4 bits.
  s.mode = s.full ? DownsetMode::kBothGames
           : mode ? *mode
           : DownsetShareBytes(a, DownsetMode::kBothGames, s.ranks) <= memory_limit
               ? DownsetMode::kBothGames
               : DownsetMode::kOneGame;
  s.bytes = s.full ? DownsetBytes(a, true, s.mode) : DownsetShareBytes(a, s.mode, s.ranks);
  return s;
}

}  // namespace seki
