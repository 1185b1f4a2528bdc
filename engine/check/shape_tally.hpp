// ShapeTally: what the scan of one shape's levels gathers for a conjecture (engine/check/
// conjecture.hpp) — class counts by SEKI class, complete seki by height, the conjecture's own
// counts (ConjectureCounts, by name), the census, and the findings and listed classes as (key,
// values) in (sum, key) order — level by level, mergeable over shards and ranks, and saved by a
// check's checkpoint (engine/check/check_checkpoint.hpp).
// Concurrency: values; a tally is filled by one thread (each shard has its own) and merged after.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/matrix.hpp"
#include "engine/base/outcome.hpp"
#include "engine/census/census.hpp"
#include "engine/check/conjecture.hpp"
#include "engine/run/level_ranks.hpp"
#include "storage/wide_key.hpp"

namespace seki {

// A class (its ClassKey: one word up to 64 key bits, EnumerationSpace::key_words past that) with
// its values, as the tallies keep them.
using KeyedOutcome = std::pair<ClassKey, PackedOutcome>;

// The counts each conjecture reports besides the SEKI classes (ShapeReport::counts).
struct ConjectureCounts {
  std::uint64_t complete_seki = 0;             // 6.1, 6.2
  std::uint64_t prime_complete_seki = 0;       // 6.1
  std::uint64_t prime_complete_seki_idsm = 0;  // 6.1: of those, IDSMs
  std::uint64_t complete_dseki = 0;            // 6.9
  std::uint64_t prime_zero_one_idsms = 0;      // 6.9: prime (0,1)-IDSMs with s >= 2
  std::uint64_t prime_two_cycles = 0;          // 6.9: prime 2-cycles C_k, k >= 3
  std::uint64_t conforming_sums = 0;           // 6.9: direct sums of such blocks

  void Merge(const ConjectureCounts& o);
  // The counts conjecture c reports, named, in the report's order.
  std::vector<std::pair<std::string, std::uint64_t>> Named(Conjecture c) const;
  // The same counts as four slots ("extra" of the shape tally a check's checkpoint keeps,
  // ShapeTallyJson), and back.
  std::array<std::uint64_t, 4> Slots(Conjecture c) const;
  static ConjectureCounts FromSlots(Conjecture c, const std::array<std::uint64_t, 4>& slots);
};

struct ShapeTally {
  int last_sum = -1;  // -1: no level yet
  std::uint64_t classes = 0, examined = 0;
  std::array<std::array<std::uint64_t, 4>, 2> by_class{};  // [game][SekiClass] of examined
  std::array<std::uint64_t, kMaxEntry + 1> complete_by_height{};
  ConjectureCounts counts;
  std::vector<KeyedOutcome> findings;
  std::vector<KeyedOutcome> listed;  // Census::listed
  Census census;                     // the tables only
  double seconds = 0;                // building and scanning the levels so far, every session

  // Counts one class with no zero line (`key`: its `words` key words) and keeps it as a finding
  // or listed class when it is one. min_height_62: 6.2 lists complete seki of this height or more.
  void Examine(Conjecture c, const Matrix& a, const std::uint64_t* key, int words,
               PackedOutcome packed, int min_height_62);
  void Merge(const ShapeTally& t);  // the counts, the census tables and the seconds
};

// One tally from the tallies of parts of a level (shards or ranks): counts summed, findings and
// listed classes in key order, whatever the number of threads or ranks.
ShapeTally CombineTallies(const std::vector<ShapeTally>& parts);

// Rank 0 gets the tally of the whole level from every rank's tally of its shards (sent as one line
// of JSON each, the checkpoint's form); the other ranks get an empty tally. Collective.
ShapeTally GatherLevelTally(Conjecture c, const Ranks& group, const ShapeTally& mine);

// The tally as JSON (a checkpoint's "tally", one rank's line in GatherLevelTally) and back; the
// conjecture names the counts' slots. FromJson throws std::runtime_error for a document it did
// not write.
nlohmann::json ShapeTallyJson(Conjecture c, const ShapeTally& t);
ShapeTally ShapeTallyFromJson(Conjecture c, const nlohmann::json& j);

}  // namespace seki
