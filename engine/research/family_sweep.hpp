// Family sweeps (`seki family NAME --from P --to Q`): the members of a parameterised family of
// matrices, one per value of its parameter, each solved by a SolveEngine, as table rows and JSON
// lines, resumable from its checkpoint directory.
// Concurrency: pure functions; one SolveEngine per thread.
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/solve/solve_engine.hpp"
#include "storage/checkpoint_policy.hpp"

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
// The rows a sweep has solved, kept in the one checkpoint convention (storage/checkpoint.hpp, kind
// "sweep"; parameters: the family, its size and the range) and rewritten atomically after every
// member that `every` calls for (storage/checkpoint_policy.hpp, a member for a level), the last
// one and a stop; the member being solved keeps its down-set passes' checkpoint in DIR/member
// (engine/solve/downset_checkpoint.hpp). A sweep killed at any moment goes on with --resume from
// its last saved member (and inside the member, from its pass's last checkpoint).
// Concurrency: one thread uses an instance; one instance per directory.
class SweepCheckpoint {
 public:
  // `dir` empty: rows are kept in memory only. Otherwise as Checkpoint::Prepare and ReadMatching:
  // without `resume` a directory that holds a checkpoint is refused, with it the saved rows are
  // taken (none there: `notice`, and the sweep starts afresh). Throws InputError.
  SweepCheckpoint(std::filesystem::path dir, nlohmann::json parameters, bool resume,
                  CheckpointPolicy every, const std::function<void(const std::string&)>& notice);

  const SweepRow* Find(const Matrix& m) const;
  // The row of member number `index` (from 1) of `count`, saved when the policy says so.
  void Add(const SweepRow& row, int index, int count);
  void Save();  // the rows so far (e.g. at a stop)
  const std::vector<SweepRow>& rows() const { return rows_; }
  // Where the member being solved checkpoints its down-set passes (empty without a directory).
  std::filesystem::path MemberDir() const;

 private:
  std::filesystem::path dir_;
  nlohmann::json parameters_;
  CheckpointClock clock_;
  std::vector<SweepRow> rows_;
};

// Solves one member with `engine` and times it.
SweepRow SolveMember(SolveEngine& engine, const FamilyMember& member);

}  // namespace seki
