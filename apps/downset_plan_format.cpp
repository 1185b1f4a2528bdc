// `seki plan --matrix A` as text.
#include "apps/downset_plan_format.hpp"

#include <fmt/format.h>

#include "apps/live_line.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/memory_limit.hpp"

namespace seki::cli {

namespace {

std::string BytesOrDash(double bytes) { return bytes > 0 ? HumanBytes(bytes) : "-"; }

std::string Fits(const DownsetPlacement& p) {
  if (p.capacity == 0) return "-";
  return p.fits ? "yes" : "no";
}

std::string Time(const DownsetPlacement& p) {
  if (p.seconds < 0) return "not measured: no GPU";
  return HumanDuration(p.seconds);
}

}  // namespace

std::string FormatDownsetPlanTable(const DownsetPlan& p) {
  std::string out = fmt::format("{:<36} {:>6} {:>10}\n", "memory", "passes", "bytes");
  for (const DownsetMemory& m : p.memories)
    out += fmt::format("{:<36} {:>6} {:>10}\n", m.name, m.passes, HumanBytes(m.bytes));
  out += '\n';
  out += fmt::format("{:<26} {:>10} {:>4} {:>13} {:>11} {:>10} {:>11} {:>20}  {}\n", "where",
                     "bytes each", "fits", "boundary/slab", "sent in all", "disk", "read+written",
                     "time", "memory");
  for (const DownsetPlacement& x : p.placements)
    out += fmt::format("{:<26} {:>10} {:>4} {:>13} {:>11} {:>10} {:>11} {:>20}  {}\n", x.where,
                       HumanBytes(x.bytes_each), Fits(x), BytesOrDash(x.boundary_bytes),
                       BytesOrDash(x.sent_bytes), BytesOrDash(x.disk_bytes),
                       BytesOrDash(x.read_bytes + x.written_bytes), Time(x), x.memory);
  return out;
}

std::string FormatDownsetPlanSummary(const DownsetPlan& p) {
  const DownsetPlanRequest& q = p.request;
  const DownsetPlacement& one = p.placements.front();
  std::string out = fmt::format(
      "plan down-set of {}: {:.3g} matrices below it ({} digits, {} slabs of {:.3g}); one "
      "process under the memory limit {}{} uses {} ({}{}{}), about {} on {} thread{}\n",
      FormatMatrix(q.matrix), p.matrices, p.digits, p.slabs, p.matrices / p.slabs,
      HumanBytes(q.memory_limit),
      q.memory_limit == DefaultMemoryLimitBytes() ? " (the default)" : "", one.memory,
      HumanBytes(one.bytes_each),
      one.disk ? ", and " + HumanBytes(one.disk_bytes) + " of disk" : std::string(),
      one.fits ? "" : ": does not fit, the solve is refused", HumanDuration(one.seconds), q.threads,
      q.threads == 1 ? "" : "s");
  out += fmt::format(
      "time: {:.3g} matrices per thread-second a pass, the down-set rate measured on this machine "
      "(6x6 every entry 7, 6.87e10 matrices in 129.6 s of user CPU time, docs/performance.md; "
      "3m49s wall on 2 threads of a shared machine: the times here assume threads nobody shares); "
      "one game a pass makes two passes\n",
      q.matrices_per_thread_second);
  out += fmt::format(
      "orbits: {}; the pass by orbits runs in memory, in one process, without --scratch "
      "(--plain-pass: never); its time is the plain pass's a matrix times "
      "{} a value (docs/search/downset-orbits.md)\n",
      p.orbit_layout, kMeasuredOrbitValueCost);
  out += fmt::format(
      "disk: the ring on disk (--scratch DIR) reads at {}/s and writes at {}/s, {}{}; its time "
      "includes the I/O (overlapped with three buffers in memory; with two, the reads wait)\n",
      HumanBytes(q.disk_read), HumanBytes(q.disk_write),
      q.disk_measured ? "measured in the scratch directory"
                      : "measured on this project's machine (docs/performance/solve.md)",
      q.disk_free > 0 ? ", " + HumanBytes(q.disk_free) + " free there" : std::string());
  if (q.ranks > 1)
    out += fmt::format(
        "ranks: `mpirun -np R seki solve --engine downset` splits every slab by one digit of {} "
        "values (docs/distributed/downset.md), each rank sending the next its top layer after "
        "every "
        "level; memory and bytes are the solve's, the times a MODEL, not measured (the rate "
        "above times the ranks, the bytes at {:.3g} bytes/s, assumed), ignoring the imbalance of "
        "the first and last levels and the wait after every level\n",
        p.split_radix, q.bandwidth);
  return out;
}

}  // namespace seki::cli
