// Family sweeps (`seki family NAME --from P --to Q`): the members of a parameterised family of
// matrices, one per value of its parameter, each solved by a SolveEngine, as table rows and JSON
// lines, resumable from the JSON lines of an earlier sweep.
// Concurrency: pure functions; one SolveEngine per thread.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki {

// One member: its family, its name ("cycle 5x5 t=6", "A^4") and its matrix.
struct FamilyMember {
  std::string family;  // A, B, C, cycle, alternating, opposite, cubic
  int size = 0;        // k of the cycle families (unused by A, B, C and cubic)
  int parameter = 0;   // n (A, B, C), t (cycle, alternating, opposite), i (cubic)
  std::string name;
  Matrix matrix;
};

// The families a sweep knows, for help texts: "A, B, C, cycle, alternating, opposite, cubic".
std::string_view FamilyNames();

// The member of `family` at `parameter` (`size`: k for cycle, alternating and opposite). Throws
// InputError("family", ...) for an unknown family and InputError("--n" or the parameter's option,
// ...) for values out of range.
FamilyMember MakeFamilyMember(std::string_view family, int size, int parameter);

struct SweepRow {
  FamilyMember member;
  Solution value;
  std::string engine;  // the engine that solved it ("downset", "search", "exhaustive")
  double seconds = 0;  // wall time of the solve
};

// "| member | matrix | SEKI R C r c | class | D-SEKI R C r c | class | engine | seconds |".
std::string SweepTableHeader();
std::string SweepRowText(const SweepRow& row);
// One line: {"family","size","parameter","name","matrix","seki":{R,C,r,c,class},"dseki":{...},
// "engine","seconds"}.
std::string SweepRowJson(const SweepRow& row);
// The rows of earlier JSON lines (SweepRowJson); lines that are not such rows are skipped.
std::vector<SweepRow> ParseSweepRows(std::string_view text);

// The rows a sweep has solved, kept in a file of JSON lines (--output): Load reads what an earlier
// sweep left (missing file: none), Add writes the file anew with one more row through the one
// durable write (storage/atomic_file), so a kill leaves the rows before it, never a cut line.
// Concurrency: one thread uses an instance; one instance per file.
class SweepFile {
 public:
  explicit SweepFile(std::filesystem::path path);  // empty: rows are kept in memory only
  // The rows in the file. Throws InputError naming the path when it cannot be read.
  const std::vector<SweepRow>& Load();
  const SweepRow* Find(const Matrix& m) const;
  // Throws InputError naming the path when it cannot be written.
  void Add(const SweepRow& row);

 private:
  std::filesystem::path path_;
  std::vector<SweepRow> rows_;
  std::string text_;
};

// Solves one member with `engine` and times it.
SweepRow SolveMember(SolveEngine& engine, const FamilyMember& member);

}  // namespace seki
