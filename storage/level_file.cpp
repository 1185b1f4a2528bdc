// Level files' I/O: the sinks the encoder writes to (a string, a file descriptor), the sources the
// parser reads from (a buffer, a file), and the entry points of storage/level_file.hpp and
// storage/level_file_bytes.hpp. The format itself (layout, checks, Encode, LevelFileParser) is in
// storage/level_file_format.hpp.
#include "storage/level_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>
#include <vector>

#include "engine/base/input_error.hpp"
#include "storage/atomic_file.hpp"
#include "storage/level_file_bytes.hpp"
#include "storage/level_file_compact.hpp"
#include "storage/level_file_format.hpp"

namespace seki {

namespace {

using level_file_format::Hasher;
using level_file_format::PutU64;

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

// Parses and verifies a compact level file (version 2) from `src`.
template <class Source>
std::optional<LevelFilePart> ParsePart(Source& src, const LevelFileParams& expected,
                                       const std::string& name, std::string* why) {
  return level_file_format::CompactFileParser<Source>(src, expected, name, why).Parse();
}

// Parses and verifies a whole level from a file of either version whose first bytes are `magic`.
template <class Source>
std::optional<Level> Parse(Source& src, std::span<const std::uint8_t> magic,
                           const LevelFileParams& expected, const std::string& name,
                           std::string* why) {
  using level_file_format::kCompactMagic;
  if (magic.size() < kCompactMagic.size() ||
      !std::equal(kCompactMagic.begin(), kCompactMagic.end(), magic.begin()))
    return level_file_format::LevelFileParser<Source>(src, expected, name, why).Parse();
  std::optional<LevelFilePart> part = ParsePart(src, expected, name, why);
  if (!part) return std::nullopt;
  if (part->parts != 1) {
    if (why)
      *why = OneLine(name + ": holds part " + std::to_string(part->part) + " of " +
                     std::to_string(part->parts) + " of level " + std::to_string(part->sum) +
                     ", not a whole level");
    return std::nullopt;
  }
  CompactLevel compact;
  compact.sum = part->sum;
  if (part->groups.empty())
    compact.parts.push_back(std::move(part->classes));
  else
    compact.parts = std::move(part->groups);
  return ExpandToLevel(compact);
}

// Opens `path` for a parser: the descriptor and its size, or nothing with the reason in *why.
std::optional<std::pair<int, std::uint64_t>> OpenForReading(const std::filesystem::path& path,
                                                            std::string* why) {
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
  return std::make_pair(fd, static_cast<std::uint64_t>(st.st_size));
}

// Runs parse(source) on the file at `path`, closing it after; out of memory is a reason too.
template <class Result, class ParseFn>
std::optional<Result> ReadFile(const std::filesystem::path& path, std::string* why,
                               ParseFn&& parse) {
  const auto opened = OpenForReading(path, why);
  if (!opened) return std::nullopt;
  const auto [fd, size] = *opened;
  FileSource src(fd, size);
  std::optional<Result> result;
  try {
    result = parse(src, fd);
  } catch (const std::bad_alloc&) {
    ::close(fd);
    if (why) *why = OneLine(path.string() + ": out of memory while reading");
    return std::nullopt;
  }
  ::close(fd);
  return result;
}

}  // namespace

std::string EncodeLevelFile(const Level& level, const LevelFileParams& params) {
  level_file_format::Validate(level, params);
  std::string out;
  out.reserve(LevelFileBytes(level.size(), level.key_words, params.solved));
  StringSink sink(out);
  level_file_format::Encode(level, params, sink);
  return out;
}

std::optional<Level> DecodeLevelFile(std::span<const std::uint8_t> bytes,
                                     const LevelFileParams& expected, const std::string& name,
                                     std::string* why) {
  MemorySource src(bytes);
  return Parse(src, bytes, expected, name, why);
}

std::string EncodeLevelFilePart(const LevelFilePart& part, const LevelFileParams& params) {
  level_file_format::ValidateCompact(part, params);
  std::string out;
  StringSink sink(out);
  level_file_format::EncodeCompact(part, params, sink);
  return out;
}

std::optional<LevelFilePart> DecodeLevelFilePart(std::span<const std::uint8_t> bytes,
                                                 const LevelFileParams& expected,
                                                 const std::string& name, std::string* why) {
  MemorySource src(bytes);
  return ParsePart(src, expected, name, why);
}

namespace {

// Writes a part known to be valid.
void WriteValidPart(const std::filesystem::path& path, const LevelFilePart& part,
                    const LevelFileParams& params) {
  UncommittedFile file(path);  // storage/atomic_file.hpp
  FdSink sink(file.fd(), file.temp_path());
  level_file_format::EncodeCompact(part, params, sink);
  file.Commit();
}

}  // namespace

void WriteLevelFilePart(const std::filesystem::path& path, const LevelFilePart& part,
                        const LevelFileParams& params) {
  level_file_format::ValidateCompact(part, params);
  WriteValidPart(path, part, params);
}

void WriteLevelFile(const std::filesystem::path& path, const CompactLevel& level,
                    const LevelFileParams& params) {
  if (!level_file_format::ValidParams(params) || level_file_format::KeyWords(params) != 1 ||
      level.sum < 0 || level.sum > params.max_sum)
    throw std::invalid_argument("level file: a compact level of sum " + std::to_string(level.sum) +
                                " for " + level_file_format::Describe(params));
  const level_file_format::KeyChecker checker(params, level.sum);
  const std::uint64_t classes = level.size();
  UncommittedFile file(path);  // storage/atomic_file.hpp
  FdSink sink(file.fd(), file.temp_path());
  level_file_format::EncodeCompactHeader(
      level.sum, 0, 1, (classes + kCompactBlockClasses - 1) / kCompactBlockClasses, classes, params,
      sink);
  std::optional<std::uint64_t> last;
  ForEachInKeyOrder(
      level, kCompactBlockClasses,
      [&](const std::uint64_t* keys, const PackedOutcome* values, std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) {
          std::string problem = checker.Problem(&keys[k]);
          if (problem.empty() && last && keys[k] <= *last) problem = "in two parts";
          if (!problem.empty())
            throw std::invalid_argument("level file: key " + level_file_format::Hex(keys[k]) + " " +
                                        problem);
          last = keys[k];
        }
        level_file_format::EncodeCompactBlock(EncodeBlock(keys, values, n), params, sink);
      });
  sink.WriteTrailer();
  file.Commit();
}

void WriteLevelFile(const std::filesystem::path& path, const Level& level,
                    const LevelFileParams& params) {
  level_file_format::Validate(level, params);
  if (level.key_words == 1) {  // a valid level makes a valid part
    WriteValidPart(path, LevelFilePart{level.sum, 0, 1, CompactFromLevel(level), {}}, params);
    return;
  }
  UncommittedFile file(path);  // storage/atomic_file.hpp
  FdSink sink(file.fd(), file.temp_path());
  level_file_format::Encode(level, params, sink);
  file.Commit();
}

std::optional<Level> ReadLevelFile(const std::filesystem::path& path,
                                   const LevelFileParams& expected, std::string* why) {
  return ReadFile<Level>(path, why, [&](FileSource& src, int fd) {
    std::uint8_t magic[8] = {};
    const ssize_t got = ::pread(fd, magic, sizeof magic, 0);
    return Parse(src, std::span<const std::uint8_t>(magic, got > 0 ? std::size_t(got) : 0),
                 expected, path.string(), why);
  });
}

std::optional<LevelFilePart> ReadLevelFilePart(const std::filesystem::path& path,
                                               const LevelFileParams& expected, std::string* why) {
  return ReadFile<LevelFilePart>(path, why, [&](FileSource& src, int) {
    return ParsePart(src, expected, path.string(), why);
  });
}

namespace {

// The table of a file by groups, read from its start, and the part it holds.
std::optional<std::vector<level_file_format::GroupEntry>> ReadTable(FileSource& src,
                                                                    const LevelFileParams& expected,
                                                                    const std::string& name,
                                                                    std::string* why,
                                                                    LevelFilePart* info) {
  return level_file_format::CompactFileParser<FileSource>(src, expected, name, why)
      .ParseTable(info);
}

}  // namespace

std::optional<std::vector<LevelFileGroup>> ReadLevelFileGroupTable(
    const std::filesystem::path& path, const LevelFileParams& expected, std::string* why) {
  return ReadFile<std::vector<LevelFileGroup>>(path, why, [&](FileSource& src, int) {
    LevelFilePart info;
    const auto table = ReadTable(src, expected, path.string(), why, &info);
    if (!table) return std::optional<std::vector<LevelFileGroup>>();
    std::vector<LevelFileGroup> groups;
    for (const auto& entry : *table) groups.push_back({entry.group, entry.classes});
    return std::optional(std::move(groups));
  });
}

std::optional<std::vector<CompactPart>> ReadLevelFileGroups(
    const std::filesystem::path& path, const LevelFileParams& expected,
    const std::vector<std::uint64_t>& wanted, std::string* why, bool check_keys) {
  using Result = std::vector<CompactPart>;
  return ReadFile<Result>(path, why, [&](FileSource& src, int fd) -> std::optional<Result> {
    const std::string name = path.string();
    LevelFilePart info;
    const auto table = ReadTable(src, expected, name, why, &info);
    if (!table) return std::nullopt;
    Result groups;
    std::vector<std::uint8_t> bytes;
    for (const std::uint64_t group : wanted) {
      const auto entry = std::lower_bound(
          table->begin(), table->end(), group,
          [](const level_file_format::GroupEntry& e, std::uint64_t g) { return e.group < g; });
      if (entry == table->end() || entry->group != group) {
        if (why) *why = OneLine(name + ": holds no group " + level_file_format::Hex(group));
        return std::nullopt;
      }
      bytes.resize(static_cast<std::size_t>(entry->bytes));
      std::size_t done = 0;
      while (done < bytes.size()) {
        const ssize_t r = ::pread(fd, bytes.data() + done, bytes.size() - done,
                                  static_cast<off_t>(entry->offset + done));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
          if (why)
            *why = OneLine(name + ": read error: " +
                           (r < 0 ? std::strerror(errno) : "the file shrank while being read"));
          return std::nullopt;
        }
        done += static_cast<std::size_t>(r);
      }
      level_file_format::Hasher hash;
      hash.Update(bytes.data(), bytes.size());
      if (hash.Digest() != entry->hash) {
        if (why)
          *why = OneLine(name + ": group " + level_file_format::Hex(group) + ": " +
                         level_file_format::ChecksumMismatch(entry->hash, hash.Digest()));
        return std::nullopt;
      }
      MemorySource group_src(bytes);
      std::optional<CompactPart> read =
          level_file_format::CompactFileParser<MemorySource>(group_src, expected, name, why)
              .ParseGroup(*entry, info.sum, check_keys);
      if (!read) return std::nullopt;
      groups.push_back(std::move(*read));
    }
    return groups;
  });
}

}  // namespace seki
