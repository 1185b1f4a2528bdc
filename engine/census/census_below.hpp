// CensusBelow: every complete and semi-complete seki B <= A (entrywise, A's shape, no zero line),
// of SEKI and D-SEKI, each class once up to row/column permutation (its canonical form), with the
// number of seki and d-seki matrices (not classes) by height — taken in the one down-set pass of A
// (`seki census --below A`, Python's seki.census_below). CensusTaker is the pass's take phase
// (engine/solve/downset_take.hpp): the counts come from the tally of the pass's inner loop; only
// the blocks that hold a complete or semi-complete matrix are read, and each such matrix is put in
// canonical form; the matrices with no zero line are counted by inclusion and exclusion. What it
// holds is bounded by the classes found (bytes()), never by the box. Its state is saved with the
// pass's checkpoint; on ranks each rank takes its share and rank 0 merges (a sum of counts and a
// union of classes: the same census for any ranks or threads). Concurrency: Take is thread-safe
// (each worker counts into its own row, a mutex guards the merge of a marked block's classes);
// the rest is called by one thread, not while a pass runs.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/census/census.hpp"
#include "engine/run/level_ranks.hpp"
#include "engine/solve/downset_take.hpp"
#include "engine/solve/solve_engine.hpp"

namespace seki {

// One class found: its canonical form and its class in each game (kComplete, kSemiComplete, or
// kNone where it is neither complete nor semi-complete in that game).
struct BelowClass {
  Matrix matrix;
  std::array<SekiClass, 2> kind{};  // [game]
  friend bool operator==(const BelowClass&, const BelowClass&) = default;
};

struct CensusBelow {
  // The tables of the classes found, by height and sum (rows, cols: A's; max_entry, max_sum: A's
  // height and sum; classes: the classes found; starting: the matrices B <= A with no zero line;
  // below: A; source: the command).
  Census census;
  std::uint64_t matrices = 0;  // every B <= A, zero lines included
  // [game]: the seki (resp. d-seki) matrices B <= A with no zero line, by height.
  std::array<std::map<int, std::uint64_t>, 2> seki_matrices;
  std::vector<BelowClass> classes;  // by height, sum, then canonical form
  // The values of the matrices asked for (CensusTaker's points), in the order asked.
  std::vector<std::pair<Matrix, Solution>> values;
  std::uint64_t bytes = 0;  // what the census held at the end (the classes found)
  friend bool operator==(const CensusBelow&, const CensusBelow&) = default;
};

class CensusTaker final : public DownsetTake {
 public:
  // The census below a, and the values of `points` (starting positions B <= a entry by entry, in
  // a's row and column order: `seki census --below A --values-of B`), taken in the same pass.
  // Throws InputError("--values-of", ...) for a point that is not such a matrix.
  explicit CensusTaker(const Matrix& a, std::vector<Matrix> points = {});

  std::array<std::uint64_t, 256> Weights(DownsetMode mode, Game game) override;
  std::vector<std::uint64_t> Points(const DownsetLayout& layout) override;
  void Workers(int n) override;
  void Take(const DownsetTakeBlock& block) override;
  nlohmann::json Save() const override;
  void Restore(const nlohmann::json& state) override;

  // Adds a state saved by another taker of the same matrix (another rank's share).
  void Merge(const nlohmann::json& state);
  // On ranks after a pass split among `split` ranks: rank 0 merges every rank's share (the others
  // keep theirs); a pass that ran alone on each rank is whole on each already.
  void Gather(const Ranks& group, int split);
  std::uint64_t bytes() const;
  CensusBelow Result(const std::string& source) const;

 private:
  // seki_ with what every worker has counted since Workers.
  std::array<std::vector<std::uint64_t>, 2> Counts() const;

  const Matrix top_;
  mutable std::mutex mutex_;
  std::map<Matrix, std::array<SekiClass, 2>> classes_;
  std::array<std::vector<std::uint64_t>, 2> seki_;  // [game] by height
  // Each worker's counts, seki then d-seki by height, `stride_` apart (a cache line or more between
  // two workers' rows).
  std::vector<std::uint64_t> worker_counts_;
  std::size_t stride_ = 0;
  // Of each value of the pass (set by Weights before its workers start): its class in each game
  // where it is complete or semi-complete, else kNone.
  std::array<std::array<SekiClass, 2>, 256> listed_ = {};
  // The points asked for, their layout indices, and what the pass gave each: the PackedOutcome
  // bits and the games seen (bit g).
  std::vector<Matrix> points_;
  std::vector<std::uint64_t> point_index_;
  std::vector<std::uint8_t> point_bits_, point_games_;
};

// The census below a (a starting position) in one down-set pass with `options` (engine, memory
// limit, threads, checkpoint, resume, ranks, scratch; the engine is the down-set's, whatever the
// kind; `group`: the Ranks behind options.ranks, else null), with the values of `values_of`
// (CensusTaker's points). Throws as SolveEngine::Solve does
// (DownsetTooLarge, Stopped) and InputError for a matrix with a zero line.
CensusBelow TakeCensusBelow(const Matrix& a, SolveEngineOptions options, const std::string& source,
                            const Ranks* group = nullptr, std::vector<Matrix> values_of = {});

// JSON: {"tool" ({"name", "version", "commit"}), "below", "shape", "matrices", "starting", "census"
// (CensusJson), "seki_matrices" and "dseki_matrices" ([{"height", "matrices"}]), "classes"
// ([{"matrix", "height", "sum", "seki", "dseki"}], a game's class "complete", "semi-complete" or
// null), "values" (when points were asked: each as `seki solve --format json` writes it),
// "census_bytes"}.
nlohmann::ordered_json CensusBelowJson(const CensusBelow& c);
// Markdown (CensusMarkdown, then the matrices by height and every class) and LaTeX (CensusLatex,
// then the same two tables), each naming `command`.
std::string CensusBelowMarkdown(const CensusBelow& c, const std::string& command);
std::string CensusBelowLatex(const CensusBelow& c, const std::string& command);

}  // namespace seki
