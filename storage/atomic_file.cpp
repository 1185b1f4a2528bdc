// Temporary file, fsync, rename, directory fsync.
#include "storage/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "engine/base/input_error.hpp"

namespace seki {

namespace {
[[noreturn]] void Fail(const std::filesystem::path& path, const char* what) {
  throw std::runtime_error(std::string(what) + " " + path.string() + ": " + std::strerror(errno));
}
}  // namespace

void SyncDirectory(const std::filesystem::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) Fail(dir, "cannot open directory");
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) Fail(dir, "cannot sync directory");
}

void WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
  const std::filesystem::path temp = path.string() + ".tmp";
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) Fail(temp, "cannot create");
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      Fail(temp, "cannot write");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    Fail(temp, "cannot sync");
  }
  if (::close(fd) != 0) Fail(temp, "cannot close");
  if (std::rename(temp.c_str(), path.c_str()) != 0) Fail(path, "cannot rename into");
  SyncDirectory(path.parent_path());
}

void WriteOutputFile(const std::string& path, const std::string& text) {
  try {
    WriteFileAtomically(path, text);
  } catch (const std::runtime_error& e) {
    throw InputError(path, e.what());
  }
}

}  // namespace seki
