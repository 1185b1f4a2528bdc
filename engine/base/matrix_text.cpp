#include "engine/base/matrix_text.hpp"

#include <cctype>
#include <cstdio>
#include <vector>

namespace seki {
namespace {

bool IsDigit(char ch) { return ch >= '0' && ch <= '9'; }

// A character as it appears in a message: itself when printable, \xNN otherwise (keeps the
// message on one line).
std::string Show(char ch) {
  if (std::isprint(static_cast<unsigned char>(ch))) return std::string(1, ch);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(ch));
  return buf;
}

std::string Entries(std::size_t n) { return std::to_string(n) + (n == 1 ? " entry" : " entries"); }

std::string Where(int row, int col) {
  return "row " + std::to_string(row) + ", column " + std::to_string(col) + ": ";
}

[[noreturn]] void Fail(std::string message) { throw ParseError(message); }

// One comma-separated entry (already trimmed) of row `row`, column `col`.
int ParseNumber(std::string_view text, int row, int col) {
  if (text.size() >= 2 && text[0] == '-' &&
      text.find_first_not_of("0123456789", 1) == std::string_view::npos) {
    Fail("row " + std::to_string(row) + ": negative entry " + std::string(text));
  }
  for (char ch : text)
    if (!IsDigit(ch)) Fail(Where(row, col) + "'" + Show(ch) + "' is not a digit");
  const auto first_nonzero = text.find_first_not_of('0');
  const bool too_long = first_nonzero != std::string_view::npos && text.size() - first_nonzero > 3;
  int value = 0;
  if (!too_long)
    for (char ch : text) value = value * 10 + (ch - '0');
  if (too_long || value > kMaxEntry) {
    Fail(Where(row, col) + "entry " + std::string(text) + " is larger than " +
         std::to_string(kMaxEntry));
  }
  return value;
}

// A row of comma-separated integers. A one-entry row keeps a trailing comma ("12,"), which is
// the only place an empty field is allowed.
std::vector<int> ParseCommaRow(std::string_view text, int row) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0;;) {
    const auto comma = text.find(',', start);
    fields.push_back(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (fields.size() == 2 && !TrimSpace(fields[0]).empty() && TrimSpace(fields[1]).empty())
    fields.pop_back();
  std::vector<int> entries;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    const int col = static_cast<int>(k) + 1;
    const std::string_view field = TrimSpace(fields[k]);
    if (field.empty()) {
      const char* where = k == 0                   ? "empty entry before the first comma"
                          : k + 1 == fields.size() ? "empty entry after the last comma"
                                                   : "empty entry between commas";
      Fail(Where(row, col) + where);
    }
    entries.push_back(ParseNumber(field, row, col));
  }
  return entries;
}

// A row of single digits.
std::vector<int> ParseDigitRow(std::string_view text, int row) {
  std::vector<int> entries;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char ch = text[k];
    if (ch == '-' && k + 1 < text.size() && IsDigit(text[k + 1]))
      Fail("row " + std::to_string(row) + ": negative entry -" + text[k + 1]);
    if (!IsDigit(ch))
      Fail(Where(row, static_cast<int>(k) + 1) + "'" + Show(ch) + "' is not a digit");
    entries.push_back(ch - '0');
  }
  return entries;
}

}  // namespace

std::string_view TrimSpace(std::string_view s) {
  constexpr std::string_view kSpace = " \t\r\n\v\f";
  const auto first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kSpace) - first + 1);
}

Matrix ParseMatrix(std::string_view text) {
  text = TrimSpace(text);
  if (text.empty()) Fail("empty matrix");

  std::vector<std::string_view> lines;
  for (std::size_t start = 0;;) {
    const auto slash = text.find('/', start);
    lines.push_back(text.substr(start, slash == std::string_view::npos ? slash : slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (lines.size() > kMaxDim) {
    Fail(std::to_string(lines.size()) + " rows; at most " + std::to_string(kMaxDim) +
         " are supported");
  }

  std::vector<std::vector<int>> rows;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int row = static_cast<int>(i) + 1;
    const std::string_view line = TrimSpace(lines[i]);
    if (line.empty()) Fail("row " + std::to_string(row) + ": empty row");
    rows.push_back(line.find(',') == std::string_view::npos ? ParseDigitRow(line, row)
                                                            : ParseCommaRow(line, row));
    const std::size_t n = rows.back().size();
    if (n > kMaxDim) {
      Fail("row " + std::to_string(row) + " has " + Entries(n) + "; at most " +
           std::to_string(kMaxDim) + " are supported");
    }
    if (n != rows.front().size()) {
      Fail("row " + std::to_string(row) + " has " + Entries(n) + ", expected " +
           std::to_string(rows.front().size()));
    }
  }

  Matrix a(static_cast<int>(rows.size()), static_cast<int>(rows.front().size()));
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j) a.set(i, j, rows[i][j]);
  return a;
}

std::string FormatMatrix(const Matrix& a) {
  const bool digits = a.height() <= 9;
  std::string out;
  for (int i = 0; i < a.rows(); ++i) {
    if (i > 0) out += '/';
    for (int j = 0; j < a.cols(); ++j) {
      if (digits) {
        out += static_cast<char>('0' + a(i, j));
      } else {
        if (j > 0) out += ',';
        out += std::to_string(a(i, j));
      }
    }
    if (!digits && a.cols() == 1) out += ',';  // "12," : a one-entry comma row
  }
  return out;
}

}  // namespace seki
