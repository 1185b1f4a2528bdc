#include "engine/go/diagram.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/go/sgf.hpp"

namespace seki::go {
namespace {

bool IsBorder(std::string_view line) {
  bool dash = false;
  for (char ch : line) {
    if (ch == '-')
      dash = true;
    else if (ch != '+' && ch != '|' && ch != ' ' && ch != '\t')
      return false;
  }
  return dash;
}

// Column letters only ("A B C D" or "ABCD"), as a header: a line of capital letters and blanks
// with a letter other than X and O (a row of stones has only those).
bool IsHeader(std::string_view line) {
  bool letter = false;
  for (char ch : line) {
    if (ch == ' ' || ch == '\t') continue;
    if (!std::isupper(static_cast<unsigned char>(ch))) return false;
    if (ch != 'X' && ch != 'O') letter = true;
  }
  return letter;
}

}  // namespace

Board ReadDiagram(std::string_view text, std::string_view where) {
  std::vector<std::vector<Stone>> rows;
  std::vector<int> line_numbers;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::string_view v = line;
    while (!v.empty() && (v.back() == '\r' || v.back() == ' ' || v.back() == '\t'))
      v.remove_suffix(1);
    if (v.substr(0, 2) == "$$") v.remove_prefix(2);
    std::size_t k = 0;
    while (k < v.size() && (v[k] == ' ' || v[k] == '\t')) ++k;
    v.remove_prefix(k);
    if (v.empty() || IsBorder(v) || IsHeader(v)) continue;
    k = 0;
    while (k < v.size() && std::isdigit(static_cast<unsigned char>(v[k]))) ++k;  // a row number
    v.remove_prefix(k);
    std::vector<Stone> row;
    for (std::size_t c = 0; c < v.size(); ++c) {
      const char ch = v[c];
      if (ch == ' ' || ch == '\t' || ch == '|') continue;
      if (ch == 'X' || ch == 'x' || ch == '#' || ch == '@')
        row.push_back(Stone::kBlack);
      else if (ch == 'O' || ch == 'o')
        row.push_back(Stone::kWhite);
      else if (ch == '.' || ch == '+' || ch == ',' || ch == '_')
        row.push_back(Stone::kEmpty);
      else
        throw InputError(where, "line " + std::to_string(number) + ": '" +
                                    OneLine(std::string(1, ch)) +
                                    "' is not a point of a diagram (X black, O white, . empty)");
    }
    if (!rows.empty() && row.size() != rows.front().size())
      throw InputError(where, "line " + std::to_string(number) + ": a row of " +
                                  std::to_string(row.size()) + " points, the first row has " +
                                  std::to_string(rows.front().size()));
    rows.push_back(std::move(row));
    line_numbers.push_back(number);
  }
  if (rows.empty() || rows.front().empty())
    throw InputError(where, "no board: a diagram is rows of X (black), O (white) and . (empty)");
  Board board(int(rows.front().size()), int(rows.size()), where);
  for (int r = 0; r < int(rows.size()); ++r)
    for (int x = 0; x < board.width(); ++x) board.set({x, board.height() - 1 - r}, rows[r][x]);
  return board;
}

Board ReadPositionText(std::string_view text, std::string_view where) {
  return LooksLikeSgf(text) ? ReadSgf(text, where) : ReadDiagram(text, where);
}

// At most 16 MiB, read a block at a time, so that /dev/zero or a huge file ends with one line.
std::string ReadTextFile(const std::string& path) {
  constexpr std::size_t kLimit = std::size_t(1) << 24;
  std::error_code ec;
  if (path != "-" && std::filesystem::is_directory(path, ec))
    throw InputError(path, "is a directory, not a position file");
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) throw InputError(path, "cannot be read");
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::string text;
  char block[1 << 16];
  try {
    while (in.read(block, sizeof block) || in.gcount() > 0) {
      text.append(block, static_cast<std::size_t>(in.gcount()));
      if (text.size() > kLimit) throw InputError(path, "larger than 16 MiB");
    }
  } catch (const std::ios_base::failure&) {
    throw InputError(path, "cannot be read");
  }
  if (in.bad()) throw InputError(path, "cannot be read");
  return text;
}

Board ReadPositionFile(const std::string& path) {
  return ReadPositionText(ReadTextFile(path), path == "-" ? "standard input" : path);
}

std::string DiagramText(const Board& board) {
  const bool wide = board.height() >= 10;
  std::string out = wide ? "   " : "  ";
  for (int x = 0; x < board.width(); ++x)
    out += PointName({x, 0}).substr(0, 1) + (x + 1 < board.width() ? " " : "");
  out += "\n";
  for (int y = board.height() - 1; y >= 0; --y) {
    std::string number = std::to_string(y + 1);
    out += std::string((wide ? 2 : 1) - number.size(), ' ') + number + " ";
    for (int x = 0; x < board.width(); ++x) {
      const Stone s = board.at({x, y});
      out += s == Stone::kBlack ? 'X' : s == Stone::kWhite ? 'O' : '.';
      if (x + 1 < board.width()) out += ' ';
    }
    out += "\n";
  }
  return out;
}

}  // namespace seki::go
