// The command line as one string (arguments joined by spaces), as runs, checks and censuses
// record it.
#pragma once

#include <string>

namespace seki::cli {

inline std::string JoinCommandLine(int argc, char** argv) {
  std::string line;
  for (int k = 0; k < argc; ++k) line += (k ? " " : "") + std::string(argv[k]);
  return line;
}

}  // namespace seki::cli
