// The one wording of counts, bytes and durations in messages and live lines (1.23M, 18.83 GiB,
// 1m15s), and the one estimate of the time left, shared by the library's messages and the tool's
// progress lines.
// Concurrency: pure functions.
#pragma once

#include <string>

namespace seki {

// 1234567 -> "1.23M"; 1500 -> "1.5k".
std::string HumanCount(double x);
// 1536 -> "1.5 KiB"; 3 << 30 -> "3.00 GiB".
std::string HumanBytes(double bytes);
// 3.25 -> "3.2s"; 75 -> "1m15s"; 4000 -> "1h06m".
std::string HumanDuration(double seconds);

// The time left of every walk's progress line (a run's or check's levels, a down-set pass's
// matrices): `total` - `done` units at the rate of this session, (`done` - `done_at_start`) in
// `elapsed` seconds; negative when there is no rate yet.
double SecondsLeft(double done, double total, double elapsed, double done_at_start = 0);

}  // namespace seki
