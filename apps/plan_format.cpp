// `seki plan` as text.
#include "apps/plan_format.hpp"

#include <fmt/format.h>

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
  out += fmt::format(
      "model: {:.3g} classes per thread-second (measured, docs/performance.md), {:.3g} bytes/s "
      "per rank on the network; records are an upper bound (one per entry below the bound), and so "
      "is rank 0's catalogue part (as if every class had lines)\n",
      q.classes_per_thread_second, q.bandwidth);
  if (p.needs_wide_keys)
    out += fmt::format(
        "note: keys need {} bits ({} words a class): the wide level engine builds the levels, at "
        "a lower rate, with records of {} words\n",
        p.key_bits, (p.key_bits + 63) / 64, (p.key_bits + 63) / 64 + 1);
  else if (p.wide_engine)
    out += fmt::format(
        "note: keys need {} bits, more than fit a 64-bit record with its offer byte: the wide "
        "level engine builds the levels, at a lower rate, with records of 2 words\n",
        p.key_bits);
  return out;
}

}  // namespace seki::cli
