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

void MemoryPartStore::Save(int sum, int part, int parts, std::vector<CompactPart> groups) {
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

std::vector<CompactPart> PartStore::LoadGroups(int sum, int parts,
                                               const std::vector<std::uint64_t>&) {
  throw std::logic_error("the groups of level " + std::to_string(sum) + " in " +
                         std::to_string(parts) + " parts cannot be read again from this store");
}

std::vector<GroupCount> PartStore::GroupCounts(int sum, int parts) {
  throw std::logic_error("the groups of level " + std::to_string(sum) + " in " +
                         std::to_string(parts) + " parts are not indexed by this store");
}

void PartedLevelEngine::LoadWindow(CompactLevel& window, const PartPlan& plan, int p, int parts) {
  std::vector<std::uint64_t> wanted;
  std::vector<std::size_t> at;
  for (std::size_t g = 0; g < window.parts.size(); ++g) {
    CompactPart& group = window.parts[g];
    if (!plan.Reaches(g, p)) {
      std::vector<CompactBlock>().swap(group.blocks);
    } else if (group.blocks.empty()) {
      wanted.push_back(group.group);
      at.push_back(g);
    }
  }
  ReturnFreedMemory();
  std::vector<CompactPart> loaded = store_.LoadGroups(window.sum, parts, wanted);
  for (std::size_t k = 0; k < at.size(); ++k) window.parts[at[k]] = std::move(loaded[k]);
}

HeldLevel PartedLevelEngine::NextHeld(HeldLevel& below) {
  const int sum = below.sum() + 1;
  const int parts = std::max(1, parts_of_(sum));
  if (!below.in_parts() && parts_of_(sum) <= 1) return HeldLevel(Next(below.whole));
  if (!below.in_parts()) {
    below = HeldLevel(GroupedLevel(below.sum(), {GroupsOf(space_, below.whole)}));
    ReturnFreedMemory();
  }
  // The level below on disk, where it cannot be read again a few groups at a time: read whole.
  if (below.on_disk() && (sharing_.build_part || !store_.Reloads(below.sum(), below.kept_parts)))
    LoadWhole(below);
  const PartPlan plan(space_, GroupCounts(below), parts, sharing_.combine);
  const std::uint64_t parents = sharing_.total ? sharing_.total(below.size()) : below.size();
  // One process whose store keeps the level below reads it again, part by part (the window):
  // the level below is freed now.
  const int below_parts = below.kept_parts;
  const bool stream =
      !sharing_.build_part && below_parts > 0 && store_.Reloads(below.sum(), below_parts);
  CompactLevel window;
  if (stream) {
    window.sum = below.sum();
    for (const CompactPart& group : below.grouped->parts)
      window.parts.emplace_back().group = group.group;
    below = HeldLevel();
    ReturnFreedMemory();
  }
  const CompactLevel& from = stream ? window : *below.grouped;
  // The save of the part built last, on a second thread beside the build of the next one.
  std::future<void> saving;
  const auto saved = [&saving] {
    if (saving.valid()) saving.get();
  };
  for (int p = 0; p < parts; ++p) {
    const bool kept = store_.Has(sum, p, parts);
    if (sharing_.all ? !sharing_.all(kept) : !kept) {
      if (stream) LoadWindow(window, plan, p, below_parts);
      std::shared_ptr<std::vector<CompactPart>> part;
      {
        const Level built = sharing_.build_part ? sharing_.build_part(builder_, from, plan, p)
                                                : builder_.NextPart(from, plan, p);
        part = std::make_shared<std::vector<CompactPart>>(GroupsOf(space_, built));
      }
      saved();
      saving = std::async(std::launch::async, [this, sum, p, parts, part] {
        store_.Save(sum, p, parts, std::move(*part));
      });
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
  window = CompactLevel();
  ReturnFreedMemory();
  if (on_disk_ && !sharing_.build_part && store_.Reloads(sum, parts)) {
    PartStore& store = store_;
    return OnDiskLevel(sum, parts, store.GroupCounts(sum, parts),
                       [&store, sum, parts](int p) { return store.Load(sum, p, parts); });
  }
  std::vector<std::vector<CompactPart>> groups(static_cast<std::size_t>(parts));
  tbb::parallel_for(0, parts, [&](int p) { groups[p] = store_.Load(sum, p, parts); });
  HeldLevel level(GroupedLevel(sum, std::move(groups)));
  level.kept_parts = parts;
  return level;
}

}  // namespace seki
