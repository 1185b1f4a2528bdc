// The one name of a file that each rank of a job writes for itself (a run's or a check's level
// file, a down-set pass's checkpoint): ".rank-RRRR-of-PPPP" before the last extension.
// Concurrency: pure functions.
#pragma once

#include <filesystem>

namespace seki {

// "levels/level-0005.bin", rank 1 of 2 -> "levels/level-0005.rank-0001-of-0002.bin"; "ds.ckpt" ->
// "ds.rank-0001-of-0002.ckpt"; a name without an extension gets the suffix at its end. One
// process (ranks == 1): `file` itself.
std::filesystem::path RankFile(const std::filesystem::path& file, int rank, int ranks);

}  // namespace seki
