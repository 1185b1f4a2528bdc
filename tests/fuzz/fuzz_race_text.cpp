// Fuzz target: the one-line form of a race (engine/base/race_text.hpp, ParseRace: "MATRIX" or
// "MATRIX:OUTSIDE:EYES", as `seki race` and Python's seki.race read it). Properties: it returns a
// race or throws InputError with a one-line message (nothing else); an accepted race survives
// FormatRace -> ParseRace unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/base/input_error.hpp"
#include "engine/base/race_text.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const seki::Race race = seki::ParseRace(text, "fuzz");
    if (!(seki::ParseRace(seki::FormatRace(race), "fuzz") == race)) std::abort();
  } catch (const seki::InputError& e) {
    seki::fuzz::ExpectOneLine(e.what());
  }
  return 0;
}
