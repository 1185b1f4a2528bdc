// Host facts from /proc and the C library.
#include "engine/run/host.hpp"

#include <sys/resource.h>
#include <tbb/info.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <thread>

#include "engine/base/input_error.hpp"

namespace seki {

nlohmann::json HostJson() {
  std::string cpu = "unknown";
  std::ifstream info("/proc/cpuinfo");
  for (std::string line; std::getline(info, line);)
    if (line.rfind("model name", 0) == 0) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
  return {{"cpu", cpu},
          {"cores", std::thread::hardware_concurrency()},
          {"memory_bytes", PhysicalMemoryBytes()}};
}

std::string NowIso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::uint64_t PeakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

std::uint64_t CurrentRssBytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGE_SIZE));
}

int ThreadsOption(int threads) {
  if (threads < 0) throw InputError("--threads", "must be 0 (all cores) or positive");
  return threads > 0 ? threads : tbb::info::default_concurrency();
}

}  // namespace seki
