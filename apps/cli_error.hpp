// Errors the `seki` tool reports as one line on stderr with exit code 2 (bad input, a position
// too large to solve), and the helper that keeps any text in such a message on one line.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace seki::cli {

// "<where>: <problem>"; main prints it as "seki: <where>: <problem>" and exits with status 2.
class CliError : public std::runtime_error {
 public:
  CliError(std::string_view where, std::string_view problem);
  explicit CliError(std::string_view message);
};

// Ends the tool with a given exit status after the command has said what it needs to (e.g. 130
// for an interrupted enumeration).
struct ExitStatus {
  int status;
};

// Writes an output file (--json, --markdown, ...) atomically; a failure is a CliError naming it.
void WriteOutputFile(const std::string& path, const std::string& text);

// Text with every control character (newline, tab, ...) shown as \xNN.
std::string OneLine(std::string_view text);

}  // namespace seki::cli
