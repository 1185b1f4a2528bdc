// GroupDownsetRanks: the ranks of a RunGroup (engine/run/run_group.hpp: one process, or MPI ranks
// through engine/distributed) as the DownsetRanks of a split down-set pass
// (engine/solve/downset_ranks.hpp): the boundary layer goes to the next rank through the group's
// record exchange, maxima through MaxAll (exact below 2^53: bytes, flags, positions), and the
// checkpoint hook is the kill point "downset-checkpoint" (storage/kill_point.hpp).
// Concurrency: as DownsetRanks; the group is used by the thread that runs the pass only.
#pragma once

#include "engine/run/run_group.hpp"
#include "engine/solve/downset_ranks.hpp"

namespace seki {

class GroupDownsetRanks final : public DownsetRanks {
 public:
  explicit GroupDownsetRanks(const RunGroup& group) : group_(group) {}

  int rank() const override { return group_.rank(); }
  int size() const override { return group_.size(); }
  void Shift(std::span<const std::uint8_t> up, bool send, std::span<std::uint8_t> down,
             bool receive) override;
  std::uint64_t Max(std::uint64_t value) override;
  void Saved(std::uint64_t count) override;

 private:
  const RunGroup& group_;
};

}  // namespace seki
