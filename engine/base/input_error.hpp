// InputError: the one error every layer throws for bad input (a malformed matrix, an impossible
// region, a missing run directory): one line "<where>: <problem>". The `seki` tool prints it as
// "seki: <where>: <problem>" with exit status 2; the Python package raises it with the same text.
// MemoryLimitError: well-formed input that needs more memory than allowed (--memory-limit, a GPU's
// free memory): the same one line, exit status 3.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace seki {

class InputError : public std::runtime_error {
 public:
  InputError(std::string_view where, std::string_view problem);
  explicit InputError(std::string_view message);
};

class MemoryLimitError : public InputError {
 public:
  using InputError::InputError;
};

// Text with every control character (newline, tab, ...) shown as \xNN, so a message stays on one
// line whatever it quotes.
std::string OneLine(std::string_view text);

}  // namespace seki
