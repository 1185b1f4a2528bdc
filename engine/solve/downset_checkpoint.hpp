// DownsetCheckpoint: the state of a down-set pass on disk, so that a solve of an hour survives
// Ctrl-C or a crash: a small header file (the matrix, the position, the size and XXH3 checksum of
// the values) and a data file with the ring (or full table) bytes, each written atomically; the
// header is written last and names its data file, so a reader sees one consistent state.
// Concurrency: called by the thread that runs the pass, between two levels (workers waiting).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>

#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_pass.hpp"

namespace seki {

// Writes the state of a pass of layout.top at `position` (values: `bytes` bytes) to `path`
// (header) and a data file beside it, then removes the previous data file. Throws
// std::runtime_error naming the path on failure.
// Removes a checkpoint (header and data file), e.g. once its pass has completed.
void RemoveDownsetCheckpoint(const std::filesystem::path& path);

void SaveDownsetCheckpoint(const std::filesystem::path& path, const DownsetLayout& layout,
                           bool full, const DownsetPosition& position, const std::uint8_t* values,
                           std::size_t bytes);

// Reads a checkpoint of layout.top into `values` and returns its position; nothing when there is
// no file at `path` or it is of another matrix. Throws InputError "<path>: ..." when it is of
// another table kind or damaged (size or checksum).
std::optional<DownsetPosition> LoadDownsetCheckpoint(const std::filesystem::path& path,
                                                     const DownsetLayout& layout, bool full,
                                                     std::uint8_t* values, std::size_t bytes);

}  // namespace seki
