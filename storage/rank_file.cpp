// Per-rank file names.
#include "storage/rank_file.hpp"

#include <cstdio>

namespace seki {

std::filesystem::path RankFile(const std::filesystem::path& file, int rank, int ranks) {
  if (ranks == 1) return file;
  char suffix[48];
  std::snprintf(suffix, sizeof suffix, ".rank-%04d-of-%04d", rank, ranks);
  std::filesystem::path out = file;
  out.replace_filename(file.stem().string() + suffix + file.extension().string());
  return out;
}

}  // namespace seki
