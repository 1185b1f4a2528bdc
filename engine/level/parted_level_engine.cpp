// The level engine in parts: build each part into the store, free the level below, load the level.
#include "engine/level/parted_level_engine.hpp"

#include <tbb/parallel_for.h>

#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/base/memory_limit.hpp"
#include "engine/level/level_parts.hpp"

namespace seki {

bool MemoryPartStore::Has(int sum, int part, int parts) {
  const std::lock_guard lock(mutex_);
  return kept_.contains({sum, part, parts});
}

void MemoryPartStore::Save(int sum, int part, int parts, const CompactPart& classes) {
  std::vector<CompactPart> groups = GroupsOf(space_, classes);
  const std::lock_guard lock(mutex_);
  kept_[{sum, part, parts}] = std::move(groups);
}

std::vector<CompactPart> MemoryPartStore::Load(int sum, int part, int parts) {
  const std::lock_guard lock(mutex_);
  const auto it = kept_.find({sum, part, parts});
  if (it == kept_.end())
    throw std::runtime_error("part " + std::to_string(part) + " of " + std::to_string(parts) +
                             " of level " + std::to_string(sum) + " is not kept");
  std::vector<CompactPart> groups = std::move(it->second);
  kept_.erase(it);
  return groups;
}

HeldLevel PartedLevelEngine::NextHeld(HeldLevel& below) {
  const int sum = below.sum() + 1;
  const int parts = std::max(1, parts_of_(sum));
  if (!below.in_parts() && parts_of_(sum) <= 1) return HeldLevel(Next(below.whole));
  if (!below.in_parts()) {
    below = HeldLevel(GroupedLevel(below.sum(), {GroupsOf(space_, below.whole)}));
    ReturnFreedMemory();
  }
  const CompactLevel& from = *below.grouped;
  const PartPlan plan(space_, from, parts, sharing_.combine);
  const std::uint64_t parents = sharing_.total ? sharing_.total(from.size()) : from.size();
  // The save of the part built last, on a second thread beside the build of the next one.
  std::future<void> saving;
  const auto saved = [&saving] {
    if (saving.valid()) saving.get();
  };
  for (int p = 0; p < parts; ++p) {
    const bool kept = store_.Has(sum, p, parts);
    if (sharing_.all ? !sharing_.all(kept) : !kept) {
      std::shared_ptr<const CompactPart> part;
      {
        const Level built = sharing_.build_part ? sharing_.build_part(builder_, from, plan, p)
                                                : builder_.NextPart(from, plan, p);
        part = std::make_shared<const CompactPart>(CompactFromLevel(built));
      }
      saved();
      saving = std::async(std::launch::async,
                          [this, sum, p, parts, part] { store_.Save(sum, p, parts, *part); });
    }
    ReturnFreedMemory();  // the part's tables and the part as a level
    // Progress: the parents' share of the parts done (a parent is read once for each part its
    // children reach).
    if (hooks_.parents_done)
      hooks_.parents_done->fetch_add(parents * (p + 1) / parts - parents * p / parts,
                                     std::memory_order_relaxed);
  }
  saved();
  below = HeldLevel();  // freed before the new level is loaded
  ReturnFreedMemory();
  std::vector<std::vector<CompactPart>> groups(static_cast<std::size_t>(parts));
  tbb::parallel_for(0, parts, [&](int p) { groups[p] = store_.Load(sum, p, parts); });
  return HeldLevel(GroupedLevel(sum, std::move(groups)));
}

}  // namespace seki
