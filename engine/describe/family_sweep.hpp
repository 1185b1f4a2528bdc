// Family sweeps (`seki family NAME --from P --to Q`, `seki.family_sweep` in Python): the members of
// a parameterised family of matrices, one per value of its parameter, each solved by a
// SolveEngine, as table rows and JSON lines, resumable from its checkpoint directory.
// Concurrency: pure functions; a FamilySweep or SweepCheckpoint is used by one thread; one
// SolveEngine per thread.
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

// What a sweep is asked for: a family, its size, the range of its parameter, where its rows go.
struct SweepRequest {
  std::string family;  // one of FamilyNames()
  int size = 0;        // k of cycle, alternating and opposite (unused by the others)
  int from = 0, to = 0;
  std::filesystem::path output;      // the rows so far as JSON lines, rewritten durably after
                                     // every member (empty: none)
  std::filesystem::path checkpoint;  // SweepCheckpoint's directory (empty: none)
  bool resume = false;
  CheckpointPolicy every;  // when rows are saved; every_minutes also paces the member's passes
};

// The one sweep loop, for the CLI and Python: the members `from`..`to` in order, each the row a
// resumed checkpoint holds or `solve(member)`; each row saved as `every` says, written to `output`
// and handed to `on_row`. Whatever stops a solve (a memory limit, Ctrl-C) saves the rows so far and
// is rethrown. The caller solves through `MemberEngine(options)`, so that the member in progress
// checkpoints its down-set passes in DIR/member and resumes them.
class FamilySweep {
 public:
  // Throws InputError for an unknown family ("family"), a range that is not 1 <= from <= to
  // ("--from"), a size out of range, an output that cannot be written, or a checkpoint directory
  // refused as SweepCheckpoint refuses it; `notice` gets SweepCheckpoint's notices.
  FamilySweep(SweepRequest request, const std::function<void(const std::string&)>& notice);

  const std::vector<FamilyMember>& members() const { return members_; }
  // `options` with the member's checkpoint (DIR/member, resumed, paced by every_minutes).
  SolveEngineOptions MemberEngine(SolveEngineOptions options) const;
  // Runs the loop; returns every row in order.
  std::vector<SweepRow> Run(const std::function<SweepRow(const FamilyMember&)>& solve,
                            const std::function<void(const SweepRow&)>& on_row);

 private:
  SweepRequest request_;
  std::vector<FamilyMember> members_;
  SweepCheckpoint saved_;
};

// A whole sweep with one SolveEngine made from `options` (MemberEngine): Python's
// `seki.family_sweep`. A stop is rethrown as SolveEngine::Guarded words it (InputError naming the
// member, MemoryLimitError, or the interruption).
std::vector<SweepRow> SweepFamily(const SweepRequest& request, SolveEngineOptions options,
                                  const std::function<void(const SweepRow&)>& on_row,
                                  const std::function<void(const std::string&)>& notice);

}  // namespace seki
