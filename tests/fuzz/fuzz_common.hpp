// What every fuzz target checks of an error it catches: a message of one line of printable text
// (bytes 0x20..0x7e and UTF-8), as the CLI prints it after "seki: ". Aborts otherwise.
// Concurrency: pure.
#pragma once

#include <cstdlib>
#include <string_view>

namespace seki::fuzz {

inline void ExpectOneLine(std::string_view message) {
  for (const char ch : message) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte == 0x7f) std::abort();  // a message must stay on one line
  }
}

}  // namespace seki::fuzz
