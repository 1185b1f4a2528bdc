// Fuzz target: the level file reader (storage/level_file_bytes.hpp, the code behind ReadLevelFile)
// on arbitrary bytes. The first input byte selects a mode, the rest is the file:
//   bit 0  replace the file's last 8 bytes by the correct XXH3-64 of the rest, so that the fuzzer
//          gets past the checksum and exercises the structural checks behind it;
//   bit 1  expect a generation-only file (no values) instead of a solved one;
//   bit 2  expect 3x3 matrices with entries <= 2 (sum <= 18) instead of 2x2 entries <= 3 (<= 12).
// Properties: the reader never crashes, never allocates beyond the input's size (ASan's
// allocation limit and libFuzzer's -rss_limit_mb would report it), explains every rejection on one
// line, and accepts only files that re-encode to exactly the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "storage/checksum.hpp"
#include "storage/level_file_bytes.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  std::vector<std::uint8_t> file(data + 1, data + size);
  if ((mode & 1) && file.size() >= 8) {
    std::uint64_t sum = seki::Checksum(file.data(), file.size() - 8);
    for (int k = 0; k < 8; ++k)
      file[file.size() - 8 + k] = static_cast<std::uint8_t>(sum >> (8 * k));
  }
  seki::LevelFileParams expected{2, 2, 3, 12, true};
  if (mode & 4) expected = {3, 3, 2, 18, true};
  expected.solved = (mode & 2) == 0;

  std::string why;
  const std::optional<seki::Level> level =
      seki::DecodeLevelFile(std::span<const std::uint8_t>(file), expected, "fuzz.bin", &why);
  if (!level) {
    if (why.empty() || why.rfind("fuzz.bin: ", 0) != 0) std::abort();
    for (char ch : why)
      if (static_cast<unsigned char>(ch) < 0x20) std::abort();
    return 0;
  }
  if (file[7] == '2') {  // compact (version 2): its blocks may be cut otherwise; the classes agree
    const seki::LevelFilePart part{level->sum, 0, 1, seki::CompactFromLevel(*level), {}};
    const std::string again = seki::EncodeLevelFilePart(part, expected);
    const auto back = seki::DecodeLevelFile(
        std::span(reinterpret_cast<const std::uint8_t*>(again.data()), again.size()), expected,
        "again.bin");
    if (!back) std::abort();
    for (int s = 0; s < seki::kShardCount; ++s)
      if (back->shards[s].keys != level->shards[s].keys ||
          back->shards[s].values != level->shards[s].values)
        std::abort();
    return 0;
  }
  const std::string again = seki::EncodeLevelFile(*level, expected);
  if (again.size() != file.size() || std::memcmp(again.data(), file.data(), file.size()) != 0)
    std::abort();
  return 0;
}
