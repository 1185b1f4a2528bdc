// Fuzz target: the reader of the matrices a command is given in a file or on standard input —
// ReadStartingPositions (apps/matrix_input.cpp, compiled into the target: apps/ is no library),
// behind `--input FILE` of solve, show, extend and play, `-` (standard input), and `--values-file
// F` of `seki census --below A` (which then hands the matrices to CensusTaker). The first input
// byte is a mode, the rest the file (written into a scratch directory of its own under /tmp):
//   bit 0  read it as standard input ("-") instead of --input FILE;
//   bit 1  as `seki census --below A --values-file F`: the first matrix read is A, the others the
//          points whose values the census takes (CensusTaker checks they are below A).
// Properties: no crash, no sanitizer report, no exception but InputError (one line); every matrix
// read is a starting position, named "FILE:LINE", and the matrices written back one a line
// (FormatMatrix) read back the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "apps/matrix_input.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/rules.hpp"
#include "engine/census/census_below.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/fuzz_files.hpp"

namespace {

namespace fs = std::filesystem;
using seki::cli::MatrixInput;

const seki::fuzz::ScratchDir& Scratch() {
  static const seki::fuzz::ScratchDir dir("fuzz-input-file");
  return dir;
}

// ReadStartingPositions of `text` given as standard input.
std::vector<MatrixInput> FromStdin(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::streambuf* const previous = std::cin.rdbuf(in.rdbuf());
  std::cin.clear();
  try {
    std::vector<MatrixInput> read = seki::cli::ReadStartingPositions({"-"}, "");
    std::cin.rdbuf(previous);
    std::cin.clear();
    return read;
  } catch (...) {
    std::cin.rdbuf(previous);
    std::cin.clear();
    throw;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const seki::fuzz::ScratchDir& scratch = Scratch();
  scratch.Clear();
  const fs::path file = scratch.path() / "matrices.txt";
  const std::string name = (mode & 1) ? "<stdin>" : file.string();
  std::vector<MatrixInput> read;
  try {
    if (mode & 1) {
      read = FromStdin(text);
    } else {
      seki::fuzz::WriteFile(file, text);
      read = seki::cli::ReadStartingPositions({}, file.string());
    }
  } catch (const seki::InputError& e) {
    seki::fuzz::Say("error", e.what());
    seki::fuzz::ExpectOneLine(e.what());
    scratch.Clear();
    return 0;
  }
  seki::fuzz::Say("read", std::to_string(read.size()) + " matrices");
  if (read.empty()) std::abort();  // "no matrices" is an error
  std::string again;
  for (const MatrixInput& m : read) {
    if (!seki::IsStartingPosition(m.matrix) || !m.where.starts_with(name + ":")) std::abort();
    seki::fuzz::ExpectOneLine(m.where);
    again += seki::FormatMatrix(m.matrix) + "\n";
  }
  seki::fuzz::WriteFile(file, again);
  const std::vector<MatrixInput> back = seki::cli::ReadStartingPositions({}, file.string());
  if (back.size() != read.size()) std::abort();
  for (std::size_t k = 0; k < read.size(); ++k)
    if (back[k].matrix != read[k].matrix) std::abort();

  if (mode & 2) {  // `seki census --below A --values-file F`, A the first matrix
    std::vector<seki::Matrix> points;
    for (std::size_t k = 1; k < read.size(); ++k) points.push_back(read[k].matrix);
    try {
      const seki::CensusTaker taker(read[0].matrix, std::move(points));
      seki::fuzz::Say("census", "points below " + seki::FormatMatrix(read[0].matrix));
    } catch (const seki::InputError& e) {
      seki::fuzz::Say("error", e.what());
      seki::fuzz::ExpectOneLine(e.what());
    }
  }
  scratch.Clear();
  return 0;
}
