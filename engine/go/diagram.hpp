// Board diagrams as GO books and forums print them: one line per row, top row first, `X` black,
// `O` white, `.` empty (also `+` and `,`, hoshi points), blanks between points allowed. Borders
// (`|`, lines of `-`), Sensei's Library's `$$` prefix, a header line of column letters and row
// numbers at the start of a line are skipped, so DiagramText's own output reads back.
// Concurrency: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "engine/go/board.hpp"

namespace seki::go {

// The board of a diagram. An InputError "<where>: line N: <problem>" for an unknown character, rows
// of different lengths, or no row at all.
Board ReadDiagram(std::string_view text, std::string_view where);

// A position in either form: SGF when the text starts with '(', a diagram otherwise.
Board ReadPositionText(std::string_view text, std::string_view where);

// The text of a file ("-": standard input), at most 16 MiB. An InputError naming the path when it
// cannot be read or is larger.
std::string ReadTextFile(const std::string& path);

// ReadPositionText of a file's contents ("-": standard input), named by its path in messages. An
// InputError when it cannot be read.
Board ReadPositionFile(const std::string& path);

// The diagram of a board with column letters above and row numbers on the left.
std::string DiagramText(const Board& board);

}  // namespace seki::go
