// Which seki a run lists (`seki enumerate --lists`): every seki (all), or only the complete and
// semi-complete ones, the other seki being counted by sum and height (complete). The default
// (auto) lists all of them for runs of at most kListAllUpToClasses classes and only the complete
// and semi-complete ones beyond: about 16 bytes of lists a class on 4x4 entries <= 3 (most of it
// d-seki), i.e. 16 GB at the threshold and nearly 1 TB for 4x4 entries <= 6.
// Concurrency: pure functions.
#pragma once

#include <cstdint>
#include <string>

#include "engine/level/catalogue.hpp"

namespace seki {

enum class ListsOption { kAuto, kAll, kComplete };

inline constexpr std::uint64_t kListAllUpToClasses = 1'000'000'000;

// "auto", "all" or "complete"; throws InputError naming `option` for anything else.
ListsOption ParseListsOption(const std::string& text, const std::string& option);
// The lists of a run of `classes` classes (all levels) under `option`.
CatalogueLists ResolveLists(ListsOption option, std::uint64_t classes);

}  // namespace seki
