// Level files in memory: the same encoding and the same verifying reader as storage/level_file.hpp,
// on a byte buffer instead of a path. Used by the fuzz target (tests/fuzz) and by tests that craft
// corrupt files; the file functions share this code.
// Concurrency: pure functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "storage/level_file.hpp"

namespace seki {

// Fixed sizes of the format (version 1): header, per-shard class count, trailer.
inline constexpr std::size_t kLevelFileHeaderBytes = 48;
inline constexpr std::size_t kLevelFileShardCountBytes = 8;
inline constexpr std::size_t kLevelFileTrailerBytes = 8;

// The size of the file of a level of `classes` classes with keys of `key_words` words (values: one
// byte a class more).
constexpr std::uint64_t LevelFileBytes(std::uint64_t classes, int key_words, bool solved) {
  return kLevelFileHeaderBytes + kShardCount * kLevelFileShardCountBytes +
         classes * (8 * static_cast<std::uint64_t>(key_words) + (solved ? 1 : 0)) +
         kLevelFileTrailerBytes;
}

// The bytes WriteLevelFile would write. Throws std::invalid_argument for a level that does not
// satisfy the format's invariants (see WriteLevelFile).
std::string EncodeLevelFile(const Level& level, const LevelFileParams& params);

// ReadLevelFile on a buffer (either version); `name` is what the one-line reason calls it.
std::optional<Level> DecodeLevelFile(std::span<const std::uint8_t> bytes,
                                     const LevelFileParams& expected, const std::string& name,
                                     std::string* why = nullptr);

// The compact format (version 2): the bytes WriteLevelFilePart would write (throws
// std::invalid_argument for a part that breaks the format), and ReadLevelFilePart on a buffer.
std::string EncodeLevelFilePart(const LevelFilePart& part, const LevelFileParams& params);
std::optional<LevelFilePart> DecodeLevelFilePart(std::span<const std::uint8_t> bytes,
                                                 const LevelFileParams& expected,
                                                 const std::string& name,
                                                 std::string* why = nullptr);

}  // namespace seki
