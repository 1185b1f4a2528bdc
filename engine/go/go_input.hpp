// Where a position comes from, the same for `seki go` and `seki.go`: a file (SGF or a diagram,
// "-" standard input), the text itself, or a matrix to realise; and its groups (--region).
// Concurrency: pure functions (a file is read).
#pragma once

#include <string>

#include "engine/go/go_model.hpp"

namespace seki::go {

struct GoSource {
  std::string file;     // a path, "-" for standard input
  std::string text;     // SGF or a diagram
  std::string realise;  // a matrix
  std::string region;   // "", "C3:H9" or "C3,E5" (not with realise)
};

struct GoPosition {
  Board board;
  GoSelection selection;
  std::string where;  // names the position in messages: the path, "position" or the matrix
};

// The board and its groups. An InputError for no source or more than one, a region with a
// realised matrix, and whatever reading, parsing or realising refuses.
GoPosition LoadPosition(const GoSource& source);

// LoadPosition and ExtractModel.
GoModel LoadModel(const GoSource& source, std::string* where = nullptr);

}  // namespace seki::go
