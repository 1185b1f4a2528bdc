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
  s.mode = s.full ? DownsetMode::kBothGames
           : mode ? *mode
                  : DownsetShareMode(a, memory_limit, s.ranks);
  s.bytes = s.full ? DownsetBytes(a, true, s.mode) : DownsetShareBytes(a, s.mode, s.ranks);
  return s;
}

}  // namespace seki
