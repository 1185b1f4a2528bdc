#include "apps/matrix_input.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <istream>
#include <string_view>

#include "apps/cli_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/starting_position.hpp"

namespace seki::cli {
namespace {

MatrixInput Parse(std::string where, std::string_view text) {
  const Matrix a = ParseMatrixAt(where, text);
  CheckStartingPosition(a, where);
  return {std::move(where), a};
}

void ReadLines(std::istream& in, const std::string& name, std::vector<MatrixInput>& out) {
  const std::size_t before = out.size();
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string_view content = TrimSpace(line);
    if (content.empty() || content.front() == '#') continue;
    out.push_back(Parse(name + ":" + std::to_string(number), line));
  }
  if (in.bad()) throw InputError(name, "read error");
  if (out.size() == before) throw InputError(name, "no matrices");
}

void ReadFile(const std::string& path, std::vector<MatrixInput>& out) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path, "is a directory");
  std::ifstream in(path);
  if (!in) throw InputError(path, std::string("cannot open: ") + std::strerror(errno));
  ReadLines(in, path, out);
}

}  // namespace

std::vector<MatrixInput> ReadStartingPositions(const std::vector<std::string>& args,
                                               const std::string& input_file) {
  std::vector<MatrixInput> out;
  bool read_stdin = false;
  for (std::size_t k = 0; k < args.size(); ++k) {
    if (args[k] == "-") {
      if (read_stdin) throw InputError("-", "standard input can be read only once");
      read_stdin = true;
      ReadLines(std::cin, "<stdin>", out);
      continue;
    }
    const bool blank = TrimSpace(args[k]).empty();
    out.push_back(Parse(blank ? "argument " + std::to_string(k + 1) : args[k], args[k]));
  }
  if (!input_file.empty()) ReadFile(input_file, out);
  if (out.empty())
    throw InputError("no matrices given (pass matrices, '-' for standard input, or --input FILE)");
  return out;
}

std::string MatrixSyntaxHelp() {
  return fmt::format(
      "Matrix syntax: rows separated by '/'; a row is one digit per entry (033/303/330) or\n"
      "comma-separated integers 0..{} (3,10,0/0,3,3; a one-entry row is written 12,). At most {} "
      "rows\nand {} columns; every row and column needs a positive entry.",
      kMaxEntry, kMaxDim, kMaxDim);
}

void AddMatrixInputOptions(CLI::App* command, std::vector<std::string>& matrices,
                           std::string& input_file, std::string& format,
                           const std::vector<std::string>& formats) {
  command->add_option("matrices", matrices,
                      "Matrices such as 033/331/312; '-' reads them from stdin, one per line");
  command
      ->add_option("-i,--input", input_file,
                   "Read matrices from FILE, one per line; blank lines and '#' lines are skipped")
      ->type_name("FILE");
  command->add_option("-f,--format", format, "Output format")
      ->check(CLI::IsMember(formats))
      ->default_str(formats.front());
}

}  // namespace seki::cli
