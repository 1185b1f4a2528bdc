// Fuzz target: the text diagrams of a GO position (engine/go/diagram.hpp, ReadPositionText: a
// diagram or SGF, as `seki go` reads a file or a pasted text). Properties: it returns a board or
// throws InputError with a one-line message (nothing else); an accepted board survives
// DiagramText -> ReadDiagram unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/base/input_error.hpp"
#include "engine/go/diagram.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const seki::go::Board board = seki::go::ReadPositionText(text, "fuzz");
    if (!(seki::go::ReadDiagram(seki::go::DiagramText(board), "fuzz") == board)) std::abort();
  } catch (const seki::InputError& e) {
    seki::fuzz::ExpectOneLine(e.what());
  }
  return 0;
}
