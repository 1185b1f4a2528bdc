// One level across ranks: push the owned parents in batches, exchange the records for other ranks'
// shards with MPI_Alltoallv after each batch, absorb what arrives and the rank's own records into
// the owned shards' tables, finish the shards.
#include <mpi.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <vector>

#include "engine/distributed/mpi_group.hpp"
#include "storage/kill_point.hpp"

namespace seki {

namespace {

using ShardCounts = std::array<std::uint64_t, kShardCount>;
constexpr const char* kWhat = "record exchange of one batch";

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
  const auto sent = [&](int s) { return s >= mine.first && s < mine.last ? 0 : counts[s]; };
  ShardCounts offsets{};
  for (int s = 1; s < kShardCount; ++s) offsets[s] = offsets[s - 1] + sent(s - 1);
  std::vector<PushRecord> out(offsets[kShardCount - 1] + sent(kShardCount - 1));
  tbb::parallel_for(0, kShardCount, [&](int s) {
    if (s >= mine.first && s < mine.last) return;
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

Level MpiGroup::BuildOwnedShards(const LevelBuilder& builder, const Level& previous,
                                 std::atomic<std::uint64_t>& parents_done) const {
  const ShardRange mine = owned();
  const int owned_shards = mine.last - mine.first;
  // Every rank takes part in every exchange, so all use the largest rank's number of batches.
  const int batches =
      static_cast<int>(MaxAll(std::min(builder.PushBatches(previous.size()), owned_shards)));
  return BuildOwnedBatches(
      builder, previous.sum + 1, previous.key_words, batches, 1,
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

Level MpiGroup::BuildOwnedBatches(const LevelBuilder& builder, int sum, int key_words, int batches,
                                  int parts, const LevelBuilder::PushBatch& push,
                                  std::atomic<std::uint64_t>& parents_done) const {
  Level next;
  next.sum = sum;
  next.key_words = key_words;
  const ShardRange mine = owned();
  // Tables only for the shards it gets; records are builder.space().RecordWords() words, and every
  // count below is of words.
  const std::unique_ptr<ShardAssembly> assembly = builder.Assembly(next.sum, parts);
  tbb::enumerable_thread_specific<ShardBuckets> buckets;
  std::vector<ShardCounts> all_counts(size_);  // [source rank][shard]: records of this batch
  std::vector<int> send_counts(size_), send_at(size_), receive_counts(size_), receive_at(size_);
  for (int batch = 0; batch < batches; ++batch) {
    std::uint64_t done[] = {push(batch, batches, buckets)};
    ShardCounts counts;
    std::vector<PushRecord> send = PackForOthers(buckets, mine, counts);

    // Every rank learns how many records each rank has for each shard: the message sizes and,
    // for the receiver, where each of its shards lies in what it receives.
    MPI_Allgather(counts.data(), kShardCount, MPI_UINT64_T, all_counts.data(), kShardCount,
                  MPI_UINT64_T, MPI_COMM_WORLD);
    // A rank's records for its own shards skip the exchange: it absorbs them from its buckets.
    std::uint64_t sent = 0, received = 0;
    for (int q = 0; q < size_; ++q) {
      const ShardRange theirs = ShardBlock(q, size_);
      std::uint64_t to = 0, from = 0;
      if (q != rank_) {
        for (int s = theirs.first; s < theirs.last; ++s) to += counts[s];
        for (int s = mine.first; s < mine.last; ++s) from += all_counts[q][s];
      }
      send_counts[q] = MpiCount(to, kWhat), send_at[q] = MpiCount(sent, kWhat);
      receive_counts[q] = MpiCount(from, kWhat), receive_at[q] = MpiCount(received, kWhat);
      sent += to, received += from;
    }
    std::vector<PushRecord> receive(received);
    MPI_Alltoallv(send.data(), send_counts.data(), send_at.data(), MPI_UINT64_T, receive.data(),
                  receive_counts.data(), receive_at.data(), MPI_UINT64_T, MPI_COMM_WORLD);
    exchanged_bytes_ += sent * sizeof(PushRecord);
    send = {};
    if (batch == 0) KillPoint("exchange", next.sum, rank_);

    // From rank q, shard s starts after q's records for the owned shards before s.
    tbb::parallel_for(mine.first, mine.last, [&](int s) {
      for (int q = 0; q < size_; ++q) {
        if (q == rank_) {
          for (ShardBuckets& b : buckets) {
            assembly->Absorb(s, b[s].data(), b[s].size());
            b[s].clear();
          }
          continue;
        }
        std::uint64_t at = static_cast<std::uint64_t>(receive_at[q]);
        for (int t = mine.first; t < s; ++t) at += all_counts[q][t];
        assembly->Absorb(s, receive.data() + at, all_counts[q][s]);
      }
    });

    SumAll(done);
    parents_done.fetch_add(done[0], std::memory_order_relaxed);
  }
  buckets.clear();
  tbb::parallel_for(mine.first, mine.last, [&](int s) { assembly->Finish(s, next.shards[s]); });
  return next;
}

}  // namespace seki
