// The matrices a command works on: given as arguments, read from standard input ("-") or from a
// file (--input), one per line. All are parsed and checked before any work starts.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"

namespace seki::cli {

struct MatrixInput {
  std::string where;  // for messages: the matrix text as given, or "FILE:LINE" / "<stdin>:LINE"
  Matrix matrix;
};

// The matrices of `args` (an argument "-" stands for the lines of standard input) followed by
// those of `input_file` when it is not empty. In the line formats blank lines and lines starting
// with '#' are skipped. Throws InputError for text that does not parse, a matrix that is not a
// legal starting position, an unreadable file, a source without matrices, or no matrices at all.
std::vector<MatrixInput> ReadStartingPositions(const std::vector<std::string>& args,
                                               const std::string& input_file);

// "Matrix syntax: ...": how a matrix is written, with the bounds of engine/base/matrix.hpp (entries
// 0..kMaxEntry, at most kMaxDim rows and columns); the start of the help footers of solve, show,
// extend and play.
std::string MatrixSyntaxHelp();

// Adds the options every matrix command shares: the positional matrices ('-' for stdin),
// -i/--input FILE and -f/--format (one of `formats`, the first the default).
void AddMatrixInputOptions(CLI::App* command, std::vector<std::string>& matrices,
                           std::string& input_file, std::string& format,
                           const std::vector<std::string>& formats = {"text", "json"});

}  // namespace seki::cli
