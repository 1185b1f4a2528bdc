// The two-group table of docs/go.md: one white and one black group in a liberty race (spec section
// 7), decided by the engine for every count of outside liberties of each (p for White, q for
// Black), of shared liberties s, with no eye, an eye for White alone, or one eye each (an eye for
// Black alone is the table of an eye for White with the colours swapped): who captures moving
// first, or seki.
// Concurrency: TwoGroupTableMarkdown uses an engine of its own.
#pragma once

#include <string>

#include "engine/base/outcome.hpp"
#include "engine/base/race.hpp"

namespace seki {

// The race of one white and one black group: s shared liberties, p and q outside liberties, e and
// f an eye of White resp. Black.
Race TwoGroupRace(int s, int p, int q, bool e, bool f);

// What happens in GO words, from SEKI's R (Black first) and C (White first): "B" Black captures
// whoever moves first, "W" White does, "1st" whoever moves first captures, "seki" (complete seki:
// "seki*"), "B|seki" Black first captures and White first gets a seki, "seki|W" the other way.
std::string TwoGroupCell(const Outcome& seki);

// The table as Markdown: for each eye case and each s from 0 to max, a grid of p (rows) by q
// (columns) from 0 to max; "" where a group would have no liberty.
std::string TwoGroupTableMarkdown(int max);

}  // namespace seki
