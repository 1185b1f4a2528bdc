// One level across ranks: push the owned parents in batches, exchange the records for other ranks'
// shards after each batch, absorb what arrives and the rank's own records into the owned shards'
// tables, finish the shards.
#include "engine/run/level_ranks.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "storage/kill_point.hpp"

namespace seki {

namespace {

using ShardCounts = std::array<std::uint64_t, kShardCount>;

// Moves the records the threads' buckets hold for other ranks' shards into one buffer ordered by
// shard, hence by destination rank (ranks own contiguous blocks); returns the records per shard
// (all of them, the rank's own included). The records of the owned shards stay in the buckets,
// which keep their capacity.
std::vector<PushRecord> PackForOthers(tbb::enumerable_thread_specific<ShardBuckets>& buckets,
                                      ShardRange mine, ShardCounts& counts) {
  tbb::parallel_for(0, kShardCount, [&](int s) {
    counts[s] = 0;
    for (const ShardBuckets& b : buckets) counts[s] += b[s].size();
  });
  const auto sent = [&](int s) { return mine.Contains(s) ? 0 : counts[s]; };
  ShardCounts offsets{};
  for (int s = 1; s < kShardCount; ++s) offsets[s] = offsets[s - 1] + sent(s - 1);
  std::vector<PushRecord> out(offsets[kShardCount - 1] + sent(kShardCount - 1));
  tbb::parallel_for(0, kShardCount, [&](int s) {
    if (mine.Contains(s)) return;
    std::uint64_t at = offsets[s];
    for (ShardBuckets& b : buckets) {
      std::copy(b[s].begin(), b[s].end(), out.begin() + static_cast<std::ptrdiff_t>(at));
      at += b[s].size();
      b[s].clear();
    }
  });
  return out;
}

}  // namespace

BuildHooks RankHooks(const Ranks& ranks, std::atomic<std::uint64_t>* parents_done,
                     const std::atomic<bool>* stop) {
  if (ranks.size() > 1) return {};  // progress is counted after each exchange; a stop waits
  return {parents_done, stop};
}

Level BuildOwnedShards(const Ranks& ranks, const LevelBuilder& builder, const Level& previous,
                       std::atomic<std::uint64_t>& parents_done) {
  if (ranks.size() == 1) return builder.Next(previous);
  const ShardRange mine = OwnedShards(ranks);
  const int owned_shards = mine.last - mine.first;
  // Every rank takes part in every exchange, so all use the largest rank's number of batches.
  const int batches =
      static_cast<int>(ranks.MaxAll(std::min(builder.PushBatches(previous.size()), owned_shards)));
  return BuildOwnedBatches(
      ranks, builder, previous.sum + 1, previous.key_words, batches, 1,
      [&](int batch, int of, tbb::enumerable_thread_specific<ShardBuckets>& buckets) {
        const int first = mine.first + batch * owned_shards / of;
        const int last = mine.first + (batch + 1) * owned_shards / of;
        builder.Push(previous, first, last, buckets);
        std::uint64_t parents = 0;
        for (int s = first; s < last; ++s) parents += previous.shards[s].values.size();
        return parents;
      },
      parents_done);
}

Level BuildOwnedBatches(const Ranks& ranks, const LevelBuilder& builder, int sum, int key_words,
                        int batches, int parts, const LevelBuilder::PushBatch& push,
                        std::atomic<std::uint64_t>& parents_done) {
  Level next;
  next.sum = sum;
  next.key_words = key_words;
  if (ranks.size() == 1) {
    builder.AssembleBatches(
        batches,
        [&](int batch, int of, tbb::enumerable_thread_specific<ShardBuckets>& buckets) {
          const std::uint64_t parents = push(batch, of, buckets);
          parents_done.fetch_add(parents, std::memory_order_relaxed);
          return parents;
        },
        parts, next);
    return next;
  }
  const int size = ranks.size(), rank = ranks.rank();
  const ShardRange mine = OwnedShards(ranks);
  // Tables only for the shards it gets; records are builder.space().RecordWords() words, and every
  // count below is of words.
  const std::unique_ptr<ShardAssembly> assembly = builder.Assembly(next.sum, parts);
  tbb::enumerable_thread_specific<ShardBuckets> buckets;
  std::vector<std::uint64_t> to(size), at(size);
  for (int batch = 0; batch < batches; ++batch) {
    std::uint64_t done[] = {push(batch, batches, buckets)};
    ShardCounts counts;
    std::vector<PushRecord> send = PackForOthers(buckets, mine, counts);
    // Every rank learns how many records each rank has for each shard: where each of its shards
    // lies in what it receives. A rank's records for its own shards skip the exchange: it absorbs
    // them from its buckets.
    const std::vector<std::uint64_t> all_counts = ranks.AllGather(counts);  // [rank][shard]
    for (int q = 0; q < size; ++q) {
      const ShardRange theirs = ShardBlock(q, size);
      to[q] = 0;
      if (q != rank)
        for (int s = theirs.first; s < theirs.last; ++s) to[q] += counts[s];
    }
    const std::vector<PushRecord> receive = ranks.Exchange(send, to);
    send = {};
    for (std::uint64_t q = 0, from = 0; q < std::uint64_t(size); ++q) {
      at[q] = from;
      if (int(q) != rank)
        for (int s = mine.first; s < mine.last; ++s) from += all_counts[q * kShardCount + s];
    }
    if (batch == 0) KillPoint("exchange", next.sum, rank);

    // From rank q, shard s starts after q's records for the owned shards before s.
    tbb::parallel_for(mine.first, mine.last, [&](int s) {
      for (int q = 0; q < size; ++q) {
        if (q == rank) {
          for (ShardBuckets& b : buckets) {
            assembly->Absorb(s, b[s].data(), b[s].size());
            b[s].clear();
          }
          continue;
        }
        std::uint64_t from = at[q];
        for (int t = mine.first; t < s; ++t) from += all_counts[q * kShardCount + t];
        assembly->Absorb(s, receive.data() + from, all_counts[q * kShardCount + s]);
      }
    });

    ranks.SumAll(done);
    parents_done.fetch_add(done[0], std::memory_order_relaxed);
  }
  buckets.clear();
  tbb::parallel_for(mine.first, mine.last, [&](int s) { assembly->Finish(s, next.shards[s]); });
  return next;
}

}  // namespace seki
