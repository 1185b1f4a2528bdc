#include "apps/cli_error.hpp"

#include <fmt/format.h>

#include "storage/atomic_file.hpp"

namespace seki::cli {

CliError::CliError(std::string_view where, std::string_view problem)
    : std::runtime_error(OneLine(where) + ": " + OneLine(problem)) {}

CliError::CliError(std::string_view message) : std::runtime_error(OneLine(message)) {}

std::string OneLine(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte == 0x7f)
      out += fmt::format("\\x{:02x}", byte);
    else
      out += ch;
  }
  return out;
}

void WriteOutputFile(const std::string& path, const std::string& text) {
  try {
    WriteFileAtomically(path, text);
  } catch (const std::runtime_error& e) {
    throw CliError(path, e.what());
  }
}

}  // namespace seki::cli
