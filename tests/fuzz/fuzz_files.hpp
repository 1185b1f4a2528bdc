// What the fuzz targets of directory readers share: a scratch directory of their own under /tmp
// (one a process, emptied after every input), the split of an input into a text and the bytes that
// follow a line "----", the test that a name a fuzzed file gives stays inside the directory, and
// what a seed reached (SEKI_FUZZ_VERBOSE).
// Concurrency: one thread (libFuzzer runs one input at a time).
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace seki::fuzz {

// The directory `/tmp/seki-<name>-<pid>`, made on first use; Clear() empties it (each input starts
// from an empty directory) and the last one is left behind only if the process is killed.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("seki-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }
  void Clear() const {
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(path_, ignored))
      std::filesystem::remove_all(entry.path(), ignored);
  }

 private:
  std::filesystem::path path_;
};

// Writes `bytes` to dir/name, making its parent directories.
inline void WriteFile(const std::filesystem::path& path, std::string_view bytes) {
  std::error_code ignored;
  std::filesystem::create_directories(path.parent_path(), ignored);
  std::ofstream(path, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Sections of a text separated by lines "----": Split(text) cuts at every such line; SplitOnce at
// the first only (what follows may be binary). A text without one is one section.
inline std::vector<std::string_view> Split(std::string_view text) {
  std::vector<std::string_view> out;
  for (;;) {
    if (text.starts_with("----\n")) {
      out.push_back({});
      text.remove_prefix(5);
      continue;
    }
    const std::size_t at = text.find("\n----\n");
    if (at == std::string_view::npos) {
      out.push_back(text);
      return out;
    }
    out.push_back(text.substr(0, at + 1));
    text.remove_prefix(at + 6);
  }
}
inline std::pair<std::string_view, std::optional<std::string_view>> SplitOnce(
    std::string_view text) {
  const std::size_t at = text.find("\n----\n");
  if (at == std::string_view::npos) return {text, std::nullopt};
  return {text.substr(0, at + 1), text.substr(at + 6)};
}

// With SEKI_FUZZ_VERBOSE set, what a reader said (a reason, a notice, what it accepted) on stderr:
// to see how far a seed gets (`SEKI_FUZZ_VERBOSE=1 fuzz_X_replay SEED`).
inline void Say(std::string_view what, std::string_view text) {
  static const bool verbose = std::getenv("SEKI_FUZZ_VERBOSE") != nullptr;
  if (verbose) std::cerr << what << ": " << text << "\n";
}

// A name a fuzzed file gives for a file beside it: relative, without "." or ".." parts, of
// printable characters, at most 200 bytes (so the harness never writes outside its directory).
inline bool SafeName(std::string_view name) {
  if (name.empty() || name.size() > 200 || name.front() == '/') return false;
  for (const char ch : name)
    if (static_cast<unsigned char>(ch) < 0x21 || static_cast<unsigned char>(ch) > 0x7e)
      return false;
  for (const auto& part : std::filesystem::path(name))
    if (part == "." || part == ".." || part.empty()) return false;
  return true;
}

}  // namespace seki::fuzz
