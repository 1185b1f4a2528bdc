// Strict parsers for the lines of a run directory's text files, for `seki verify` and
// `seki export` (the writer is engine/level/catalogue.cpp):
//   catalogue line  "MATRIX sum=S height=H R=X C=X r=X c=X idsm=yes|no prime=yes|no
//                    symmetric=yes|no[ planar=yes|no]"
//   outcomes line   "MATRIX seki=RCrc dseki=RCrc"
//   seki count line "sum=S height=H count=N" (seki-counts.txt of a run with --lists complete)
// Strict means byte-exact: single spaces, fields in this order, numbers without leading zeros, the
// matrix in its canonical text form (FormatMatrix), no trailing blanks or carriage returns. Values
// are taken as written (R and C are not derived from r and c), so a checker can compare them.
// Concurrency: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"

namespace seki {

struct CatalogueRecord {
  Matrix matrix;
  int sum = 0, height = 0;
  Outcome outcome;  // R, C, r, c as written
  bool idsm = false, prime = false, symmetric = false;
  std::optional<bool> planar;  // absent in catalogues written before the field existed
};

struct OutcomeRecord {
  Matrix matrix;
  Solution values;  // both games, R, C, r, c as written
};

// Parse one line (without its newline). On failure return nothing and, if why is given, a
// one-line reason naming the field and the column (1-based).
std::optional<CatalogueRecord> ParseCatalogueLine(std::string_view line,
                                                  std::string* why = nullptr);
std::optional<OutcomeRecord> ParseOutcomeLine(std::string_view line, std::string* why = nullptr);

struct SekiCountRecord {
  int sum = 0, height = 0;
  std::uint64_t count = 0;
};
std::optional<SekiCountRecord> ParseSekiCountLine(std::string_view line,
                                                  std::string* why = nullptr);

}  // namespace seki
