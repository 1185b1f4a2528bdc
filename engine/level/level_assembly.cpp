// The one-word level assembly: a hash table per shard (engine/level/level_assembly.hpp).
#include "engine/level/level_assembly.hpp"

#include <cmath>

namespace seki {

LevelAssembly::LevelAssembly(std::uint64_t expected_classes) : tables_(kShardCount) {
  // Shards get about expected / 256 keys each (a fixed hash); four standard deviations of slack
  // keep a table from growing, so it ends near its target load.
  const double per_shard = double(expected_classes) / kShardCount;
  capacity_ = static_cast<std::size_t>(per_shard + 4 * std::sqrt(per_shard) + 16);
}

void LevelAssembly::Absorb(int shard, const std::uint64_t* records, std::size_t count) {
  static_assert(kContributionBits == FlatKeyTable::kValueBits, "records are the table's words");
  if (count == 0) return;
  // A shard's table is made on its first records, so a process that absorbs only some shards
  // (a rank of a distributed run) holds tables for those alone.
  if (!tables_[shard]) tables_[shard] = std::make_unique<FlatKeyTable>(capacity_);
  tables_[shard]->InsertWordsOr(records, count);
}

void LevelAssembly::Finish(int shard, LevelShard& to) {
  if (!tables_[shard]) return;  // no records: an empty shard
  const std::vector<std::uint64_t> words = tables_[shard]->TakeSorted();
  tables_[shard].reset();
  to.keys.resize(words.size());
  to.values.resize(words.size());
  for (std::size_t k = 0; k < words.size(); ++k) {
    to.keys[k] = words[k] >> kContributionBits;
    to.values[k] = PackedOutcome{static_cast<std::uint8_t>(words[k] & 0xFF)};
  }
}

}  // namespace seki
