// The level-file format, apart from its I/O: the layout, its constants and byte helpers, the
// checks a level and a file's keys must pass, the encoder (Encode, over a Sink) and the verifying
// parser (LevelFileParser, over a Source). The sinks, the sources and the entry points that use
// them (WriteLevelFile, ReadLevelFile, EncodeLevelFile, DecodeLevelFile) are in
// storage/level_file.cpp; the public API is storage/level_file.hpp and
// storage/level_file_bytes.hpp. Internal to storage/.
//
// Layout, version 1, all integers little-endian:
//   offset  0  magic "SEKILVL1"
//           8  u32 format version (1)
//          12  u32 rows, u32 cols, u32 max_entry, u32 max_sum (the run's effective bounds)
//          28  u32 flags: bit 0 = solved (values present); other bits must be zero
//          32  u32 sum of the level
//          36  u32 shard count (256)
//          40  u64 class count
//          48  for each shard: u64 count, count keys (u64 each, or W u64 words each, most
//              significant first, when the key needs W > 1 words: more than 64 bits; W follows
//              from rows, cols and max_entry), and if solved count values (u8)
//   last 8 bytes: XXH3-64 of every byte before them.
// So the file size follows from the header alone, and the reader checks it against the real size
// before allocating anything: a hostile header cannot make it allocate more than the file holds.
//
// Concurrency: the functions are pure and a KeyChecker is immutable once built; a Hasher, an
// encoding and a parser belong to one thread.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/input_error.hpp"
#include "storage/level.hpp"
#include "storage/level_file.hpp"
#include "storage/level_file_bytes.hpp"
#include "storage/wide_key.hpp"

struct XXH3_state_s;  // <xxhash.h>, included by storage/level_file_format.cpp only

namespace seki::level_file_format {

inline constexpr std::array<char, 8> kMagic = {'S', 'E', 'K', 'I', 'L', 'V', 'L', '1'};
inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::uint32_t kFlagSolved = 1;

// Little-endian integers.
inline void PutU32(std::uint8_t* p, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) p[k] = static_cast<std::uint8_t>(v >> (8 * k));
}
inline void PutU64(std::uint8_t* p, std::uint64_t v) {
  for (int k = 0; k < 8; ++k) p[k] = static_cast<std::uint8_t>(v >> (8 * k));
}
inline std::uint32_t GetU32(const std::uint8_t* p) {
  std::uint32_t v = 0;
  for (int k = 3; k >= 0; --k) v = v << 8 | p[k];
  return v;
}
inline std::uint64_t GetU64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int k = 7; k >= 0; --k) v = v << 8 | p[k];
  return v;
}

// 16 lower-case hex digits, for messages.
std::string Hex(std::uint64_t v);

// A key's words for messages: hex, most significant first.
std::string HexKey(const std::uint64_t* key, int words);

// The parameters for messages, e.g. "3x3 entries <= 2 sum <= 18 solved".
std::string Describe(const LevelFileParams& p);

// Whether the parameters describe a region a level file can hold.
bool ValidParams(const LevelFileParams& p);

// A 2-bit field of a PackedOutcome is L = 00, D = 01 or W = 11; 10 never occurs.
inline bool ValidPacked(std::uint8_t bits) {
  for (int shift = 0; shift < 8; shift += 2)
    if (((bits >> shift) & 3) == 2) return false;
  return true;
}

// Words per key of a level file's region: one up to 64 key bits, else as WideKeyCodec packs.
int KeyWords(const LevelFileParams& p);

// Checks a key against the parameters and the level's sum: no bits above the key width, every
// entry at most max_entry, entries adding up to `sum`. Returns an empty string when it holds.
class KeyChecker {
 public:
  KeyChecker(const LevelFileParams& p, int sum);
  std::string Problem(const std::uint64_t* key) const;

 private:
  // The entries read straight from the bits, without a Matrix.
  std::string OneWordProblem(std::uint64_t key) const;

  int cells_, bits_, max_entry_, sum_;
  WideKeyCodec wide_;
};

// Streaming XXH3-64.
class Hasher {
 public:
  Hasher();  // throws std::bad_alloc
  void Update(const void* data, std::size_t n);
  std::uint64_t Digest() const;

 private:
  struct Free {
    void operator()(XXH3_state_s* state) const;
  };
  std::unique_ptr<XXH3_state_s, Free> state_;
};

// The first 36 bytes both formats share: magic, version, the region's parameters, flags and the
// level's sum.
inline void PutCommonHeader(std::uint8_t* header, const std::array<char, 8>& magic,
                            std::uint32_t version, const LevelFileParams& params, int sum) {
  std::memcpy(header, magic.data(), magic.size());
  PutU32(header + 8, version);
  PutU32(header + 12, static_cast<std::uint32_t>(params.rows));
  PutU32(header + 16, static_cast<std::uint32_t>(params.cols));
  PutU32(header + 20, static_cast<std::uint32_t>(params.max_entry));
  PutU32(header + 24, static_cast<std::uint32_t>(params.max_sum));
  PutU32(header + 28, params.solved ? kFlagSolved : 0);
  PutU32(header + 32, static_cast<std::uint32_t>(sum));
}

// Checks that a level satisfies the format's invariants for `params` (usable parameters, sum in
// range, key width, shard sizes, keys sorted, distinct, in their shard and valid, value bytes
// valid); throws std::invalid_argument "level file: ..." naming the first problem.
void Validate(const Level& level, const LevelFileParams& params);

// Writes the encoding of a validated level to `sink` (which hashes what it is given) and the
// checksum trailer after it. A Sink has Write(const void*, std::size_t) and WriteTrailer().
template <class Sink>
void Encode(const Level& level, const LevelFileParams& params, Sink& sink) {
  std::uint8_t header[kLevelFileHeaderBytes] = {};
  PutCommonHeader(header, kMagic, kVersion, params, level.sum);
  PutU32(header + 36, kShardCount);
  std::uint64_t classes = 0;
  for (const LevelShard& shard : level.shards) classes += shard.keys.size();
  PutU64(header + 40, classes / static_cast<std::uint64_t>(level.key_words));
  sink.Write(header, sizeof header);

  std::vector<std::uint8_t> buffer;
  for (const LevelShard& shard : level.shards) {
    std::uint8_t count[8];
    PutU64(count, shard.keys.size() / static_cast<std::size_t>(level.key_words));
    sink.Write(count, sizeof count);
    constexpr std::size_t kBatch = 8192;
    for (std::size_t k = 0; k < shard.keys.size(); k += kBatch) {
      const std::size_t n = std::min(kBatch, shard.keys.size() - k);
      buffer.resize(8 * n);
      for (std::size_t t = 0; t < n; ++t) PutU64(buffer.data() + 8 * t, shard.keys[k + t]);
      sink.Write(buffer.data(), buffer.size());
    }
    if (params.solved) {
      static_assert(sizeof(PackedOutcome) == 1);
      if (!shard.values.empty()) sink.Write(shard.values.data(), shard.values.size());
    }
  }
  sink.WriteTrailer();
}

// "checksum mismatch (stored ..., computed ...): the file is corrupt".
std::string ChecksumMismatch(std::uint64_t stored, std::uint64_t computed);

// The one-line rejections of the parsers over a Source: Reject sets *why to "<name>: <problem>";
// RejectChecked first hashes the rest of the file when it has a trailer, so that the message can
// say whether the checksum matches (a corrupt file) or not (a well-formed file that breaks a rule,
// e.g. another run's parameters). Each returns false.
template <class Source>
class FileChecks {
 public:
  FileChecks(Source& src, const std::string& name, std::string* why)
      : src_(src), name_(name), why_(why) {}
  bool Reject(const std::string& problem) {
    if (why_) *why_ = OneLine(name_ + ": " + problem);
    return false;
  }
  bool ReadError() { return Reject("read error: " + src_.error()); }
  bool RejectChecked(const std::string& problem) {
    const std::uint64_t size = src_.size();
    if (size < kLevelFileTrailerBytes || src_.position() > size - kLevelFileTrailerBytes)
      return Reject(problem);
    if (!src_.Skip(size - kLevelFileTrailerBytes - src_.position())) return ReadError();
    std::uint8_t trailer[8];
    if (!src_.Read(trailer, sizeof trailer, false)) return ReadError();
    const std::uint64_t stored = GetU64(trailer), computed = src_.Digest();
    if (stored != computed)
      return Reject(ChecksumMismatch(stored, computed) + "; first problem seen: " + problem);
    return Reject(problem + " (the checksum matches)");
  }

 private:
  Source& src_;
  const std::string& name_;
  std::string* why_;
};

// Parses and verifies a level file (version 1) from a Source, which hashes every byte it hands out
// unless told not to: size(), position(), Read(dst, n, hash = true), Skip(n) (hashed), Digest() and
// error(), Read and Skip returning false on a read error. On failure Parse returns nothing and
// sets *why as FileChecks does. The steps run in file order and each returns false once it has
// rejected the file.
template <class Source>
class LevelFileParser {
 public:
  LevelFileParser(Source& src, const LevelFileParams& expected, const std::string& name,
                  std::string* why)
      : checks_(src, name, why), src_(src), expected_(expected), size_(src.size()) {}

  std::optional<Level> Parse() {
    if (!ReadHeader() || !CheckHeader() || !CheckSize() || !ReadShards() || !CheckTrailer())
      return std::nullopt;
    return std::move(level_);
  }

 private:
  bool Reject(const std::string& problem) { return checks_.Reject(problem); }
  bool ReadError() { return checks_.ReadError(); }
  bool RejectChecked(const std::string& problem) { return checks_.RejectChecked(problem); }

  // The magic, then the rest of the header's bytes.
  bool ReadHeader() {
    if (!ValidParams(expected_))
      return Reject("cannot check against unusable parameters " + Describe(expected_));
    if (size_ < kMagic.size())
      return Reject("too short to be a level file (" + std::to_string(size_) + " bytes)");
    if (!src_.Read(header_, kMagic.size())) return ReadError();
    if (std::memcmp(header_, kMagic.data(), kMagic.size()) != 0)
      return Reject("not a level file (bad magic)");
    if (size_ < kLevelFileHeaderBytes)
      return Reject("truncated: " + std::to_string(size_) + " bytes, shorter than the header");
    if (!src_.Read(header_ + kMagic.size(), kLevelFileHeaderBytes - kMagic.size()))
      return ReadError();
    return true;
  }

  // Version, flags, parameters, sum and shard count.
  bool CheckHeader() {
    const std::uint32_t version = GetU32(header_ + 8);
    if (version != kVersion)
      return RejectChecked("format version " + std::to_string(version) + ", this build reads " +
                           std::to_string(kVersion));
    const std::uint32_t flags = GetU32(header_ + 28);
    if ((flags & ~kFlagSolved) != 0) return RejectChecked("unknown flags " + Hex(flags));
    const std::uint32_t rows = GetU32(header_ + 12), cols = GetU32(header_ + 16),
                        max_entry = GetU32(header_ + 20);
    max_sum_ = GetU32(header_ + 24);
    solved_ = (flags & kFlagSolved) != 0;
    if (rows != static_cast<std::uint32_t>(expected_.rows) ||
        cols != static_cast<std::uint32_t>(expected_.cols) ||
        max_entry != static_cast<std::uint32_t>(expected_.max_entry) ||
        max_sum_ != static_cast<std::uint32_t>(expected_.max_sum) || solved_ != expected_.solved) {
      return RejectChecked(
          "written for " + std::to_string(rows) + "x" + std::to_string(cols) +
          " entries <= " + std::to_string(max_entry) + " sum <= " + std::to_string(max_sum_) +
          (solved_ ? " solved" : " generation-only") + ", expected " + Describe(expected_));
    }
    sum_ = GetU32(header_ + 32);
    if (sum_ > max_sum_)
      return RejectChecked("level sum " + std::to_string(sum_) + " above the bound " +
                           std::to_string(max_sum_));
    const std::uint32_t shard_count = GetU32(header_ + 36);
    if (shard_count != kShardCount)
      return RejectChecked(std::to_string(shard_count) + " shards, expected " +
                           std::to_string(kShardCount));
    return true;
  }

  // The file size the header's class count implies against the real one.
  bool CheckSize() {
    classes_ = GetU64(header_ + 40);
    words_ = KeyWords(expected_);
    const std::uint64_t fixed =
        kLevelFileHeaderBytes + kShardCount * kLevelFileShardCountBytes + kLevelFileTrailerBytes;
    const std::uint64_t record = 8 * static_cast<std::uint64_t>(words_) + (solved_ ? 1 : 0);
    if (size_ < fixed)
      return Reject("truncated: " + std::to_string(size_) + " bytes, fewer than the " +
                    std::to_string(fixed) + " of an empty level");
    if (classes_ > (~std::uint64_t{0} - fixed) / record)
      return Reject("corrupt header: class count " + std::to_string(classes_) +
                    " is impossibly large");
    if (const std::uint64_t want = fixed + classes_ * record; want > size_) {
      return Reject("truncated: " + std::to_string(size_) + " bytes, but the header's " +
                    std::to_string(classes_) + " classes need " + std::to_string(want));
    } else if (want < size_) {
      return Reject(std::to_string(size_) + " bytes, but the header's " + std::to_string(classes_) +
                    " classes make " + std::to_string(want) + ": trailing bytes");
    }
    return true;
  }

  bool ReadShards() {
    level_.sum = static_cast<int>(sum_);
    level_.key_words = words_;
    const KeyChecker checker(expected_, level_.sum);
    for (int s = 0; s < kShardCount; ++s) {
      const std::string where = "shard " + std::to_string(s) + ": ";
      if (!ReadKeys(s, where, checker) || !ReadValues(s, where)) return false;
    }
    return true;
  }

  // Shard s's class count and keys.
  bool ReadKeys(int s, const std::string& where, const KeyChecker& checker) {
    std::uint8_t count_bytes[8];
    if (!src_.Read(count_bytes, sizeof count_bytes)) return ReadError();
    const std::uint64_t count = GetU64(count_bytes);
    if (count > classes_ - seen_)
      return RejectChecked(where + "claims " + std::to_string(count) + " classes, but only " +
                           std::to_string(classes_ - seen_) + " of the header's " +
                           std::to_string(classes_) + " remain");
    seen_ += count;
    LevelShard& shard = level_.shards[s];
    // count <= classes, and classes * record fits in the file: these allocations are bounded by it.
    bytes_.resize(static_cast<std::size_t>(count) * 8 * static_cast<std::size_t>(words_));
    if (!src_.Read(bytes_.data(), bytes_.size())) return ReadError();
    shard.keys.resize(static_cast<std::size_t>(count) * static_cast<std::size_t>(words_));
    for (std::size_t w = 0; w < shard.keys.size(); ++w)
      shard.keys[w] = GetU64(bytes_.data() + 8 * w);
    for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k) {
      const std::uint64_t* key = level_.KeyAt(s, k);
      if (k > 0 && !KeyWordsLess(level_.KeyAt(s, k - 1), key, words_))
        return RejectChecked(where + "keys not sorted and distinct at class " + std::to_string(k));
      if (const int home = ShardOfWords(key, words_); home != s)
        return RejectChecked(where + "key " + HexKey(key, words_) + " belongs to shard " +
                             std::to_string(home));
      if (std::string p = checker.Problem(key); !p.empty())
        return RejectChecked(where + "key " + HexKey(key, words_) + " " + p);
    }
    return true;
  }

  // Shard s's values (one per key read), or unknown values for a generation-only file.
  bool ReadValues(int s, const std::string& where) {
    LevelShard& shard = level_.shards[s];
    const std::size_t count = shard.keys.size() / static_cast<std::size_t>(words_);
    if (!solved_) {
      shard.values.assign(count, PackedOutcome{});
      return true;
    }
    shard.values.resize(count);
    if (count > 0 && !src_.Read(shard.values.data(), shard.values.size())) return ReadError();
    for (std::size_t k = 0; k < shard.values.size(); ++k)
      if (!ValidPacked(shard.values[k].bits))
        return RejectChecked(where + "invalid value byte " + Hex(shard.values[k].bits) +
                             " at class " + std::to_string(k));
    return true;
  }

  // The shard counts against the header's, and the checksum.
  bool CheckTrailer() {
    if (seen_ != classes_)
      return RejectChecked("shard counts add up to " + std::to_string(seen_) +
                           ", the header says " + std::to_string(classes_));
    // Here exactly the trailer is left: the header's sizes add up to the file size.
    std::uint8_t trailer[8];
    if (!src_.Read(trailer, sizeof trailer, false)) return ReadError();
    const std::uint64_t stored = GetU64(trailer), computed = src_.Digest();
    if (stored != computed) return Reject(ChecksumMismatch(stored, computed));
    return true;
  }

  FileChecks<Source> checks_;
  Source& src_;
  const LevelFileParams& expected_;
  const std::uint64_t size_;
  std::uint8_t header_[kLevelFileHeaderBytes] = {};
  std::uint32_t max_sum_ = 0, sum_ = 0;  // from the header
  bool solved_ = false;
  std::uint64_t classes_ = 0, seen_ = 0;  // the header's class count; the shards' so far
  int words_ = 1;
  Level level_;
  std::vector<std::uint8_t> bytes_;  // one shard's key bytes
};

}  // namespace seki::level_file_format
