// Durable file writes: a file is written under a temporary name, flushed to disk and renamed into
// place, and the directory is synced, so a reader sees the old file or the new one, never a mix.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace seki {

// Throws std::runtime_error naming the path on any failure.
void WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes);

// WriteFileAtomically for an output file a user named (--json, --markdown, ...): a failure is an
// InputError "<path>: <problem>".
void WriteOutputFile(const std::string& path, const std::string& text);

// fsync of a directory, so that renames and new files in it survive a crash.
void SyncDirectory(const std::filesystem::path& dir);

}  // namespace seki
