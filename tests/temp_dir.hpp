// Scratch directories and whole-file reads for tests that write run directories.
// Concurrency: a TempDir belongs to one test; the functions are plain file I/O.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace seki::testing {

namespace fs = std::filesystem;

// A scratch directory removed on destruction.
class TempDir {
 public:
  TempDir() {
    char name[] = "/tmp/seki_test_XXXXXX";
    if (!mkdtemp(name)) throw std::runtime_error("mkdtemp failed");
    path_ = name;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

inline std::string ReadText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace seki::testing
