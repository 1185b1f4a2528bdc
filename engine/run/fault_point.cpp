// SEKI_KILL_AT fault points.
#include "engine/run/fault_point.hpp"

#include <csignal>
#include <cstdlib>
#include <string>

namespace seki {

void FaultPoint(const char* point, int level, int rank) {
  static const char* target = std::getenv("SEKI_KILL_AT");
  if (!target) return;
  const std::string here = std::string(point) + ":" + std::to_string(level);
  if (target == here || target == here + "@" + std::to_string(rank)) std::raise(SIGKILL);
}

}  // namespace seki
