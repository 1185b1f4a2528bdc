// Byte sizes, the default memory limit and the per-level memory estimate.
#include "engine/run/memory_budget.hpp"

#include <cstdio>
#include <exception>

#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_level_engine.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/run/host.hpp"

namespace seki {

std::uint64_t ParseByteSize(const std::string& text, const std::string& option) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    throw InputError(option, "'" + text + "' is not a size such as 8G, 512M or 1073741824");
  }
  const std::string suffix = text.substr(used);
  double scale = 1;
  if (suffix == "K" || suffix == "k")
    scale = 1024.0;
  else if (suffix == "M" || suffix == "m")
    scale = 1024.0 * 1024;
  else if (suffix == "G" || suffix == "g")
    scale = 1024.0 * 1024 * 1024;
  else if (suffix == "T" || suffix == "t")
    scale = 1024.0 * 1024 * 1024 * 1024;
  else if (!suffix.empty())
    throw InputError(option, "'" + text + "' has an unknown unit (use K, M, G or T)");
  if (!(value > 0)) throw InputError(option, "'" + text + "' must be positive");
  return static_cast<std::uint64_t>(value * scale);
}

std::uint64_t ParseMemoryLimit(const std::string& text, const std::string& option) {
  return text.empty() ? 0 : ParseByteSize(text, option);
}

std::string FormatGib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
  return text;
}

double LevelBytesEstimate(const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                          int sum, bool outcomes, bool generate_only, int ranks, Device device,
                          CatalogueLists lists) {
  const double below = double(counts[sum - 1]), here = double(counts[sum]);
  const auto share = [&](std::uint64_t n) { return (n + ranks - 1) / ranks; };
  const double build =
      device != Device::kCpu ? gpu::ThrustHostPeakBytes(space, device, counts[sum - 1], counts[sum])
      : generate_only        ? 9 * below + 17 * here
                      : LevelBuilder::PeakBytes(space, share(counts[sum - 1]), share(counts[sum]));
  const double exchange =
      ranks > 1 ? 2 * LevelBuilder::BatchRecordBytes(space, share(counts[sum - 1])) : 0;
  return build + exchange +
         CatalogueBytesEstimate(space, counts[sum], outcomes, generate_only, ranks, lists);
}

PartKeeping RunPartKeeping(PartKeeping keeping, int ranks, bool outcomes, CatalogueLists lists) {
  if (ranks > 1) return keeping == PartKeeping::kInMemory ? keeping : PartKeeping::kFiles;
  if (keeping == PartKeeping::kReadAgain && !outcomes && lists == CatalogueLists::kComplete)
    return PartKeeping::kOnDisk;
  return keeping;
}

double PartedLevelBytes(const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                        int sum, int parts, bool below_whole, bool outcomes, PartKeeping keeping,
                        int ranks, CatalogueLists lists) {
  keeping = RunPartKeeping(keeping, ranks, outcomes, lists);
  const auto share = [ranks](std::uint64_t n) { return (n + ranks - 1) / ranks; };
  const std::uint64_t parents = share(counts[sum - 1]), classes = share(counts[sum]);
  const double take = CatalogueBytesEstimate(space, counts[sum], outcomes, false, ranks, lists);
  const double exchange = ranks > 1 ? 2 * LevelBuilder::BatchRecordBytes(space, parents) : 0;
  return LevelBuilder::PartedPeakBytes(space, parents, classes, parts, below_whole, keeping) +
         exchange + take;
}

LevelParts PlanLevelParts(const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                          const std::vector<double>& whole, bool outcomes, double limit, int forced,
                          bool may_part, double reserve, PartKeeping keeping, int ranks,
                          CatalogueLists lists) {
  LevelParts plan{std::vector<int>(counts.size(), 0), whole};
  bool in_parts = false;
  for (std::size_t s = 1; s < counts.size(); ++s) {
    const std::uint64_t parents = (counts[s - 1] + ranks - 1) / ranks;
    // Besides the level's estimate: what the process holds anyway, and the push buffers' capacity
    // kept from the level before (up to twice a batch on each side of the check: measured 0.19-0.27
    // GiB beside levels in parts of 4x4 <= 5, whose batches are 64 MiB).
    const double room = limit - reserve - 4 * LevelBuilder::BatchRecordBytes(space, parents);
    // A level built whole also has beside it what the level loop holds while the level below is
    // being written (the persist overlaps the build): measured up to 11 bytes a class of the
    // level below (kWholeLevelOverheadPerParent).
    const double whole_need = plan.bytes[s] + kWholeLevelOverheadPerParent * double(parents);
    if (!may_part || (!in_parts && forced == 0 && whole_need <= room)) continue;
    const auto parted = [&](int p) {
      return PartedLevelBytes(space, counts, static_cast<int>(s), p, !in_parts, outcomes, keeping,
                              ranks, lists);
    };
    int parts = forced > 0 ? forced : 1;
    while (forced == 0 && parts < kMaxLevelParts && parted(parts) > room) ++parts;
    plan.parts[s] = parts;
    plan.bytes[s] = parted(parts);
    in_parts = true;
  }
  return plan;
}

int FitLevelParts(LevelParts& plan, int sum, double in_use, double limit,
                  const EnumerationSpace& space, const std::vector<std::uint64_t>& counts,
                  bool below_whole, bool outcomes, PartKeeping keeping, int ranks,
                  CatalogueLists lists) {
  int& parts = plan.parts[static_cast<std::size_t>(sum)];
  double& bytes = plan.bytes[static_cast<std::size_t>(sum)];
  while (parts > 0 && parts < kMaxLevelParts && bytes + in_use > limit)
    bytes =
        PartedLevelBytes(space, counts, sum, ++parts, below_whole, outcomes, keeping, ranks, lists);
  return parts;
}

double CatalogueBytesEstimate(const EnumerationSpace& space, std::uint64_t classes, bool outcomes,
                              bool generate_only, int ranks, CatalogueLists lists) {
  if (generate_only) return 0;
  if (ranks == 1 || (lists == CatalogueLists::kComplete && !outcomes))
    return CatalogueWriter::HeldBytesBound(space, outcomes, classes);
  return (16.0 + (outcomes ? 48.0 : 0.0)) * double(classes);
}

}  // namespace seki
