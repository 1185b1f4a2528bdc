#include "engine/base/input_error.hpp"

#include <cstdio>

namespace seki {

InputError::InputError(std::string_view where, std::string_view problem)
    : std::runtime_error(OneLine(where) + ": " + OneLine(problem)) {}

InputError::InputError(std::string_view message) : std::runtime_error(OneLine(message)) {}

std::string OneLine(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", byte);
      out += hex;
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace seki
