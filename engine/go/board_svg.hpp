// The board diagram as SVG: grid lines, coordinates (A..Z without I along the bottom, row numbers
// on the left), black and white stones, and text labels on points (the shared liberties' entries).
// For `seki go --svg`, the page of `seki go --html` and the Python package's notebooks.
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/go/board.hpp"

namespace seki::go {

// Text with &, <, > and " as XML entities, for SVG and HTML.
std::string XmlEscape(std::string_view text);

// A standalone SVG document: circles of class "stone black" / "stone white", labels of class
// "label", and a <title>.
std::string BoardSvg(const Board& board, const std::vector<std::pair<Point, std::string>>& labels,
                     const std::string& title);

}  // namespace seki::go
