// The "I,J" parser.
#include "engine/base/entry_text.hpp"

#include <charconv>
#include <system_error>

#include "engine/base/matrix_text.hpp"

namespace seki {
namespace {

std::optional<int> ParseInteger(std::string_view text) {
  text = TrimSpace(text);
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::pair<int, int>> ParseRowColumn(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const auto i = ParseInteger(text.substr(0, comma)), j = ParseInteger(text.substr(comma + 1));
  if (!i || !j) return std::nullopt;
  return std::pair{*i, *j};
}

}  // namespace seki
