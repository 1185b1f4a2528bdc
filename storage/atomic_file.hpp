// Durable file writes, the one way every writer of the project makes a file final: the file is
// written under its uncommitted name (the final name + ".partial"), flushed to disk and renamed
// into place, and the directory is synced, so a reader sees the old file or the new one, never a
// mix, and a crash leaves at most an uncommitted file that nothing reads. Users: level files
// (storage/level_file.cpp), catalogues (engine/level/catalogue.cpp, appended over many levels
// before their commit), the SQLite export (engine/readback/export.cpp), checkpoints, manifests and
// every output file a user names.
// Concurrency: functions and objects are independent; one thread writes one file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace seki {

// "x.bin" -> "x.bin.partial": written, not committed.
std::filesystem::path UncommittedPath(const std::filesystem::path& path);

// A file being written under its uncommitted name (created or truncated). Commit makes it final;
// destroyed uncommitted, it is closed and removed. Throws std::runtime_error naming the path.
class UncommittedFile {
 public:
  explicit UncommittedFile(std::filesystem::path path);
  ~UncommittedFile();
  UncommittedFile(const UncommittedFile&) = delete;
  UncommittedFile& operator=(const UncommittedFile&) = delete;

  int fd() const { return fd_; }
  const std::filesystem::path& temp_path() const { return temp_; }
  void Write(std::string_view bytes);
  void Commit();  // fsync, close, rename into place, fsync of the directory

 private:
  std::filesystem::path path_, temp_;
  int fd_ = -1;
};

// Makes `uncommitted`, complete and closed, final as `path`: fsync, rename, fsync of the directory.
void CommitFile(const std::filesystem::path& uncommitted, const std::filesystem::path& path);

// The whole file at once. Throws std::runtime_error naming the path on any failure.
void WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes);

// WriteFileAtomically for an output file a user named (--json, --markdown, ...): a failure is an
// InputError "<path>: <problem>".
void WriteOutputFile(const std::string& path, const std::string& text);

// Whether an output file a user named can be written, without creating it (so that a long command
// fails before its work, not after it): an InputError "<path>: cannot write: <reason>" if not.
void CheckOutputFile(const std::string& path);

// fsync of a directory, so that renames and new files in it survive a crash.
void SyncDirectory(const std::filesystem::path& dir);

}  // namespace seki
