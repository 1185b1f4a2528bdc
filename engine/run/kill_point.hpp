// KillPoint: fault injection for the kill-and-resume tests of runs and checks. With
// SEKI_KILL_AT=<point>:<level> in the environment the process kills itself with SIGKILL when it
// reaches that point at that level, as an outside kill would; without it, nothing happens.
#pragma once

#include <csignal>
#include <cstdlib>
#include <string>
#include <string_view>

namespace seki {

inline void KillPoint(std::string_view point, int level) {
  static const char* target = std::getenv("SEKI_KILL_AT");
  if (target && std::string(target) == std::string(point) + ":" + std::to_string(level))
    std::raise(SIGKILL);
}

}  // namespace seki
