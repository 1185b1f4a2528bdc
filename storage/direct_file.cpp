// Direct I/O of large files, aligned buffers, free space and the speed of a disk.
#include "storage/direct_file.hpp"

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

namespace seki {
namespace {

// One system call moves at most this much (Linux moves at most 2 GiB - 4 KiB a call).
constexpr std::size_t kPiece = std::size_t{1} << 30;

std::runtime_error Error(const std::filesystem::path& path, const std::string& what, int err) {
  return std::runtime_error(path.string() + ": " + what + ": " + std::strerror(err));
}

bool Aligned(std::uint64_t x) { return x % kDirectAlignment == 0; }

void CheckAligned(const std::filesystem::path& path, std::uint64_t offset, const void* buffer,
                  std::size_t bytes) {
  if (!Aligned(offset) || !Aligned(bytes) || !Aligned(reinterpret_cast<std::uintptr_t>(buffer)))
    throw std::logic_error(path.string() + ": direct I/O of an unaligned range");
}

}  // namespace

void AlignedBytes::Free::operator()(std::uint8_t* p) const { std::free(p); }

AlignedBytes::AlignedBytes(std::size_t bytes) : size(AlignUp(bytes)) {
  if (size == 0) return;
  void* p = std::aligned_alloc(kDirectAlignment, size);
  if (!p) throw std::bad_alloc();
  data.reset(static_cast<std::uint8_t*>(p));
}

DirectFile::DirectFile(std::filesystem::path path, bool create, std::uint64_t bytes)
    : path_(std::move(path)) {
  const int flags = O_RDWR | O_CLOEXEC | (create ? O_CREAT | O_TRUNC : 0);
  fd_ = ::open(path_.c_str(), flags | O_DIRECT, 0644);
  direct_ = fd_ >= 0;
  if (fd_ < 0 && errno == EINVAL) fd_ = ::open(path_.c_str(), flags, 0644);  // e.g. tmpfs
  if (fd_ < 0) throw Error(path_, create ? "cannot create" : "cannot open", errno);
  if (create) {
    if (const int err = ::posix_fallocate(fd_, 0, static_cast<off_t>(bytes)); err != 0) {
      ::close(fd_);
      fd_ = -1;
      std::filesystem::remove(path_);
      throw Error(path_, "cannot reserve " + std::to_string(bytes) + " bytes", err);
    }
    return;
  }
  const off_t size = ::lseek(fd_, 0, SEEK_END);
  if (size < 0 || static_cast<std::uint64_t>(size) != bytes) {
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error(path_.string() + ": " + std::to_string(size) + " bytes, not " +
                             std::to_string(bytes));
  }
}

DirectFile::~DirectFile() {
  if (fd_ >= 0) ::close(fd_);
}

void DirectFile::Read(std::uint64_t offset, std::uint8_t* buffer, std::size_t bytes) const {
  CheckAligned(path_, offset, buffer, bytes);
  for (std::size_t done = 0; done < bytes;) {
    const ssize_t n = ::pread(fd_, buffer + done, std::min(kPiece, bytes - done),
                              static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error(path_, "cannot read", errno);
    if (n == 0) throw std::runtime_error(path_.string() + ": shorter than expected");
    done += static_cast<std::size_t>(n);
  }
  if (!direct_)
    ::posix_fadvise(fd_, static_cast<off_t>(offset), static_cast<off_t>(bytes),
                    POSIX_FADV_DONTNEED);
}

void DirectFile::Write(std::uint64_t offset, const std::uint8_t* buffer, std::size_t bytes) {
  CheckAligned(path_, offset, buffer, bytes);
  for (std::size_t done = 0; done < bytes;) {
    const ssize_t n = ::pwrite(fd_, buffer + done, std::min(kPiece, bytes - done),
                               static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error(path_, "cannot write", errno);
    done += static_cast<std::size_t>(n);
  }
  if (!direct_) {  // written out, then dropped: the page cache keeps none of it
    ::sync_file_range(
        fd_, static_cast<off_t>(offset), static_cast<off_t>(bytes),
        SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
    ::posix_fadvise(fd_, static_cast<off_t>(offset), static_cast<off_t>(bytes),
                    POSIX_FADV_DONTNEED);
  }
}

void DirectFile::Sync() {
  if (::fdatasync(fd_) != 0) throw Error(path_, "cannot sync", errno);
}

double FreeDiskBytes(const std::filesystem::path& dir) {
  struct statvfs s {};
  if (::statvfs(dir.c_str(), &s) != 0) throw Error(dir, "cannot read its free space", errno);
  return static_cast<double>(s.f_bavail) * static_cast<double>(s.f_frsize);
}

DiskSpeed MeasureDiskSpeed(const std::filesystem::path& dir, std::uint64_t bytes) {
  constexpr std::size_t kBlock = std::size_t{64} << 20;
  const std::uint64_t blocks = std::max<std::uint64_t>(1, (bytes + kBlock - 1) / kBlock);
  AlignedBytes buffer(kBlock);
  for (std::size_t x = 0; x < kBlock; ++x) buffer.get()[x] = static_cast<std::uint8_t>(x * 131);
  const std::filesystem::path path =
      dir / (".seki-disk-speed-" + std::to_string(::getpid()) + ".bin");
  DiskSpeed speed;
  using Clock = std::chrono::steady_clock;
  try {
    DirectFile file(path, true, blocks * kBlock);
    speed.direct = file.direct();
    auto start = Clock::now();
    for (std::uint64_t b = 0; b < blocks; ++b) file.Write(b * kBlock, buffer.get(), kBlock);
    file.Sync();
    const double write = std::chrono::duration<double>(Clock::now() - start).count();
    start = Clock::now();
    for (std::uint64_t b = 0; b < blocks; ++b) file.Read(b * kBlock, buffer.get(), kBlock);
    const double read = std::chrono::duration<double>(Clock::now() - start).count();
    speed.write = double(blocks * kBlock) / std::max(write, 1e-9);
    speed.read = double(blocks * kBlock) / std::max(read, 1e-9);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    throw;
  }
  std::filesystem::remove(path);
  return speed;
}

}  // namespace seki
