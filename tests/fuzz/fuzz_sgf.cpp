// Fuzz target: the SGF reader (engine/go/sgf.hpp) on arbitrary text, as `seki go FILE.sgf` and
// GTP's loadsgf read it. Properties: it returns a board or throws InputError with a one-line
// message (nothing else); an accepted board survives DiagramText -> ReadDiagram unchanged; the
// position before every move count is readable too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/base/input_error.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/sgf.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const seki::go::SgfPosition end = seki::go::ReadSgfPosition(text, "fuzz");
    if (end.moves < 0) std::abort();
    const seki::go::Board board = seki::go::ReadSgf(text, "fuzz");
    if (!(board == end.board)) std::abort();
    if (!(seki::go::ReadDiagram(seki::go::DiagramText(board), "fuzz") == board)) std::abort();
    if (end.moves > 1) seki::go::ReadSgfPosition(text, "fuzz", end.moves / 2);
  } catch (const seki::InputError& e) {
    seki::fuzz::ExpectOneLine(e.what());
  }
  return 0;
}
