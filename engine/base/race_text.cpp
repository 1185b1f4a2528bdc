#include "engine/base/race_text.hpp"

#include <algorithm>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/starting_position.hpp"

namespace seki {
namespace {

// The numbers of one side ("2,0,1"; "" for none), each at most `max`.
std::vector<int> Numbers(std::string_view side, int max, const std::string& where) {
  std::vector<int> out;
  if (TrimSpace(side).empty()) return out;
  std::size_t start = 0;
  while (start <= side.size()) {
    const std::size_t comma = std::min(side.find(',', start), side.size());
    const std::string_view item = TrimSpace(side.substr(start, comma - start));
    int value = 0;
    if (item.empty()) throw InputError(where, "an empty number in '" + OneLine(side) + "'");
    for (char ch : item) {
      if (ch < '0' || ch > '9' || value > max)
        throw InputError(
            where, "'" + OneLine(item) + "' is not a number from 0 to " + std::to_string(max));
      value = 10 * value + (ch - '0');
    }
    if (value > max)
      throw InputError(where,
                       "'" + OneLine(item) + "' is not a number from 0 to " + std::to_string(max));
    out.push_back(value);
    start = comma + 1;
  }
  return out;
}

// Fills rows[0..m) and cols[0..n) from "ROWS:COLS".
void ReadSides(std::string_view text, int m, int n, int max, const std::string& where,
               std::array<std::uint8_t, kMaxDim>& rows, std::array<std::uint8_t, kMaxDim>& cols) {
  if (TrimSpace(text).empty()) return;
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos)
    throw InputError(where, "'" + OneLine(text) +
                                "' is not ROWS:COLS (one number per row, a colon, one per column; "
                                "e.g. 1,0:2)");
  const auto side = [&](std::string_view part, int count, const char* lines,
                        std::array<std::uint8_t, kMaxDim>& out) {
    const std::vector<int> values = Numbers(part, max, where);
    if (values.empty()) return;
    if (int(values.size()) != count)
      throw InputError(where, std::to_string(values.size()) + " number" +
                                  (values.size() == 1 ? "" : "s") + " for the " +
                                  std::to_string(count) + " " + lines + " in '" + OneLine(text) +
                                  "'");
    for (int k = 0; k < count; ++k) out[k] = static_cast<std::uint8_t>(values[k]);
  };
  side(text.substr(0, colon), m, m == 1 ? "row" : "rows", rows);
  side(text.substr(colon + 1), n, n == 1 ? "column" : "columns", cols);
}

std::string Sides(const Race& r, const std::array<std::uint8_t, kMaxDim>& rows,
                  const std::array<std::uint8_t, kMaxDim>& cols) {
  bool any = false;
  const auto side = [&](const std::array<std::uint8_t, kMaxDim>& values, int count) {
    std::string out;
    bool nonzero = false;
    for (int k = 0; k < count; ++k) {
      out += (k ? "," : "") + std::to_string(values[k]);
      nonzero = nonzero || values[k] > 0;
    }
    any = any || nonzero;
    return nonzero ? out : "";
  };
  const std::string text = side(rows, r.rows()) + ":" + side(cols, r.cols());
  return any ? text : "";
}

}  // namespace

Race MakeRace(const Matrix& a, std::string_view outside, std::string_view eyes,
              std::string_view where) {
  const std::string at(where);
  Race r(a);
  ReadSides(outside, a.rows(), a.cols(), kMaxOutside, at.empty() ? "--outside" : at + ": outside",
            r.row_outside, r.col_outside);
  ReadSides(eyes, a.rows(), a.cols(), 1, at.empty() ? "--eyes" : at + ": eyes", r.row_eye,
            r.col_eye);
  return r;
}

std::string FormatOutside(const Race& r) { return Sides(r, r.row_outside, r.col_outside); }
std::string FormatEyes(const Race& r) { return Sides(r, r.row_eye, r.col_eye); }

std::string FormatRace(const Race& r) {
  std::string out = FormatMatrix(r.a);
  if (const std::string o = FormatOutside(r); !o.empty()) out += " outside " + o;
  if (const std::string e = FormatEyes(r); !e.empty()) out += " eyes " + e;
  return out;
}

Race ParseRace(std::string_view text, std::string_view where) {
  text = TrimSpace(text);
  const std::size_t space = text.find(' ');
  const Matrix a = ParseMatrixAt(where, text.substr(0, std::min(space, text.size())));
  std::string_view outside, eyes;
  std::string_view rest = space == std::string_view::npos ? "" : TrimSpace(text.substr(space));
  while (!rest.empty()) {
    const std::size_t word_end = std::min(rest.find(' '), rest.size());
    const std::string_view word = rest.substr(0, word_end);
    rest = TrimSpace(rest.substr(word_end));
    const std::size_t value_end = std::min(rest.find(' '), rest.size());
    const std::string_view value = rest.substr(0, value_end);
    rest = TrimSpace(rest.substr(value_end));
    if (word == "outside" && outside.empty() && !value.empty())
      outside = value;
    else if (word == "eyes" && eyes.empty() && !value.empty())
      eyes = value;
    else
      throw InputError(where, "'" + OneLine(text) +
                                  "' is not a race (MATRIX, then 'outside ROWS:COLS' and 'eyes "
                                  "ROWS:COLS')");
  }
  return MakeRace(a, outside, eyes, where);
}

}  // namespace seki
