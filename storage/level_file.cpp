// Level files: encoding, atomic writing, and a reader that verifies every byte before trusting it.
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
#include "storage/level_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#include "engine/base/input_error.hpp"
#include "storage/atomic_file.hpp"
#include "storage/level_file_bytes.hpp"
#include "storage/packed_key.hpp"
#include "storage/wide_key.hpp"

namespace seki {

namespace {

constexpr std::array<char, 8> kMagic = {'S', 'E', 'K', 'I', 'L', 'V', 'L', '1'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kFlagSolved = 1;

void PutU32(std::uint8_t* p, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) p[k] = static_cast<std::uint8_t>(v >> (8 * k));
}
void PutU64(std::uint8_t* p, std::uint64_t v) {
  for (int k = 0; k < 8; ++k) p[k] = static_cast<std::uint8_t>(v >> (8 * k));
}
std::uint32_t GetU32(const std::uint8_t* p) {
  std::uint32_t v = 0;
  for (int k = 3; k >= 0; --k) v = v << 8 | p[k];
  return v;
}
std::uint64_t GetU64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int k = 7; k >= 0; --k) v = v << 8 | p[k];
  return v;
}

std::string Hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string Describe(const LevelFileParams& p) {
  return std::to_string(p.rows) + "x" + std::to_string(p.cols) +
         " entries <= " + std::to_string(p.max_entry) + " sum <= " + std::to_string(p.max_sum) +
         (p.solved ? " solved" : " generation-only");
}

bool ValidParams(const LevelFileParams& p) {
  return p.rows >= 1 && p.rows <= kMaxDim && p.cols >= 1 && p.cols <= kMaxDim && p.max_entry >= 1 &&
         p.max_entry <= kMaxEntry && p.max_sum >= 0 && p.max_sum <= p.rows * p.cols * p.max_entry;
}

// A 2-bit field of a PackedOutcome is L = 00, D = 01 or W = 11; 10 never occurs.
bool ValidPacked(std::uint8_t bits) {
  for (int shift = 0; shift < 8; shift += 2)
    if (((bits >> shift) & 3) == 2) return false;
  return true;
}

// Words per key of a level file's region: one up to 64 key bits, else as WideKeyCodec packs.
int KeyWords(const LevelFileParams& p) {
  const WideKeyCodec wide(p.rows, p.cols, p.max_entry);
  return p.rows * p.cols * wide.bits() > 64 ? wide.words() : 1;
}

// Checks a key against the parameters and the level's sum: no bits above the key width, every
// entry at most max_entry, entries adding up to `sum`. Returns an empty string when it holds.
class KeyChecker {
 public:
  KeyChecker(const LevelFileParams& p, int sum)
      : cells_(p.rows * p.cols),
        bits_(KeyCodec::BitsPerEntry(p.max_entry)),
        max_entry_(p.max_entry),
        sum_(sum),
        wide_(p.rows, p.cols, p.max_entry, KeyWords(p)) {}

  std::string Problem(const std::uint64_t* key) const {
    const int key_bits = cells_ * bits_, top_bits = key_bits - 64 * (wide_.words() - 1);
    if (top_bits < 64 && (key[0] >> top_bits) != 0) return "has bits above the key width";
    if (wide_.words() == 1) return OneWordProblem(key[0]);  // every level file up to 64 bits
    const Matrix a = wide_.Unpack(key);
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j)
        if (a(i, j) > max_entry_)
          return "has an entry " + std::to_string(a(i, j)) + " above the bound";
    if (a.sum() != sum_) return "has entries adding up to " + std::to_string(a.sum());
    return {};
  }

 private:
  // The entries read straight from the bits, without a Matrix.
  std::string OneWordProblem(std::uint64_t key) const {
    const std::uint64_t mask = (std::uint64_t{1} << bits_) - 1;
    int total = 0;
    for (int k = 0; k < cells_; ++k) {
      const int entry = static_cast<int>((key >> (k * bits_)) & mask);
      if (entry > max_entry_) return "has an entry " + std::to_string(entry) + " above the bound";
      total += entry;
    }
    if (total != sum_) return "has entries adding up to " + std::to_string(total);
    return {};
  }

  int cells_, bits_, max_entry_, sum_;
  WideKeyCodec wide_;
};

// A key's words for messages: hex, most significant first.
std::string HexKey(const std::uint64_t* key, int words) {
  std::string out;
  for (int w = 0; w < words; ++w) out += (w ? ":" : "") + Hex(key[w]);
  return out;
}

// Whether key a (words words) is below key b.
bool KeyLess(const std::uint64_t* a, const std::uint64_t* b, int words) {
  return std::lexicographical_compare(a, a + words, b, b + words);
}

// Streaming XXH3-64.
class Hasher {
 public:
  Hasher() : state_(XXH3_createState(), &XXH3_freeState) {
    if (!state_) throw std::bad_alloc();
    XXH3_64bits_reset(state_.get());
  }
  void Update(const void* data, std::size_t n) { XXH3_64bits_update(state_.get(), data, n); }
  std::uint64_t Digest() const { return XXH3_64bits_digest(state_.get()); }

 private:
  std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state_;
};

void Validate(const Level& level, const LevelFileParams& params) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("level file: " + what); };
  if (!ValidParams(params)) fail("unusable parameters " + Describe(params));
  if (level.sum < 0 || level.sum > params.max_sum)
    fail("level sum " + std::to_string(level.sum) + " outside 0.." +
         std::to_string(params.max_sum));
  const int words = KeyWords(params);
  if (level.key_words != words)
    fail(std::to_string(level.key_words) + "-word keys, the region's have " +
         std::to_string(words));
  const KeyChecker checker(params, level.sum);
  for (int s = 0; s < kShardCount; ++s) {
    const LevelShard& shard = level.shards[s];
    const std::size_t classes = shard.keys.size() / static_cast<std::size_t>(words);
    if (shard.keys.size() % static_cast<std::size_t>(words) != 0 ||
        (params.solved && shard.values.size() != classes))
      fail("shard " + std::to_string(s) + " has " + std::to_string(shard.keys.size()) +
           " key words but " + std::to_string(shard.values.size()) + " values");
    for (std::size_t k = 0; k < classes; ++k) {
      const std::uint64_t* key = level.KeyAt(s, k);
      if (k > 0 && !KeyLess(level.KeyAt(s, k - 1), key, words))
        fail("shard " + std::to_string(s) + " keys not sorted and distinct");
      if (ShardOfWords(key, words) != s)
        fail("key " + HexKey(key, words) + " in shard " + std::to_string(s));
      if (std::string p = checker.Problem(key); !p.empty())
        fail("key " + HexKey(key, words) + " " + p);
      if (params.solved && !ValidPacked(shard.values[k].bits))
        fail("invalid value byte for key " + HexKey(key, words));
    }
  }
}

// Writes the encoding of a validated level to `sink` (which hashes what it is given) and the
// checksum trailer after it.
template <class Sink>
void Encode(const Level& level, const LevelFileParams& params, Sink& sink) {
  std::uint8_t header[kLevelFileHeaderBytes] = {};
  std::memcpy(header, kMagic.data(), kMagic.size());
  PutU32(header + 8, kVersion);
  PutU32(header + 12, static_cast<std::uint32_t>(params.rows));
  PutU32(header + 16, static_cast<std::uint32_t>(params.cols));
  PutU32(header + 20, static_cast<std::uint32_t>(params.max_entry));
  PutU32(header + 24, static_cast<std::uint32_t>(params.max_sum));
  PutU32(header + 28, params.solved ? kFlagSolved : 0);
  PutU32(header + 32, static_cast<std::uint32_t>(level.sum));
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

class StringSink {
 public:
  explicit StringSink(std::string& out) : out_(out) {}
  void Write(const void* data, std::size_t n) {
    hasher_.Update(data, n);
    out_.append(static_cast<const char*>(data), n);
  }
  void WriteTrailer() {
    std::uint8_t trailer[8];
    PutU64(trailer, hasher_.Digest());
    out_.append(reinterpret_cast<const char*>(trailer), sizeof trailer);
  }

 private:
  std::string& out_;
  Hasher hasher_;
};

[[noreturn]] void ThrowErrno(const std::string& what, const std::filesystem::path& path) {
  throw std::runtime_error(OneLine(what + " " + path.string() + ": " + std::strerror(errno)));
}

// Buffered writes to a file descriptor.
class FdSink {
 public:
  FdSink(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {
    buffer_.reserve(kBufferBytes);
  }
  void Write(const void* data, std::size_t n) {
    hasher_.Update(data, n);
    Append(data, n);
  }
  void WriteTrailer() {
    std::uint8_t trailer[8];
    PutU64(trailer, hasher_.Digest());
    Append(trailer, sizeof trailer);
    Flush();
  }

 private:
  static constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

  void Append(const void* data, std::size_t n) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    while (n > 0) {
      const std::size_t take = std::min(n, kBufferBytes - buffer_.size());
      buffer_.insert(buffer_.end(), p, p + take);
      p += take;
      n -= take;
      if (buffer_.size() == kBufferBytes) Flush();
    }
  }
  void Flush() {
    std::size_t done = 0;
    while (done < buffer_.size()) {
      const ssize_t w = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
      if (w < 0) {
        if (errno == EINTR) continue;
        ThrowErrno("cannot write", path_);
      }
      done += static_cast<std::size_t>(w);
    }
    buffer_.clear();
  }

  int fd_;
  std::filesystem::path path_;
  std::vector<std::uint8_t> buffer_;
  Hasher hasher_;
};

// Where the reader takes its bytes from: a buffer or a file. Both hash every byte they hand out.
class MemorySource {
 public:
  explicit MemorySource(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  std::uint64_t size() const { return bytes_.size(); }
  std::uint64_t position() const { return pos_; }
  // Reads exactly n bytes (the caller has checked they exist); false on a read error.
  bool Read(void* dst, std::size_t n, bool hash = true) {
    if (n > bytes_.size() - pos_) return false;
    if (n > 0) {
      std::memcpy(dst, bytes_.data() + pos_, n);
      if (hash) hasher_.Update(bytes_.data() + pos_, n);
    }
    pos_ += n;
    return true;
  }
  bool Skip(std::uint64_t n) {  // hashes the skipped bytes
    if (n > bytes_.size() - pos_) return false;
    hasher_.Update(bytes_.data() + pos_, static_cast<std::size_t>(n));
    pos_ += n;
    return true;
  }
  std::uint64_t Digest() const { return hasher_.Digest(); }
  std::string error() const { return "read past the end"; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
  Hasher hasher_;
};

class FileSource {
 public:
  explicit FileSource(int fd, std::uint64_t size) : fd_(fd), size_(size) {}
  std::uint64_t size() const { return size_; }
  std::uint64_t position() const { return pos_; }
  bool Read(void* dst, std::size_t n, bool hash = true) {
    auto* p = static_cast<std::uint8_t*>(dst);
    std::size_t done = 0;
    while (done < n) {
      const ssize_t r = ::read(fd_, p + done, n - done);
      if (r < 0) {
        if (errno == EINTR) continue;
        error_ = std::strerror(errno);
        return false;
      }
      if (r == 0) {
        error_ = "the file shrank while being read";
        return false;
      }
      done += static_cast<std::size_t>(r);
    }
    if (hash) hasher_.Update(p, n);
    pos_ += n;
    return true;
  }
  bool Skip(std::uint64_t n) {
    std::vector<std::uint8_t> buffer(static_cast<std::size_t>(std::min<std::uint64_t>(n, 1 << 20)));
    while (n > 0) {
      const std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(n, buffer.size()));
      if (!Read(buffer.data(), take)) return false;
      n -= take;
    }
    return true;
  }
  std::uint64_t Digest() const { return hasher_.Digest(); }
  std::string error() const { return error_; }

 private:
  int fd_;
  std::uint64_t size_;
  std::uint64_t pos_ = 0;
  std::string error_;
  Hasher hasher_;
};

// Parses and verifies a level file from `src`. On failure returns nothing and sets *why to
// "<name>: <problem>". When a structural problem is found before the end and the file is long
// enough to have a trailer, the rest is still hashed so that the message can say whether the
// checksum matches (a corrupt file) or not (a well-formed file that breaks a rule, e.g. another
// run's parameters).
template <class Source>
std::optional<Level> Parse(Source& src, const LevelFileParams& expected, const std::string& name,
                           std::string* why) {
  const std::uint64_t size = src.size();
  auto reject = [&](const std::string& problem) -> std::optional<Level> {
    if (why) *why = OneLine(name + ": " + problem);
    return std::nullopt;
  };
  auto read_error = [&]() { return reject("read error: " + src.error()); };
  // Called with the first problem found; finishes the checksum if possible.
  auto reject_checked = [&](const std::string& problem) -> std::optional<Level> {
    if (size < kLevelFileTrailerBytes || src.position() > size - kLevelFileTrailerBytes)
      return reject(problem);
    if (!src.Skip(size - kLevelFileTrailerBytes - src.position())) return read_error();
    std::uint8_t trailer[8];
    if (!src.Read(trailer, sizeof trailer, false)) return read_error();
    const std::uint64_t stored = GetU64(trailer), computed = src.Digest();
    if (stored != computed)
      return reject("checksum mismatch (stored " + Hex(stored) + ", computed " + Hex(computed) +
                    "): the file is corrupt; first problem seen: " + problem);
    return reject(problem + " (the checksum matches)");
  };

  if (!ValidParams(expected))
    return reject("cannot check against unusable parameters " + Describe(expected));
  if (size < kMagic.size())
    return reject("too short to be a level file (" + std::to_string(size) + " bytes)");
  std::uint8_t header[kLevelFileHeaderBytes];
  if (!src.Read(header, kMagic.size())) return read_error();
  if (std::memcmp(header, kMagic.data(), kMagic.size()) != 0)
    return reject("not a level file (bad magic)");
  const std::uint64_t fixed =
      kLevelFileHeaderBytes + kShardCount * kLevelFileShardCountBytes + kLevelFileTrailerBytes;
  if (size < kLevelFileHeaderBytes)
    return reject("truncated: " + std::to_string(size) + " bytes, shorter than the header");
  if (!src.Read(header + kMagic.size(), kLevelFileHeaderBytes - kMagic.size())) return read_error();

  const std::uint32_t version = GetU32(header + 8);
  if (version != kVersion)
    return reject_checked("format version " + std::to_string(version) + ", this build reads " +
                          std::to_string(kVersion));
  const std::uint32_t flags = GetU32(header + 28);
  if ((flags & ~kFlagSolved) != 0) return reject_checked("unknown flags " + Hex(flags));
  const std::uint32_t rows = GetU32(header + 12), cols = GetU32(header + 16),
                      max_entry = GetU32(header + 20), max_sum = GetU32(header + 24);
  const bool solved = (flags & kFlagSolved) != 0;
  if (rows != static_cast<std::uint32_t>(expected.rows) ||
      cols != static_cast<std::uint32_t>(expected.cols) ||
      max_entry != static_cast<std::uint32_t>(expected.max_entry) ||
      max_sum != static_cast<std::uint32_t>(expected.max_sum) || solved != expected.solved) {
    return reject_checked(
        "written for " + std::to_string(rows) + "x" + std::to_string(cols) +
        " entries <= " + std::to_string(max_entry) + " sum <= " + std::to_string(max_sum) +
        (solved ? " solved" : " generation-only") + ", expected " + Describe(expected));
  }
  const std::uint32_t sum = GetU32(header + 32);
  if (sum > max_sum)
    return reject_checked("level sum " + std::to_string(sum) + " above the bound " +
                          std::to_string(max_sum));
  const std::uint32_t shard_count = GetU32(header + 36);
  if (shard_count != kShardCount)
    return reject_checked(std::to_string(shard_count) + " shards, expected " +
                          std::to_string(kShardCount));
  const std::uint64_t classes = GetU64(header + 40);
  const int words = KeyWords(expected);
  const std::uint64_t record = 8 * static_cast<std::uint64_t>(words) + (solved ? 1 : 0);
  if (size < fixed)
    return reject("truncated: " + std::to_string(size) + " bytes, fewer than the " +
                  std::to_string(fixed) + " of an empty level");
  if (classes > (~std::uint64_t{0} - fixed) / record)
    return reject("corrupt header: class count " + std::to_string(classes) +
                  " is impossibly large");
  if (const std::uint64_t want = fixed + classes * record; want > size) {
    return reject("truncated: " + std::to_string(size) + " bytes, but the header's " +
                  std::to_string(classes) + " classes need " + std::to_string(want));
  } else if (want < size) {
    return reject(std::to_string(size) + " bytes, but the header's " + std::to_string(classes) +
                  " classes make " + std::to_string(want) + ": trailing bytes");
  }

  Level level;
  level.sum = static_cast<int>(sum);
  level.key_words = words;
  const KeyChecker checker(expected, level.sum);
  std::uint64_t seen = 0;
  std::vector<std::uint8_t> bytes;
  for (int s = 0; s < kShardCount; ++s) {
    std::uint8_t count_bytes[8];
    if (!src.Read(count_bytes, sizeof count_bytes)) return read_error();
    const std::uint64_t count = GetU64(count_bytes);
    const std::string where = "shard " + std::to_string(s) + ": ";
    if (count > classes - seen)
      return reject_checked(where + "claims " + std::to_string(count) + " classes, but only " +
                            std::to_string(classes - seen) + " of the header's " +
                            std::to_string(classes) + " remain");
    seen += count;
    LevelShard& shard = level.shards[s];
    // count <= classes, and classes * record fits in the file: these allocations are bounded by it.
    bytes.resize(static_cast<std::size_t>(count) * 8 * static_cast<std::size_t>(words));
    if (!src.Read(bytes.data(), bytes.size())) return read_error();
    shard.keys.resize(static_cast<std::size_t>(count) * static_cast<std::size_t>(words));
    for (std::size_t w = 0; w < shard.keys.size(); ++w)
      shard.keys[w] = GetU64(bytes.data() + 8 * w);
    for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k) {
      const std::uint64_t* key = level.KeyAt(s, k);
      if (k > 0 && !KeyLess(level.KeyAt(s, k - 1), key, words))
        return reject_checked(where + "keys not sorted and distinct at class " + std::to_string(k));
      if (const int home = ShardOfWords(key, words); home != s)
        return reject_checked(where + "key " + HexKey(key, words) + " belongs to shard " +
                              std::to_string(home));
      if (std::string p = checker.Problem(key); !p.empty())
        return reject_checked(where + "key " + HexKey(key, words) + " " + p);
    }
    if (solved) {
      shard.values.resize(static_cast<std::size_t>(count));
      if (count > 0 && !src.Read(shard.values.data(), shard.values.size())) return read_error();
      for (std::size_t k = 0; k < shard.values.size(); ++k)
        if (!ValidPacked(shard.values[k].bits))
          return reject_checked(where + "invalid value byte " + Hex(shard.values[k].bits) +
                                " at class " + std::to_string(k));
    } else {
      shard.values.assign(static_cast<std::size_t>(count), PackedOutcome{});
    }
  }
  if (seen != classes)
    return reject_checked("shard counts add up to " + std::to_string(seen) + ", the header says " +
                          std::to_string(classes));
  // Here exactly the trailer is left: the header's sizes add up to the file size.
  std::uint8_t trailer[8];
  if (!src.Read(trailer, sizeof trailer, false)) return read_error();
  const std::uint64_t stored = GetU64(trailer), computed = src.Digest();
  if (stored != computed)
    return reject("checksum mismatch (stored " + Hex(stored) + ", computed " + Hex(computed) +
                  "): the file is corrupt");
  return level;
}

}  // namespace

std::string EncodeLevelFile(const Level& level, const LevelFileParams& params) {
  Validate(level, params);
  std::string out;
  out.reserve(kLevelFileHeaderBytes + kShardCount * kLevelFileShardCountBytes +
              level.size() * (params.solved ? 9 : 8) + kLevelFileTrailerBytes);
  StringSink sink(out);
  Encode(level, params, sink);
  return out;
}

std::optional<Level> DecodeLevelFile(std::span<const std::uint8_t> bytes,
                                     const LevelFileParams& expected, const std::string& name,
                                     std::string* why) {
  MemorySource src(bytes);
  return Parse(src, expected, name, why);
}

void WriteLevelFile(const std::filesystem::path& path, const Level& level,
                    const LevelFileParams& params) {
  Validate(level, params);
  UncommittedFile file(path);  // storage/atomic_file.hpp
  FdSink sink(file.fd(), file.temp_path());
  Encode(level, params, sink);
  file.Commit();
}

std::optional<Level> ReadLevelFile(const std::filesystem::path& path,
                                   const LevelFileParams& expected, std::string* why) {
  const std::string name = path.string();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (why) *why = OneLine(name + ": cannot open: " + std::strerror(errno));
    return std::nullopt;
  }
  struct stat st {};
  std::string problem;
  if (::fstat(fd, &st) != 0)
    problem = std::strerror(errno);
  else if (!S_ISREG(st.st_mode))
    problem = "not a regular file";
  if (!problem.empty()) {
    ::close(fd);
    if (why) *why = OneLine(name + ": cannot read: " + problem);
    return std::nullopt;
  }
  FileSource src(fd, static_cast<std::uint64_t>(st.st_size));
  std::optional<Level> level;
  try {
    level = Parse(src, expected, name, why);
  } catch (const std::bad_alloc&) {
    ::close(fd);
    if (why) *why = OneLine(name + ": out of memory while reading");
    return std::nullopt;
  }
  ::close(fd);
  return level;
}

}  // namespace seki
