// Fuzz target: ParseMatrix (engine/base/matrix_text.hpp) on arbitrary text. Properties checked on every
// input: it returns a matrix of 1..8 rows and columns or throws ParseError (nothing else), an
// accepted matrix survives FormatMatrix -> ParseMatrix unchanged, and an error message is one
// line of printable text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/base/matrix_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  seki::Matrix a;
  try {
    a = seki::ParseMatrix(text);
  } catch (const seki::ParseError& e) {
    for (const char* p = e.what(); *p; ++p) {
      const auto byte = static_cast<unsigned char>(*p);
      if (byte < 0x20 || byte == 0x7f) std::abort();  // a message must stay on one line
    }
    return 0;
  }
  if (a.rows() < 1 || a.rows() > seki::kMaxDim || a.cols() < 1 || a.cols() > seki::kMaxDim)
    std::abort();
  if (seki::ParseMatrix(seki::FormatMatrix(a)) != a) std::abort();
  return 0;
}
