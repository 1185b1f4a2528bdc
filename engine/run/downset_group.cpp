// A split down-set pass over the ranks of a RunGroup.
#include "engine/run/downset_group.hpp"

#include <cstring>
#include <stdexcept>
#include <vector>

#include "storage/kill_point.hpp"

namespace seki {

void GroupDownsetRanks::Shift(std::span<const std::uint8_t> up, bool send,
                              std::span<std::uint8_t> down, bool receive) {
  // The bytes as 64-bit records, padded: all to rank + 1, none to the others.
  std::vector<PushRecord> records(send ? (up.size() + 7) / 8 : 0, 0);
  if (send && !up.empty()) std::memcpy(records.data(), up.data(), up.size());
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(size()), 0);
  if (send) counts[static_cast<std::size_t>(rank() + 1)] = records.size();
  const std::vector<PushRecord> in = group_.Exchange(records, counts);
  if (!receive) return;
  if (in.size() * 8 < down.size())
    throw std::runtime_error("down-set boundary: fewer bytes came from the rank below than due");
  if (!down.empty()) std::memcpy(down.data(), in.data(), down.size());
}

std::uint64_t GroupDownsetRanks::Max(std::uint64_t value) {
  return static_cast<std::uint64_t>(group_.MaxAll(static_cast<double>(value)));
}

void GroupDownsetRanks::Saved(std::uint64_t count) {
  group_.Barrier();
  KillPoint("downset-checkpoint", static_cast<int>(count), rank());
}

}  // namespace seki
