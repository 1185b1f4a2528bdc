// Counts, bytes and durations as the messages and live lines print them.
#include "engine/base/human_units.hpp"

#include <algorithm>
#include <cstdio>

namespace seki {

std::string HumanCount(double x) {
  char text[32];
  if (x >= 1e9)
    std::snprintf(text, sizeof text, "%.2fG", x / 1e9);
  else if (x >= 1e6)
    std::snprintf(text, sizeof text, "%.2fM", x / 1e6);
  else if (x >= 1e3)
    std::snprintf(text, sizeof text, "%.1fk", x / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f", x);
  return text;
}

std::string HumanBytes(double bytes) {
  char text[32];
  if (bytes >= double(1 << 30))
    std::snprintf(text, sizeof text, "%.2f GiB", bytes / double(1 << 30));
  else if (bytes >= double(1 << 20))
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / double(1 << 20));
  else
    std::snprintf(text, sizeof text, "%.1f KiB", bytes / 1024);
  return text;
}

std::string HumanDuration(double seconds) {
  char text[32];
  const long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, (s / 60) % 60);
  else if (s >= 60)
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%.1fs", seconds);
  return text;
}

double SecondsLeft(double done, double total, double elapsed, double done_at_start) {
  const double rate = elapsed > 0 ? (done - done_at_start) / elapsed : 0;
  return rate > 0 ? std::max(0.0, total - done) / rate : -1;
}

}  // namespace seki
