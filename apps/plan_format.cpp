// `seki plan` as text.
#include "apps/plan_format.hpp"

#include <fmt/format.h>

#include "engine/base/memory_limit.hpp"
#include "engine/run/memory_budget.hpp"

namespace seki::cli {

namespace {

std::string Duration(double seconds) {
  if (seconds < 120) return fmt::format("{:.1f} s", seconds);
  if (seconds < 7200) return fmt::format("{:.1f} min", seconds / 60);
  if (seconds < 172800) return fmt::format("{:.1f} h", seconds / 3600);
  return fmt::format("{:.1f} days", seconds / 86400);
}

}  // namespace

std::string FormatPlanTable(const RunPlan& p) {
  if (p.request.memory_limit > 0) {  // levels in parts: parts and disk instead of the exchange
    std::string out =
        fmt::format("{:>5} {:>16} {:>18} {:>6} {:>10} {:>10} {:>11}\n", "sum", "classes",
                    "records pushed", "parts", "GiB", "disk GB", "seconds");
    for (const PlanLevel& l : p.levels)
      out += fmt::format(
          "{:>5} {:>16} {:>18.0f} {:>6} {:>10.3f} {:>10.3f} {:>11.2f}\n", l.sum, l.classes,
          l.records, l.parts == 0 ? std::string("whole") : std::to_string(l.parts),
          (l.bytes_per_rank + l.root_extra_bytes) / (1 << 30), l.disk_bytes / 1e9, l.seconds);
    return out;
  }
  std::string out =
      fmt::format("{:>5} {:>16} {:>18} {:>15} {:>13} {:>13} {:>11}\n", "sum", "classes",
                  "records pushed", "exchanged GB", "GiB per rank", "+GiB rank 0", "seconds");
  for (const PlanLevel& l : p.levels)
    out += fmt::format("{:>5} {:>16} {:>18.0f} {:>15.3f} {:>13.3f} {:>13.3f} {:>11.2f}\n", l.sum,
                       l.classes, l.records, l.exchanged_bytes / 1e9, l.bytes_per_rank / (1 << 30),
                       l.root_extra_bytes / (1 << 30), l.seconds);
  return out;
}

std::string FormatPlanSummary(const RunPlan& p) {
  const PlanRequest& q = p.request;
  std::string out = fmt::format(
      "plan {}x{} entries<={} sum<={} on {} ranks x {} threads: {} classes, {:.0f} records "
      "pushed, {:.2f} GB exchanged, peak {} on rank 0 (level {}), about {}\n",
      q.rows, q.cols, p.max_entry, p.max_sum, q.ranks, q.threads, p.classes, p.records,
      p.exchanged_bytes / 1e9, FormatGib(p.peak_bytes_per_rank), p.peak_level, Duration(p.seconds));
  if (q.memory_limit > 0) {
    out +=
        p.first_parted_level == 0
            ? fmt::format("within --memory-limit {}: every level whole", FormatGib(q.memory_limit))
            : fmt::format(
                  "within --memory-limit {}: levels {} to {} in parts (at most {}); "
                  "{:.1f} GB of level files on disk at most",
                  FormatGib(q.memory_limit), p.first_parted_level, p.max_sum, p.most_parts,
                  p.peak_disk_bytes / 1e9);
    out += p.fits ? "\n" : "; does NOT fit even in 64 parts\n";
  }
  out += fmt::format(
      "model: {:.3g} classes per thread-second (measured, docs/performance.md), {:.3g} bytes/s "
      "per rank on the network; records are an upper bound (one per entry below the bound), and so "
      "is rank 0's catalogue part ({})\n",
      q.classes_per_thread_second, q.bandwidth,
      p.lists == CatalogueLists::kComplete && !q.outcomes
          ? "--lists complete: one batch of lines, as one process"
          : "--lists all: as if every class had lines");
  if (p.needs_wide_keys)
    out += fmt::format(
        "note: keys need {} bits ({} words a class): the wide level engine builds the levels, at "
        "a lower rate, with records of {} words\n",
        p.key_bits, (p.key_bits + 63) / 64, (p.key_bits + 63) / 64 + 1);
  else if (p.wide_engine)
    out += fmt::format(
        "note: keys need {} bits, more than fit a 64-bit record with its contribution byte: the "
        "wide level engine builds the levels, at a lower rate, with records of 2 words\n",
        p.key_bits);
  return out;
}

namespace {

double Gib(double bytes) { return bytes / (1 << 30); }

// "fits" or "does NOT fit: short by 12.34 GiB".
std::string Verdict(double need, double have) {
  return need <= have ? "fits" : fmt::format("does NOT fit: short by {}", FormatGib(need - have));
}

}  // namespace

std::string FormatDevicePlanTable(const DevicePlan& p) {
  std::string out =
      fmt::format("{:>5} {:>14} {:>9} {:>10} {:>11} {:>12} {:>10} {:>10}\n", "sum", "classes",
                  "GPU GiB", "host GiB", "checkpoint", "level file GB", "disk GiB", "seconds");
  for (const DevicePlanLevel& l : p.levels)
    out +=
        fmt::format("{:>5} {:>14} {:>9.2f} {:>10.2f} {:>11} {:>12.2f} {:>10.2f} {:>10.2f}\n", l.sum,
                    l.classes, Gib(l.gpu_bytes), Gib(l.host_bytes), l.checkpoint ? "yes" : "-",
                    l.level_file_bytes / 1e9, Gib(l.disk_bytes), l.seconds);
  return out;
}

std::string FormatDevicePlanSummary(const DevicePlan& p) {
  const DevicePlanRequest& q = p.request;
  const bool gpu = q.device == Device::kGpu;
  std::string out = fmt::format(
      "plan {}x{} entries<={} sum<={} on --device {}: {} classes, --checkpoint-every {}, --lists "
      "{}{}\n",
      q.rows, q.cols, p.max_entry, p.max_sum, DeviceName(q.device), p.classes, q.checkpoint.Text(),
      CatalogueListsName(p.lists),
      q.lists == ListsOption::kAuto
          ? fmt::format(" (auto: {} {} classes)",
                        p.classes <= kListAllUpToClasses ? "at most" : "more than",
                        kListAllUpToClasses)
          : "");
  if (gpu)
    out +=
        fmt::format("gpu memory: peak {} (level {}) on a card of {}: {}\n", FormatGib(p.peak_gpu),
                    p.peak_gpu_level, FormatGib(q.gpu_memory), Verdict(p.peak_gpu, q.gpu_memory));
  out += fmt::format(
      "host memory: peak {} (level {}) within the run's default limit of {} ({} of {}): {}\n",
      FormatGib(p.peak_host), p.peak_host_level, FormatGib(p.host_limit), DefaultMemoryPercent(),
      FormatGib(q.host_memory), Verdict(p.peak_host, p.host_limit));
  out += fmt::format(
      "disk: peak {} (after level {}: the two newest level files and the catalogues so far) of "
      "{}: {}; {:.1f} GB written in all\n",
      FormatGib(p.peak_disk), p.peak_disk_level, FormatGib(q.disk), Verdict(p.peak_disk, q.disk),
      p.written_bytes / 1e9);
  out += fmt::format(
      "catalogues: estimated at {:.3g} bytes a class (--lists {}, measured on 4x4 entries <= 3; "
      "other regions differ){}\n",
      p.lists == CatalogueLists::kAll ? kListAllBytesPerClass : kListCompleteBytesPerClass,
      CatalogueListsName(p.lists), q.outcomes ? ", plus one outcomes line a class" : "");
  out += fmt::format(
      "time: about {} at {:.3g} classes/s ({}); the host's catalogue and level-file writing is "
      "not included\n",
      Duration(p.seconds), p.classes_per_second,
      q.classes_per_second > 0 ? "given by --rate"
      : gpu ? "NOT measured by us: issue 24's reference, a 340-line CUDA program ran 4x4 <= 6 in "
              "144 s on one H100; the GPU time of this engine is not measured here"
            : "measured per thread on the CPU, docs/gpu.md, times --threads");
  std::string short_of;
  if (gpu && !p.FitsGpu()) short_of += ", GPU memory";
  if (!p.FitsHost()) short_of += ", host memory";
  if (!p.FitsDisk()) short_of += ", disk";
  out += p.Fits() ? "verdict: fits\n" : "verdict: does NOT fit (" + short_of.substr(2) + ")\n";
  return out;
}

}  // namespace seki::cli
