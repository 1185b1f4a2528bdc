// Uncommitted file, fsync, rename, directory fsync.
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
  throw std::runtime_error(
      OneLine(std::string(what) + " " + path.string() + ": " + std::strerror(errno)));
}

void SyncFd(int fd, const std::filesystem::path& path) {
  if (::fsync(fd) != 0) Fail(path, "cannot sync");
}

}  // namespace

std::filesystem::path UncommittedPath(const std::filesystem::path& path) {
  return path.string() + ".partial";
}

void SyncDirectory(const std::filesystem::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) Fail(dir, "cannot open directory");
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) Fail(dir, "cannot sync directory");
}

UncommittedFile::UncommittedFile(std::filesystem::path path)
    : path_(std::move(path)), temp_(UncommittedPath(path_)) {
  // A leftover of a crash under the same name is truncated and reused; readers never look at it.
  fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) Fail(temp_, "cannot create");
}

UncommittedFile::~UncommittedFile() {
  if (fd_ < 0) return;
  ::close(fd_);
  ::unlink(temp_.c_str());
}

void UncommittedFile::Write(std::string_view bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      Fail(temp_, "cannot write");
    }
    done += static_cast<std::size_t>(n);
  }
}

void UncommittedFile::Commit() {
  SyncFd(fd_, temp_);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    const int saved = errno;
    ::unlink(temp_.c_str());
    errno = saved;
    Fail(temp_, "cannot close");
  }
  if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    const int saved = errno;
    ::unlink(temp_.c_str());
    errno = saved;
    Fail(path_, "cannot rename into");
  }
  SyncDirectory(path_.parent_path());
}

void CommitFile(const std::filesystem::path& uncommitted, const std::filesystem::path& path) {
  const int fd = ::open(uncommitted.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) Fail(uncommitted, "cannot open");
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) Fail(uncommitted, "cannot sync");
  if (::rename(uncommitted.c_str(), path.c_str()) != 0) Fail(path, "cannot rename into");
  SyncDirectory(path.parent_path());
}

void WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
  UncommittedFile file(path);
  file.Write(bytes);
  file.Commit();
}

void WriteOutputFile(const std::string& path, const std::string& text) {
  try {
    WriteFileAtomically(path, text);
  } catch (const std::runtime_error& e) {
    throw InputError(path, e.what());
  }
}

void CheckOutputFile(const std::string& path) {
  const std::filesystem::path file(path);
  const std::filesystem::path dir = file.parent_path().empty() ? "." : file.parent_path();
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec))
    throw InputError(path, "cannot write: is a directory");
  const bool writable = std::filesystem::exists(file, ec) ? ::access(path.c_str(), W_OK) == 0
                                                          : ::access(dir.c_str(), W_OK) == 0;
  if (!writable) throw InputError(path, std::string("cannot write: ") + std::strerror(errno));
}

}  // namespace seki
