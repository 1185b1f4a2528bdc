// Checksums for files and byte ranges (XXH3, 64-bit, from Debian's libxxhash): level files carry
// one in their trailer and manifest.json records one per catalogue file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace seki {

std::uint64_t Checksum(const void* data, std::size_t size);

// Streaming XXH3-64 of a whole file; throws std::runtime_error if it cannot be read.
std::uint64_t FileChecksum(const std::filesystem::path& path);

// 16 lower-case hex digits.
std::string ChecksumHex(std::uint64_t checksum);

}  // namespace seki
