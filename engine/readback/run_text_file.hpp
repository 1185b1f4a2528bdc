// LineReader: the lines of a run's text file, read in large blocks, with every line capped in
// length so that a corrupt or hostile file (a huge line, no newline at all) cannot make the reader
// allocate more than a few kilobytes per line; ForEachLine, the read loop `seki verify` and
// `seki export` share; ForEachRunLine, the same for readers to whom a bad file is bad input
// (`seki export`, `seki census`).
// Concurrency: a LineReader is used by one thread at a time.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"

namespace seki {

class LineReader {
 public:
  // Longest line kept; longer lines are cut to this length and flagged. The longest valid line of
  // any run file (an 8x8 matrix of 3-digit entries and every field) is well under 512 bytes.
  static constexpr std::size_t kMaxLine = 4096;

  explicit LineReader(const std::filesystem::path& path)
      : file_(std::fopen(path.c_str(), "rb"), &std::fclose), buffer_(1 << 20) {}

  bool ok() const { return file_ != nullptr; }
  bool error() const { return file_ && std::ferror(file_.get()); }

  // The next line without its newline; false at the end of the file. too_long is set when the
  // line was longer than kMaxLine (it is then cut).
  bool Next(std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    bool any = false;
    while (true) {
      if (pos_ == size_) {
        if (!file_) return false;
        size_ = std::fread(buffer_.data(), 1, buffer_.size(), file_.get());
        pos_ = 0;
        if (size_ == 0) {
          if (any) last_had_newline_ = false;
          return any;
        }
      }
      any = true;
      const char* begin = buffer_.data() + pos_;
      const void* nl = std::memchr(begin, '\n', size_ - pos_);
      const std::size_t take =
          nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - begin) : size_ - pos_;
      const std::size_t room = kMaxLine - std::min(kMaxLine, line.size());
      if (take > room) too_long = true;
      line.append(begin, std::min(take, room));
      pos_ += take;
      if (nl) {
        ++pos_;
        last_had_newline_ = true;
        return true;
      }
    }
  }

  // After Next returned false: whether the last line ended with a newline (true for an empty
  // file).
  bool ended_with_newline() const { return last_had_newline_; }

 private:
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, size_ = 0;
  bool last_had_newline_ = true;
};

// How reading a file's lines went.
struct LinesRead {
  bool opened = false;      // false: the file could not be opened (no line was offered)
  bool read_error = false;  // a read failed part-way
  bool ended_with_newline = true;
  std::uint64_t lines = 0;
};

// Calls on_line(number, text, too_long) for every line of a file (number from 1, text without its
// newline and cut to LineReader::kMaxLine, too_long when it was cut).
template <class OnLine>
LinesRead ForEachLine(const std::filesystem::path& path, OnLine&& on_line) {
  LinesRead read;
  LineReader reader(path);
  if (!reader.ok()) return read;
  read.opened = true;
  std::string line;
  bool too_long = false;
  while (reader.Next(line, too_long))
    on_line(++read.lines, static_cast<const std::string&>(line), too_long);
  read.read_error = reader.error();
  read.ended_with_newline = reader.ended_with_newline();
  return read;
}

// Calls on_line(where, text) for every line of dir/name, where = "PATH:LINE"; a file that cannot be
// read, a read error or a line too long throws InputError.
template <class OnLine>
void ForEachRunLine(const std::filesystem::path& dir, const std::string& name, OnLine&& on_line) {
  const std::string path = (dir / name).string();
  const LinesRead read =
      ForEachLine(dir / name, [&](std::uint64_t number, const std::string& text, bool too_long) {
        const std::string where = path + ":" + std::to_string(number);
        if (too_long) throw InputError(where, "line too long");
        on_line(where, text);
      });
  if (!read.opened) throw InputError(path, "cannot read");
  if (read.read_error) throw InputError(path, "read error");
}

}  // namespace seki
