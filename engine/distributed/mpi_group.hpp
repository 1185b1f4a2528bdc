// MpiGroup: the Ranks of an MPI job (MPI_COMM_WORLD; a build with MPI): each collective of
// engine/base/ranks.hpp as one MPI call (Allreduce, Allgather, Alltoall(v), Gather(v), Barrier,
// Abort). What the level engine and the down-set pass do with them is theirs
// (engine/run/level_ranks.hpp, engine/solve/downset_ranks.hpp).
// Concurrency: see launch.hpp; every member that is collective blocks until all ranks have called
// it, in the same order.
#pragma once

#include <cstdint>

#include "engine/distributed/launch.hpp"

namespace seki {

// n as an MPI count (an int); throws std::runtime_error naming `what` for more than 2^31 - 1.
int MpiCount(std::uint64_t n, const char* what);

class MpiGroup final : public Ranks {
 public:
  MpiGroup();            // MPI_Init_thread; throws InputError for more than 256 ranks
  ~MpiGroup() override;  // MPI_Finalize
  MpiGroup(const MpiGroup&) = delete;
  MpiGroup& operator=(const MpiGroup&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void SumAll(std::span<std::uint64_t> values) const override;
  double MaxAll(double value) const override;
  std::vector<std::uint64_t> AllGather(std::span<const std::uint64_t> values) const override;
  std::vector<std::uint64_t> Exchange(const std::vector<std::uint64_t>& words,
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
