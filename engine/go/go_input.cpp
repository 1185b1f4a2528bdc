#include "engine/go/go_input.hpp"

#include "engine/base/input_error.hpp"
#include "engine/base/starting_position.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_realise.hpp"

namespace seki::go {

GoPosition LoadPosition(const GoSource& s) {
  if (!s.file.empty() + !s.text.empty() + !s.realise.empty() != 1)
    throw InputError("go",
                     "give one position: a FILE (or - for standard input), its text, or a "
                     "matrix to realise");
  GoPosition p;
  if (!s.realise.empty()) {
    if (!s.region.empty())
      throw InputError("region", "does not apply to a realised matrix (the groups are its lines)");
    p.where = s.realise;
    const Matrix a = ParseMatrixAt(p.where, s.realise);
    CheckStartingPosition(a, p.where);
    const Realisation r = Realise(a, p.where);
    p.board = r.board;
    p.selection = r.groups;
    return p;
  }
  if (!s.file.empty()) {
    p.where = s.file == "-" ? "standard input" : s.file;
    p.board = ReadPositionFile(s.file);
  } else {
    p.where = "position";
    p.board = ReadPositionText(s.text, p.where);
  }
  p.selection = ParseSelection(s.region, p.board, "region " + s.region);
  return p;
}

GoModel LoadModel(const GoSource& source, std::string* where) {
  const GoPosition p = LoadPosition(source);
  if (where) *where = p.where;
  return ExtractModel(p.board, p.selection, p.where);
}

}  // namespace seki::go
