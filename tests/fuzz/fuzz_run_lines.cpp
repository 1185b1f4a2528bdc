// Fuzz target: the strict parsers of catalogue and outcomes lines (engine/readback/run_lines.hpp)
// that `seki verify` and `seki export` use. Properties: no crash and no exception; a rejection
// comes with a one-line reason; an accepted line is exactly the canonical rendering of what was
// parsed (so the parser accepts one spelling per record and loses nothing).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/base/matrix_text.hpp"
#include "engine/readback/run_lines.hpp"

namespace {

void CheckWhy(const std::string& why) {
  if (why.empty()) std::abort();
  for (char ch : why)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) std::abort();
}

std::string YesNo(bool b) { return b ? "yes" : "no"; }

std::string Letters(const seki::Outcome& o) {
  return {seki::Letter(o.R), seki::Letter(o.C), seki::Letter(o.r), seki::Letter(o.c)};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  std::string why;
  if (const auto r = seki::ParseCatalogueLine(line, &why)) {
    std::string text = seki::FormatMatrix(r->matrix) + " sum=" + std::to_string(r->sum) +
                       " height=" + std::to_string(r->height) + " R=" + seki::Letter(r->outcome.R) +
                       " C=" + seki::Letter(r->outcome.C) + " r=" + seki::Letter(r->outcome.r) +
                       " c=" + seki::Letter(r->outcome.c) + " idsm=" + YesNo(r->idsm) +
                       " prime=" + YesNo(r->prime) + " symmetric=" + YesNo(r->symmetric);
    if (r->planar) text += " planar=" + YesNo(*r->planar);
    if (text != line) std::abort();
  } else {
    CheckWhy(why);
  }
  why.clear();
  if (const auto r = seki::ParseOutcomeLine(line, &why)) {
    const std::string text = seki::FormatMatrix(r->matrix) + " seki=" + Letters(r->values.seki) +
                             " dseki=" + Letters(r->values.dseki);
    if (text != line) std::abort();
  } else {
    CheckWhy(why);
  }
  return 0;
}
