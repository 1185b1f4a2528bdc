// DirectFile: a large file read and written in aligned pieces that bypass the page cache (O_DIRECT
// where the filesystem allows it, else ordinary I/O that drops its pages after each piece), for
// data too large for memory that a computation streams through (the down-set ring on disk,
// engine/solve/downset_ring.hpp); its aligned buffers; the free space of a directory; and a
// measurement of a directory's sequential write and read speed with the same I/O (`seki plan
// --matrix A --scratch DIR`).
// Concurrency: Read and Write may run on several threads at once on distinct ranges (pread,
// pwrite); Sync from any thread. The functions are independent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>

namespace seki {

// Offsets, lengths and buffer addresses of a DirectFile's I/O are multiples of this.
inline constexpr std::size_t kDirectAlignment = 4096;

inline std::uint64_t AlignUp(std::uint64_t bytes, std::uint64_t to = kDirectAlignment) {
  return (bytes + to - 1) / to * to;
}

// Bytes at an address that is a multiple of kDirectAlignment (bytes: a multiple of it too).
struct AlignedBytes {
  struct Free {
    void operator()(std::uint8_t* p) const;
  };
  std::unique_ptr<std::uint8_t[], Free> data;
  std::size_t size = 0;

  explicit AlignedBytes(std::size_t bytes = 0);
  std::uint8_t* get() const { return data.get(); }
};

class DirectFile {
 public:
  // Opens `path` for reading and writing. `create`: made anew (an existing file is replaced) with
  // `bytes` bytes of disk reserved (posix_fallocate), else it must exist with `bytes` bytes.
  // Throws std::runtime_error naming the path (and the free space, when reserving fails).
  DirectFile(std::filesystem::path path, bool create, std::uint64_t bytes);
  ~DirectFile();
  DirectFile(const DirectFile&) = delete;
  DirectFile& operator=(const DirectFile&) = delete;

  void Read(std::uint64_t offset, std::uint8_t* buffer, std::size_t bytes) const;
  void Write(std::uint64_t offset, const std::uint8_t* buffer, std::size_t bytes);
  void Sync();  // what was written is on the disk (fdatasync)

  const std::filesystem::path& path() const { return path_; }
  bool direct() const { return direct_; }  // O_DIRECT (false: the filesystem refused it)

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  bool direct_ = false;
};

// Bytes an unprivileged writer may still use on the filesystem of `dir` (which must exist).
double FreeDiskBytes(const std::filesystem::path& dir);

struct DiskSpeed {
  double write = 0, read = 0;  // bytes a second, sequential, in pieces of 64 MiB
  bool direct = false;
};
// Writes `bytes` (rounded up to 64 MiB) to a temporary file in `dir` with DirectFile, syncs, reads
// them back and removes the file.
DiskSpeed MeasureDiskSpeed(const std::filesystem::path& dir, std::uint64_t bytes);

}  // namespace seki
