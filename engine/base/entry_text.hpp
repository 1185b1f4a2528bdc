// "I,J", an entry's row and column as a user types them: `seki extend --at` and a move of `seki
// play` (PlaySession) read them with this one parser.
// Concurrency: a pure function; any thread may call it.
#pragma once

#include <optional>
#include <string_view>
#include <utility>

namespace seki {

// Two decimal integers separated by a comma, spaces allowed around each; nothing when the text is
// not that. The numbers are as typed (from 1 by convention): the caller checks their range.
std::optional<std::pair<int, int>> ParseRowColumn(std::string_view text);

}  // namespace seki
