// MpiGroup: the DistributedGroup over MPI_COMM_WORLD (a build with MPI). Rank r owns the shards
// ShardBlock(r, size); per level BuildOwnedShards pushes the owned parents in batches of owned
// shards (a level in parts: BuildOwnedBatches, in batches of the rank's blocks), sends every record
// to the rank owning its shard with MPI_Alltoallv after each batch (so only one batch of records is
// in flight), absorbs what arrives and finishes its shards with oneTBB. Concurrency: see
// distributed_group.hpp; every member that is collective blocks until all ranks have called it, in
// the same order.
#pragma once

#include <cstdint>

#include "engine/distributed/distributed_group.hpp"

namespace seki {

// n as an MPI count (an int); throws std::runtime_error naming `what` for more than 2^31 - 1.
int MpiCount(std::uint64_t n, const char* what);

class MpiGroup final : public DistributedGroup {
 public:
  MpiGroup();            // MPI_Init_thread; throws InputError for more than 256 ranks
  ~MpiGroup() override;  // MPI_Finalize
  MpiGroup(const MpiGroup&) = delete;
  MpiGroup& operator=(const MpiGroup&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  BuildHooks Hooks(std::atomic<std::uint64_t>*, const std::atomic<bool>*) const override {
    return {};  // progress is counted after each exchange; a stop waits for the level's end
  }
  // level_exchange.cpp:
  Level BuildOwnedShards(const LevelBuilder& builder, const Level& previous,
                         std::atomic<std::uint64_t>& parents_done) const override;
  Level BuildOwnedBatches(const LevelBuilder& builder, int sum, int key_words, int batches,
                          int parts, const LevelBuilder::PushBatch& push,
                          std::atomic<std::uint64_t>& parents_done) const override;
  void SumAll(std::span<std::uint64_t> values) const override;
  double MaxAll(double value) const override;
  std::vector<std::uint64_t> AllGather(std::span<const std::uint64_t> values) const override;
  std::vector<PushRecord> Exchange(const std::vector<PushRecord>& records,
                                   std::span<const std::uint64_t> counts) const override;
  std::string GatherText(std::string text) const override;
  void Barrier() const override;
  std::uint64_t exchanged_bytes() const override { return exchanged_bytes_; }
  [[noreturn]] void Abort(int status) const override;

 private:
  int rank_ = 0, size_ = 1;
  mutable std::uint64_t exchanged_bytes_ = 0;
};

}  // namespace seki
