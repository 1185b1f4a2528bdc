// The one place a walk over levels chooses its level engine (engine/level/level_engine.hpp): the
// CPU engine (LevelBuilder), the thrust engine on a GPU or on the CPU (engine/gpu), or the CPU
// engine spread over the ranks of a Ranks (each rank builds its block of shards; the records
// between push and absorb cross ranks in the group's collective step). Runs and region checks
// make their engine here and drive it with the one level loop (engine/run/level_driver.hpp).
// Concurrency: one thread drives an engine; its calls are parallel inside.
#pragma once

#include <functional>
#include <memory>

#include "engine/level/level_engine.hpp"
#include "engine/level/parted_level_engine.hpp"
#include "engine/run/level_ranks.hpp"

namespace seki {

// Refuses a combination no engine runs, with one line naming the option: the thrust engine with
// keys over 56 bits or under mpirun (`device`), generation alone under mpirun (`solve` false),
// a space outside the thrust engine. Throws InputError.
void CheckLevelEngine(const EnumerationSpace& space, Device device, bool solve, const Ranks& group);

// The engine of a walk (after CheckLevelEngine). `hooks` count the parents done (on all ranks)
// and stop a build; under ranks a stop waits for the level's end, when the driver honours it.
std::unique_ptr<LevelEngine> MakeLevelEngine(const EnumerationSpace& space, Device device,
                                             bool solve, const Ranks& group, BuildHooks hooks);

// The CPU engine in parts (engine/level/parted_level_engine.hpp; solving, keys of at most 56 bits)
// on the ranks of a group: each rank keeps its own classes by groups and its own share of each
// part in `store`, the plan comes from the weights summed over the ranks, and a part is built by
// all ranks together (their records exchanged as for a level built whole); a part kept by some
// ranks but not all is built again. Under ranks a stop waits for the level's end. `on_disk`: one
// process leaves each level built in parts on disk (PartedLevelEngine).
std::unique_ptr<LevelEngine> MakePartedLevelEngine(const EnumerationSpace& space,
                                                   const Ranks& group, BuildHooks hooks,
                                                   std::function<int(int)> parts_of,
                                                   PartStore& store, bool on_disk = false);

}  // namespace seki
