// The compact level-file format (version 2), apart from its I/O: the encoder and the verifying
// parser of one part of a level in key order or by groups (storage/compact_level.hpp). Version 1
// (256 shards of plain keys) is storage/level_file_format.hpp; storage/level_file.cpp reads both
// and writes this one for one-word keys. Internal to storage/.
//
// Layout, version 2, all integers little-endian:
//   offset  0  magic "SEKILVL2"
//           8  u32 format version (2)
//          12  u32 rows, u32 cols, u32 max_entry, u32 max_sum (the run's effective bounds)
//          28  u32 flags: bit 0 = solved (values present), bit 1 = by groups; other bits zero
//          32  u32 sum of the level
//          36  u32 part, u32 parts (the file holds part `part` of a level built in `parts`)
//          44  u32 block count
//          48  u64 class count
//          56  by groups only: u32 group count G, u32 zero, then G entries (u64 group, u32 blocks,
//              u32 zero, u64 classes, u64 bytes of its blocks, u64 XXH3-64 of those bytes) in
//              increasing group order, then u64 XXH3-64 of every byte before it (header, table)
//     then the blocks (by groups: each group's blocks together, in the table's order): for each,
//              u64 first key, u32 count (1..4096), u32 Rice parameter (0..63), u32 words W, then
//              W u64 words of Rice-coded gaps (the last one padding), then, if solved, count
//              values (u8)
//   last 8 bytes: XXH3-64 of every byte before them.
// The reader checks every size against what is left of the file before allocating, decodes every
// block with bounds checks, and checks the keys (increasing across the whole file, or across each
// group; each within the region and of the level's sum), the values and the counts before the
// checksum. A file by groups can also be read one group at a time: its header and table, checked
// by their own checksum, then each group's bytes, checked by the table's.
// Concurrency: pure functions; a parser belongs to one thread.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "storage/compact_level.hpp"
#include "storage/level_file.hpp"
#include "storage/level_file_format.hpp"

namespace seki::level_file_format {

inline constexpr std::array<char, 8> kCompactMagic = {'S', 'E', 'K', 'I', 'L', 'V', 'L', '2'};
inline constexpr std::uint32_t kCompactVersion = 2;
inline constexpr std::size_t kCompactHeaderBytes = 56;
inline constexpr std::size_t kCompactBlockHeaderBytes = 20;
inline constexpr std::uint32_t kFlagByGroups = 2;
inline constexpr std::size_t kGroupTableHeadBytes = 8, kGroupEntryBytes = 40;

// One entry of the group table, with where its blocks start in the file (`offset`, not stored).
struct GroupEntry {
  std::uint64_t group = 0, classes = 0, bytes = 0, hash = 0, offset = 0;
  std::uint32_t blocks = 0;
};

// Counts and hashes what an encoder writes (a group's bytes for its table entry).
class CountingSink {
 public:
  void Write(const void* data, std::size_t n) {
    hasher_.Update(data, n);
    bytes_ += n;
  }
  std::uint64_t bytes() const { return bytes_; }
  std::uint64_t Digest() const { return hasher_.Digest(); }

 private:
  Hasher hasher_;
  std::uint64_t bytes_ = 0;
};
inline constexpr int kMaxParts = 1 << 16;

// The encoder in three steps, so that a level can be written block by block as it is read (a
// level kept by groups, merged in key order): the header, each block, the trailer.
inline std::array<std::uint8_t, kCompactHeaderBytes> CompactHeader(int sum, int part, int parts,
                                                                   std::uint64_t blocks,
                                                                   std::uint64_t classes,
                                                                   const LevelFileParams& params,
                                                                   std::uint32_t extra_flags = 0) {
  std::array<std::uint8_t, kCompactHeaderBytes> header{};
  PutCommonHeader(header.data(), kCompactMagic, kCompactVersion, params, sum);
  PutU32(header.data() + 28, GetU32(header.data() + 28) | extra_flags);
  PutU32(header.data() + 36, static_cast<std::uint32_t>(part));
  PutU32(header.data() + 40, static_cast<std::uint32_t>(parts));
  PutU32(header.data() + 44, static_cast<std::uint32_t>(blocks));
  PutU64(header.data() + 48, classes);
  return header;
}
template <class Sink>
void EncodeCompactHeader(int sum, int part, int parts, std::uint64_t blocks, std::uint64_t classes,
                         const LevelFileParams& params, Sink& sink) {
  const auto header = CompactHeader(sum, part, parts, blocks, classes, params);
  sink.Write(header.data(), header.size());
}
template <class Sink>
void EncodeCompactBlock(const CompactBlock& block, const LevelFileParams& params, Sink& sink) {
  std::uint8_t head[kCompactBlockHeaderBytes];
  PutU64(head, block.first_key);
  PutU32(head + 8, block.count);
  PutU32(head + 12, block.rice);
  PutU32(head + 16, static_cast<std::uint32_t>(block.bits.size()));
  sink.Write(head, sizeof head);
  std::vector<std::uint8_t> buffer(8 * block.bits.size());
  for (std::size_t w = 0; w < block.bits.size(); ++w) PutU64(buffer.data() + 8 * w, block.bits[w]);
  sink.Write(buffer.data(), buffer.size());
  if (params.solved) sink.Write(block.values.data(), block.values.size());
}

// Writes a part by groups (file.groups): the header, the group table (each group's bytes and
// checksum from encoding it once into a CountingSink) and its checksum, the groups' blocks.
template <class Sink>
void EncodeCompactGroups(const LevelFilePart& file, const LevelFileParams& params, Sink& sink) {
  std::uint64_t blocks = 0, classes = 0;
  std::vector<std::uint8_t> table(kGroupTableHeadBytes + kGroupEntryBytes * file.groups.size());
  PutU32(table.data(), static_cast<std::uint32_t>(file.groups.size()));
  for (std::size_t g = 0; g < file.groups.size(); ++g) {
    const CompactPart& group = file.groups[g];
    CountingSink counted;
    for (const CompactBlock& block : group.blocks) EncodeCompactBlock(block, params, counted);
    std::uint8_t* entry = table.data() + kGroupTableHeadBytes + kGroupEntryBytes * g;
    PutU64(entry, group.group);
    PutU32(entry + 8, static_cast<std::uint32_t>(group.blocks.size()));
    PutU64(entry + 16, group.size());
    PutU64(entry + 24, counted.bytes());
    PutU64(entry + 32, counted.Digest());
    blocks += group.blocks.size();
    classes += group.size();
  }
  const auto header =
      CompactHeader(file.sum, file.part, file.parts, blocks, classes, params, kFlagByGroups);
  Hasher head_hash;
  head_hash.Update(header.data(), header.size());
  head_hash.Update(table.data(), table.size());
  std::uint8_t check[8];
  PutU64(check, head_hash.Digest());
  sink.Write(header.data(), header.size());
  sink.Write(table.data(), table.size());
  sink.Write(check, sizeof check);
  for (const CompactPart& group : file.groups)
    for (const CompactBlock& block : group.blocks) EncodeCompactBlock(block, params, sink);
  sink.WriteTrailer();
}

// Writes one part of a level, by groups when it has them; the caller has checked the part
// (ValidateCompact).
template <class Sink>
void EncodeCompact(const LevelFilePart& file, const LevelFileParams& params, Sink& sink) {
  if (!file.groups.empty()) return EncodeCompactGroups(file, params, sink);
  EncodeCompactHeader(file.sum, file.part, file.parts, file.classes.blocks.size(),
                      file.classes.size(), params, sink);
  for (const CompactBlock& block : file.classes.blocks) EncodeCompactBlock(block, params, sink);
  sink.WriteTrailer();
}

// Checks a part against the format's rules for `params` (usable parameters, one-word keys, sum and
// part in range, blocks of 1..4096 classes, keys increasing (by groups: in each group, the groups
// increasing and not empty, `classes` empty) and valid, value bytes valid); throws
// std::invalid_argument "level file: ..." naming the first problem.
void ValidateCompact(const LevelFilePart& file, const LevelFileParams& params);

// The verifying parser of version 2, over the Sources of storage/level_file.cpp (see
// LevelFileParser for their contract and for how problems are reported).
template <class Source>
class CompactFileParser {
 public:
  CompactFileParser(Source& src, const LevelFileParams& expected, const std::string& name,
                    std::string* why)
      : checks_(src, name, why), src_(src), expected_(expected) {}

  // The whole file, verified.
  std::optional<LevelFilePart> Parse() {
    if (!ReadHeader() || !ReadGroupTable() || !ReadBlocks() || !CheckTrailer()) return std::nullopt;
    return std::move(file_);
  }
  // The header and group table of a file by groups, checked by the table's checksum (the blocks
  // are not read); the part's sum, part and parts in *info. An empty part has no groups.
  std::optional<std::vector<GroupEntry>> ParseTable(LevelFilePart* info) {
    if (!ReadHeader() || !ReadGroupTable()) return std::nullopt;
    if (!by_groups_ && blocks_ > 0) {
      Reject("not a level file by groups");
      return std::nullopt;
    }
    info->sum = file_.sum, info->part = file_.part, info->parts = file_.parts;
    return std::move(table_);
  }
  // One group of a file by groups of level `sum`: a source holding exactly the group's bytes,
  // whose checksum the caller has checked against `entry`. `check_keys` false checks only the
  // blocks' sizes (a file verified completely before: the checksum says its bytes are the same).
  std::optional<CompactPart> ParseGroup(const GroupEntry& entry, int sum, bool check_keys = true) {
    whole_file_ = false;
    check_keys_ = check_keys;
    file_.sum = sum;
    CompactPart group;
    group.group = entry.group;
    if (!ReadRun(entry.blocks, entry.classes, GroupName(entry.group), group, nullptr))
      return std::nullopt;
    if (src_.position() != src_.size()) {
      Reject(GroupName(entry.group) + std::to_string(src_.size() - src_.position()) +
             " bytes after its blocks");
      return std::nullopt;
    }
    return group;
  }

 private:
  bool Reject(const std::string& problem) { return checks_.Reject(problem); }
  bool RejectChecked(const std::string& problem) {
    return whole_file_ ? checks_.RejectChecked(problem)
                       : Reject(problem + " (the group's checksum matches)");
  }
  bool ReadError() { return checks_.ReadError(); }
  static std::string GroupName(std::uint64_t group) { return "group " + Hex(group) + ": "; }

  bool ReadHeader() {
    if (!ValidParams(expected_) || KeyWords(expected_) != 1)
      return Reject("cannot check against unusable parameters " + Describe(expected_));
    const std::uint64_t size = src_.size();
    if (size < kCompactHeaderBytes + kLevelFileTrailerBytes)
      return Reject("truncated: " + std::to_string(size) + " bytes, shorter than the header");
    std::uint8_t* h = header_.data();
    if (!src_.Read(h, kCompactHeaderBytes)) return ReadError();
    if (std::memcmp(h, kCompactMagic.data(), kCompactMagic.size()) != 0)
      return Reject("not a compact level file (bad magic)");
    if (GetU32(h + 8) != kCompactVersion)
      return RejectChecked("format version " + std::to_string(GetU32(h + 8)) + ", expected " +
                           std::to_string(kCompactVersion));
    const std::uint32_t flags = GetU32(h + 28);
    if ((flags & ~(kFlagSolved | kFlagByGroups)) != 0)
      return RejectChecked("unknown flags " + Hex(flags));
    by_groups_ = (flags & kFlagByGroups) != 0;
    const LevelFileParams found{static_cast<int>(GetU32(h + 12)), static_cast<int>(GetU32(h + 16)),
                                static_cast<int>(GetU32(h + 20)), static_cast<int>(GetU32(h + 24)),
                                (flags & kFlagSolved) != 0};
    if (!(found == expected_))
      return RejectChecked("written for " + Describe(found) + ", expected " + Describe(expected_));
    const std::uint32_t sum = GetU32(h + 32), part = GetU32(h + 36), parts = GetU32(h + 40);
    if (sum > GetU32(h + 24))
      return RejectChecked("level sum " + std::to_string(sum) + " above the bound " +
                           std::to_string(GetU32(h + 24)));
    if (parts == 0 || parts > kMaxParts || part >= parts)
      return RejectChecked("part " + std::to_string(part) + " of " + std::to_string(parts));
    blocks_ = GetU32(h + 44);
    classes_ = GetU64(h + 48);
    if (blocks_ > (size - kCompactHeaderBytes) / kCompactBlockHeaderBytes ||
        classes_ > std::uint64_t{blocks_} * kCompactBlockClasses)
      return Reject("corrupt header: " + std::to_string(blocks_) + " blocks of " +
                    std::to_string(classes_) + " classes cannot fit in " + std::to_string(size) +
                    " bytes");
    file_.sum = static_cast<int>(sum);
    file_.part = static_cast<int>(part);
    file_.parts = static_cast<int>(parts);
    return true;
  }

  bool ReadGroupTable() {
    if (!by_groups_) return true;
    std::uint8_t head[kGroupTableHeadBytes];
    if (Left() < kGroupTableHeadBytes) return Reject("truncated before its group table");
    if (!src_.Read(head, sizeof head)) return ReadError();
    const std::uint32_t groups = GetU32(head);
    if (groups == 0 || groups > blocks_ || GetU32(head + 4) != 0 ||
        (Left() - std::min<std::uint64_t>(Left(), 8)) / kGroupEntryBytes < groups)
      return Reject("corrupt group table: " + std::to_string(groups) + " groups of " +
                    std::to_string(blocks_) + " blocks");
    std::vector<std::uint8_t> table(kGroupEntryBytes * groups);
    std::uint8_t check[8];
    if (!src_.Read(table.data(), table.size()) || !src_.Read(check, sizeof check))
      return ReadError();
    Hasher hash;
    hash.Update(header_.data(), header_.size());
    hash.Update(head, sizeof head);
    hash.Update(table.data(), table.size());
    if (hash.Digest() != GetU64(check))
      return Reject("group table: " + ChecksumMismatch(GetU64(check), hash.Digest()));
    std::uint64_t offset = src_.position(), blocks = 0, classes = 0;
    for (std::uint32_t g = 0; g < groups; ++g) {
      const std::uint8_t* e = table.data() + kGroupEntryBytes * g;
      GroupEntry entry{GetU64(e),      GetU64(e + 16), GetU64(e + 24),
                       GetU64(e + 32), offset,         GetU32(e + 8)};
      if ((g > 0 && entry.group <= table_.back().group) || entry.blocks == 0 ||
          GetU32(e + 12) != 0 ||  // the padding after the block count, written as zeros
          entry.classes > std::uint64_t{entry.blocks} * kCompactBlockClasses ||
          entry.bytes > src_.size() - offset)
        return Reject("corrupt group table: entry " + std::to_string(g));
      offset += entry.bytes, blocks += entry.blocks, classes += entry.classes;
      table_.push_back(entry);
    }
    if (blocks != blocks_ || classes != classes_ || offset != src_.size() - kLevelFileTrailerBytes)
      return Reject("corrupt group table: its groups do not add up to the header's " +
                    std::to_string(blocks_) + " blocks of " + std::to_string(classes_) +
                    " classes");
    return true;
  }

  bool ReadBlocks() {
    if (!by_groups_) return ReadRun(blocks_, classes_, "", file_.classes, nullptr);
    for (const GroupEntry& entry : table_) {
      CompactPart group;
      group.group = entry.group;
      Hasher hash;
      if (!ReadRun(entry.blocks, entry.classes, GroupName(entry.group), group, &hash)) return false;
      if (src_.position() != entry.offset + entry.bytes || hash.Digest() != entry.hash)
        return RejectChecked(GroupName(entry.group) + "its bytes do not match the group table");
      file_.groups.push_back(std::move(group));
    }
    return true;
  }

  // `blocks` blocks holding `classes` classes in increasing key order into `into`, their bytes
  // into `hash` when given.
  bool ReadRun(std::uint32_t blocks, std::uint64_t classes, const std::string& prefix,
               CompactPart& into, Hasher* hash) {
    const KeyChecker checker(expected_, file_.sum);
    std::vector<std::uint64_t> keys(kCompactBlockClasses);
    std::vector<std::uint8_t> bytes;
    std::uint64_t seen = 0;
    into.blocks.reserve(blocks);
    for (std::uint32_t b = 0; b < blocks; ++b) {
      const std::string where = prefix + "block " + std::to_string(b) + ": ";
      if (Left() < kCompactBlockHeaderBytes) return Reject(where + "truncated");
      std::uint8_t head[kCompactBlockHeaderBytes];
      if (!src_.Read(head, sizeof head)) return ReadError();
      CompactBlock block;
      block.first_key = GetU64(head);
      block.count = GetU32(head + 8);
      const std::uint32_t rice = GetU32(head + 12), words = GetU32(head + 16);
      if (block.count == 0 || block.count > kCompactBlockClasses || rice > 63)
        return RejectChecked(where + std::to_string(block.count) + " classes, parameter " +
                             std::to_string(rice));
      block.rice = static_cast<std::uint8_t>(rice);
      const std::uint64_t need = 8 * std::uint64_t{words} + (expected_.solved ? block.count : 0);
      if (words > 2 + (std::uint64_t{block.count} * 96) / 64 || need > Left())
        return Reject(where + "truncated or corrupt: " + std::to_string(words) + " words");
      bytes.resize(8 * std::size_t{words});
      if (!src_.Read(bytes.data(), bytes.size())) return ReadError();
      block.bits.resize(words);
      for (std::size_t w = 0; w < words; ++w) block.bits[w] = GetU64(bytes.data() + 8 * w);
      block.values.assign(block.count, PackedOutcome{});
      if (expected_.solved && !src_.Read(block.values.data(), block.count)) return ReadError();
      if (hash) {
        hash->Update(head, sizeof head);
        hash->Update(bytes.data(), bytes.size());
        if (expected_.solved) hash->Update(block.values.data(), block.count);
      }
      if (!check_keys_) {  // the sizes only
        seen += block.count;
        into.blocks.push_back(std::move(block));
        continue;
      }
      if (!block.DecodeChecked(keys.data())) return RejectChecked(where + "its gaps do not decode");
      for (std::uint32_t k = 0; k < block.count; ++k) {
        if ((seen > 0 || k > 0) && keys[k] <= last_)
          return RejectChecked(where + "keys not increasing at class " + std::to_string(k));
        last_ = keys[k];
        if (std::string p = checker.Problem(&keys[k]); !p.empty())
          return RejectChecked(where + "key " + Hex(keys[k]) + " " + p);
        if (!ValidPacked(block.values[k].bits))
          return RejectChecked(where + "invalid value byte " + Hex(block.values[k].bits));
      }
      seen += block.count;
      into.blocks.push_back(std::move(block));
    }
    if (seen != classes)
      return RejectChecked(prefix + "blocks hold " + std::to_string(seen) + " classes, " +
                           (prefix.empty() ? "the header says " : "the group table says ") +
                           std::to_string(classes));
    return true;
  }

  bool CheckTrailer() {
    if (Left() != 0) return Reject(std::to_string(Left()) + " trailing bytes");
    std::uint8_t trailer[8];
    if (!src_.Read(trailer, sizeof trailer, false)) return ReadError();
    const std::uint64_t stored = GetU64(trailer), computed = src_.Digest();
    if (stored != computed) return Reject(ChecksumMismatch(stored, computed));
    return true;
  }

  // Bytes left before the trailer (every read is checked against it first); a group read alone
  // has no trailer.
  std::uint64_t Left() const {
    const std::uint64_t end = src_.size() - (whole_file_ ? kLevelFileTrailerBytes : 0);
    return end - std::min(end, src_.position());
  }

  FileChecks<Source> checks_;
  Source& src_;
  const LevelFileParams& expected_;
  std::array<std::uint8_t, kCompactHeaderBytes> header_{};
  bool by_groups_ = false, whole_file_ = true, check_keys_ = true;
  std::uint32_t blocks_ = 0;
  std::uint64_t classes_ = 0, last_ = 0;
  std::vector<GroupEntry> table_;
  LevelFilePart file_;
};

}  // namespace seki::level_file_format
