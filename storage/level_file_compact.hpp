// The compact level-file format (version 2), apart from its I/O: the encoder and the verifying
// parser of one part of a level in key order (storage/compact_level.hpp). Version 1 (256 shards
// of plain keys) is storage/level_file_format.hpp; storage/level_file.cpp reads both and writes
// this one for one-word keys. Internal to storage/.
//
// Layout, version 2, all integers little-endian:
//   offset  0  magic "SEKILVL2"
//           8  u32 format version (2)
//          12  u32 rows, u32 cols, u32 max_entry, u32 max_sum (the run's effective bounds)
//          28  u32 flags: bit 0 = solved (values present); other bits must be zero
//          32  u32 sum of the level
//          36  u32 part, u32 parts (the file holds part `part` of a level built in `parts`)
//          44  u32 block count
//          48  u64 class count
//          56  for each block: u64 first key, u32 count (1..4096), u32 Rice parameter (0..63),
//              u32 words W, then W u64 words of Rice-coded gaps (the last one padding), then, if
//              solved, count values (u8)
//   last 8 bytes: XXH3-64 of every byte before them.
// The reader checks every size against what is left of the file before allocating, decodes every
// block with bounds checks, and checks the keys (increasing across the whole file, each within the
// region and of the level's sum), the values and the counts before the checksum.
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
inline constexpr int kMaxParts = 1 << 16;

// The encoder in three steps, so that a level can be written block by block as it is read (a
// level kept by groups, merged in key order): the header, each block, the trailer.
template <class Sink>
void EncodeCompactHeader(int sum, int part, int parts, std::uint64_t blocks, std::uint64_t classes,
                         const LevelFileParams& params, Sink& sink) {
  std::uint8_t header[kCompactHeaderBytes] = {};
  PutCommonHeader(header, kCompactMagic, kCompactVersion, params, sum);
  PutU32(header + 36, static_cast<std::uint32_t>(part));
  PutU32(header + 40, static_cast<std::uint32_t>(parts));
  PutU32(header + 44, static_cast<std::uint32_t>(blocks));
  PutU64(header + 48, classes);
  sink.Write(header, sizeof header);
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

// Writes one part of a level; the caller has checked the part (ValidateCompact).
template <class Sink>
void EncodeCompact(const LevelFilePart& file, const LevelFileParams& params, Sink& sink) {
  EncodeCompactHeader(file.sum, file.part, file.parts, file.classes.blocks.size(),
                      file.classes.size(), params, sink);
  for (const CompactBlock& block : file.classes.blocks) EncodeCompactBlock(block, params, sink);
  sink.WriteTrailer();
}

// Checks a part against the format's rules for `params` (usable parameters, one-word keys, sum and
// part in range, blocks of 1..4096 classes, keys increasing and valid, value bytes valid); throws
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

  std::optional<LevelFilePart> Parse() {
    if (!ReadHeader() || !ReadBlocks() || !CheckTrailer()) return std::nullopt;
    return std::move(file_);
  }

 private:
  bool Reject(const std::string& problem) { return checks_.Reject(problem); }
  bool RejectChecked(const std::string& problem) { return checks_.RejectChecked(problem); }
  bool ReadError() { return checks_.ReadError(); }

  bool ReadHeader() {
    if (!ValidParams(expected_) || KeyWords(expected_) != 1)
      return Reject("cannot check against unusable parameters " + Describe(expected_));
    const std::uint64_t size = src_.size();
    if (size < kCompactHeaderBytes + kLevelFileTrailerBytes)
      return Reject("truncated: " + std::to_string(size) + " bytes, shorter than the header");
    std::uint8_t h[kCompactHeaderBytes];
    if (!src_.Read(h, sizeof h)) return ReadError();
    if (std::memcmp(h, kCompactMagic.data(), kCompactMagic.size()) != 0)
      return Reject("not a compact level file (bad magic)");
    if (GetU32(h + 8) != kCompactVersion)
      return RejectChecked("format version " + std::to_string(GetU32(h + 8)) + ", expected " +
                           std::to_string(kCompactVersion));
    const std::uint32_t flags = GetU32(h + 28);
    if ((flags & ~kFlagSolved) != 0) return RejectChecked("unknown flags " + Hex(flags));
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

  bool ReadBlocks() {
    const KeyChecker checker(expected_, file_.sum);
    std::vector<std::uint64_t> keys(kCompactBlockClasses);
    std::vector<std::uint8_t> bytes;
    std::uint64_t seen = 0;
    file_.classes.blocks.reserve(blocks_);
    for (std::uint32_t b = 0; b < blocks_; ++b) {
      const std::string where = "block " + std::to_string(b) + ": ";
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
      file_.classes.blocks.push_back(std::move(block));
    }
    if (seen != classes_)
      return RejectChecked("blocks hold " + std::to_string(seen) + " classes, the header says " +
                           std::to_string(classes_));
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

  // Bytes left before the trailer (every read is checked against it first).
  std::uint64_t Left() const { return src_.size() - kLevelFileTrailerBytes - src_.position(); }

  FileChecks<Source> checks_;
  Source& src_;
  const LevelFileParams& expected_;
  std::uint32_t blocks_ = 0;
  std::uint64_t classes_ = 0, last_ = 0;
  LevelFilePart file_;
};

}  // namespace seki::level_file_format
