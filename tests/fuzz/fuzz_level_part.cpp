// Fuzz target: the readers of compact level files (version 2, storage/level_file_compact.hpp) by
// parts and by groups — the part files of a level built in parts (engine/run/part_files.hpp) and
// the whole compact files of a level store — on arbitrary bytes. The first input byte is a mode,
// the rest the file:
//   bit 0  write the correct checksums into the file (its trailer and, in a file by groups, each
//          group's and the group table's), so that the fuzzer reaches the checks behind them;
//   bit 1  expect a generation-only file (no values) instead of a solved one;
//   bit 2  expect 3x3 matrices with entries <= 3 (sum <= 27) instead of 2x2 entries <= 3 (<= 12);
//   bit 3  ReadPartFiles keeps the classes of half the shards (a rank's share) instead of all.
// The readers: DecodeLevelFilePart on the buffer; on the file (in a scratch directory under /tmp,
// named as the part its header says it is): ReadLevelFilePart, ReadLevelFileGroupTable and
// ReadLevelFileGroups (every group of the table, then one it lacks), ReadPartFiles,
// ReadPartFilesOnDisk and ReadGroupedLevel.
// Properties: no crash, no sanitizer report, no exception; allocation bounded by the input; every
// rejection one line; the buffer and the file readers agree; an accepted part re-encodes to
// exactly the same bytes, its groups read one by one are the groups of the whole, and its classes
// read back through the part-file readers are the same in number.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/level/enumeration_space.hpp"
#include "engine/level/level_parts.hpp"
#include "engine/run/level_ranks.hpp"
#include "engine/run/part_files.hpp"
#include "storage/checksum.hpp"
#include "storage/level_file.hpp"
#include "storage/level_file_bytes.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/fuzz_files.hpp"

namespace {

namespace fs = std::filesystem;

std::uint32_t U32(const std::vector<std::uint8_t>& b, std::size_t at) {
  std::uint32_t v = 0;
  for (int k = 3; k >= 0; --k) v = (v << 8) | b[at + static_cast<std::size_t>(k)];
  return v;
}
std::uint64_t U64(const std::vector<std::uint8_t>& b, std::size_t at) {
  return (std::uint64_t{U32(b, at + 4)} << 32) | U32(b, at);
}
void PutU64(std::vector<std::uint8_t>& b, std::size_t at, std::uint64_t v) {
  for (int k = 0; k < 8; ++k)
    b[at + static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(v >> (8 * k));
}

// Writes the checksums a writer would: in a file by groups (flags bit 1) each group's XXH3-64 of
// the bytes its table entry gives them (in order after the table) and the table's own; then the
// trailer. Sizes are taken as the file gives them, cut at its end.
void FixChecksums(std::vector<std::uint8_t>& file) {
  constexpr std::size_t kHeader = 56, kHead = 8, kEntry = 40;
  if (file.size() < 8) return;
  const std::size_t end = file.size() - 8;  // the trailer's offset
  if (end >= kHeader + kHead && (U32(file, 28) & 2) != 0) {
    const std::uint64_t groups = U32(file, kHeader);
    const std::uint64_t table_end = kHeader + kHead + kEntry * groups;
    if (table_end + 8 <= end) {
      std::uint64_t offset = table_end + 8;
      for (std::uint64_t g = 0; g < groups; ++g) {
        const std::size_t entry = kHeader + kHead + kEntry * static_cast<std::size_t>(g);
        const std::uint64_t bytes = U64(file, entry + 24);
        const std::uint64_t from = std::min<std::uint64_t>(offset, end);
        const std::uint64_t to =
            std::min<std::uint64_t>(from + std::min<std::uint64_t>(bytes, end), end);
        PutU64(file, entry + 32,
               seki::Checksum(file.data() + from, static_cast<std::size_t>(to - from)));
        offset = to;
      }
      PutU64(file, table_end, seki::Checksum(file.data(), static_cast<std::size_t>(table_end)));
    }
  }
  PutU64(file, end, seki::Checksum(file.data(), end));
}

void Why(const std::string& why, const std::string& name = "") {
  seki::fuzz::Say("why", why);
  if (why.empty()) std::abort();
  if (!name.empty() && why.rfind(name + ": ", 0) != 0) std::abort();
  seki::fuzz::ExpectOneLine(why);
}

bool SameBlocks(const seki::CompactPart& a, const seki::CompactPart& b) {
  if (a.group != b.group || a.blocks.size() != b.blocks.size()) return false;
  for (std::size_t k = 0; k < a.blocks.size(); ++k) {
    const seki::CompactBlock &x = a.blocks[k], &y = b.blocks[k];
    if (x.first_key != y.first_key || x.count != y.count || x.rice != y.rice || x.bits != y.bits ||
        x.values.size() != y.values.size() ||
        (!x.values.empty() &&
         std::memcmp(x.values.data(), y.values.data(), x.values.size() * sizeof x.values[0]) != 0))
      return false;
  }
  return true;
}

std::uint64_t Classes(const seki::LevelFilePart& part) {
  std::uint64_t n = part.classes.size();
  for (const seki::CompactPart& g : part.groups) n += g.size();
  return n;
}

const seki::fuzz::ScratchDir& Scratch() {
  static const seki::fuzz::ScratchDir dir("fuzz-level-part");
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  std::vector<std::uint8_t> file(data + 1, data + size);
  if (mode & 1) FixChecksums(file);
  const int side = (mode & 4) ? 3 : 2;
  const seki::EnumerationSpace space = seki::EnumerationSpace::Make(side, side, 3, -1);
  const seki::LevelFileParams expected{space.rows, space.cols, space.max_entry, space.max_sum,
                                       (mode & 2) == 0};

  // The buffer.
  std::string why;
  const std::optional<seki::LevelFilePart> part =
      seki::DecodeLevelFilePart(std::span<const std::uint8_t>(file), expected, "fuzz.bin", &why);
  if (part) {
    seki::fuzz::Say("accepted", "part " + std::to_string(part->part) + " of " +
                                    std::to_string(part->parts) + " of level " +
                                    std::to_string(part->sum) + ", " +
                                    std::to_string(Classes(*part)) + " classes, " +
                                    std::to_string(part->groups.size()) + " groups");
    const std::string again = seki::EncodeLevelFilePart(*part, expected);
    if (again.size() != file.size() || std::memcmp(again.data(), file.data(), file.size()) != 0)
      std::abort();
  } else {
    Why(why, "fuzz.bin");
  }

  // The file, named as the part its header says it is.
  const seki::fuzz::ScratchDir& scratch = Scratch();
  scratch.Clear();
  int sum = 0, index = 0, parts = 1;
  if (file.size() >= 44) {
    sum = static_cast<int>(U32(file, 32) % 100000);
    parts = static_cast<int>(U32(file, 40) % 100000);
    index = static_cast<int>(U32(file, 36) % 100000);
  }
  const std::string name = seki::PartFiles::Name(sum, index, parts);
  const fs::path path = scratch.path() / name;
  seki::fuzz::WriteFile(path,
                        std::string_view(reinterpret_cast<const char*>(file.data()), file.size()));

  why.clear();
  const std::optional<seki::LevelFilePart> read = seki::ReadLevelFilePart(path, expected, &why);
  if (read.has_value() != part.has_value()) std::abort();
  if (read) {
    if (seki::EncodeLevelFilePart(*read, expected) != seki::EncodeLevelFilePart(*part, expected))
      std::abort();
  } else {
    Why(why, path.string());
  }

  why.clear();
  if (const auto table = seki::ReadLevelFileGroupTable(path, expected, &why)) {
    std::vector<std::uint64_t> wanted;
    for (const seki::LevelFileGroup& g : *table) wanted.push_back(g.group);
    for (const bool check_keys : {true, false}) {
      why.clear();
      const auto groups = seki::ReadLevelFileGroups(path, expected, wanted, &why, check_keys);
      if (groups) {
        if (groups->size() != wanted.size()) std::abort();
        if (part) {  // the whole file verified: its groups read one by one are the same
          if (part->groups.size() != groups->size()) std::abort();
          for (std::size_t k = 0; k < groups->size(); ++k)
            if (!SameBlocks((*groups)[k], part->groups[k])) std::abort();
        }
      } else {
        Why(why, path.string());
        if (part && check_keys) std::abort();  // a group of a file that verifies
      }
    }
    std::uint64_t absent = 0;  // a group the table lacks
    while (std::find(wanted.begin(), wanted.end(), absent) != wanted.end()) ++absent;
    why.clear();
    if (seki::ReadLevelFileGroups(path, expected, {absent}, &why)) std::abort();
    Why(why, path.string());
  } else {
    Why(why, path.string());
    if (part && !part->groups.empty()) std::abort();  // a file by groups that verifies
  }

  // As a run reads the part files of a kept level, and a level store a whole level by groups.
  const seki::ShardRange owned = (mode & 8) ? seki::ShardBlock(0, 2) : seki::ShardBlock(0, 1);
  why.clear();
  if (const auto level =
          seki::ReadPartFiles(scratch.path(), space, {name}, expected, owned, &why)) {
    if (!part || level->sum != part->sum) std::abort();
    if (!(mode & 8) && level->size() != Classes(*part)) std::abort();
  } else {
    Why(why);
    if (part && !(mode & 8) && part->parts == parts && part->part == index && part->sum == sum)
      std::abort();  // a part that verifies, under its own name
  }
  why.clear();
  if (const auto held = seki::ReadPartFilesOnDisk(scratch.path(), space, {name}, expected, &why)) {
    if (!part || held->sum() != part->sum) std::abort();
  } else if (!why.empty()) {
    Why(why);
  }
  why.clear();
  if (const auto level = seki::ReadGroupedLevel(space, path, expected, &why)) {
    if (level->size() == 0 && file.size() > 200) seki::fuzz::Say("grouped", "empty");
  } else {
    Why(why);
  }
  scratch.Clear();
  return 0;
}
