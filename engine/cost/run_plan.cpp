// The cost model of a run on P ranks (see run_plan.hpp and docs/distributed/cost-model.md).
#include "engine/cost/run_plan.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/level/class_count.hpp"
#include "engine/run/memory_budget.hpp"
#include "storage/level.hpp"

namespace seki {

RunPlan PlanRun(const PlanRequest& q) {
  EnumerationSpace space;
  try {
    space = EnumerationSpace::Make(q.rows, q.cols, q.max_entry, q.max_sum);
  } catch (const std::invalid_argument& e) {
    throw InputError("plan", e.what());
  }
  if (q.ranks < 1 || q.ranks > kShardCount)
    throw InputError("--ranks", "must be 1.." + std::to_string(kShardCount));
  if (q.threads < 1) throw InputError("--threads", "must be positive");
  if (q.classes_per_thread_second < 0) throw InputError("--rate", "must be positive");
  if (!(q.bandwidth > 0)) throw InputError("--bandwidth", "must be positive");

  RunPlan plan;
  plan.request = q;
  if (q.classes_per_thread_second == 0)  // not given: the measured rate of the engine it needs
    plan.request.classes_per_thread_second =
        space.WideRecords() ? kMeasuredWideClassesPerThreadSecond : kMeasuredClassesPerThreadSecond;
  plan.max_entry = space.max_entry, plan.max_sum = space.max_sum;
  plan.key_bits = space.KeyBits();
  plan.wide_engine = plan.key_bits > 56;
  plan.needs_wide_keys = plan.key_bits > 64;
  const std::vector<std::uint64_t> counts =
      ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum);
  plan.classes = counts[0];
  std::uint64_t total = 0;
  for (std::uint64_t c : counts) total += c;
  plan.lists = ResolveLists(q.lists, total);
  const double off_rank = double(q.ranks - 1) / q.ranks;
  const double record_words = space.RecordWords();
  const double rate = plan.request.classes_per_thread_second;
  const double workers = double(q.ranks) * q.threads;
  LevelParts parted;
  if (q.memory_limit > 0) {
    std::vector<double> whole(counts.size(), 0);
    for (int s = 1; s <= space.max_sum; ++s)
      whole[s] = LevelBytesEstimate(space, counts, s, q.outcomes, false, q.ranks, Device::kCpu,
                                    plan.lists);
    parted = PlanLevelParts(space, counts, whole, q.outcomes, q.memory_limit, 0,
                            !space.WideRecords(), 0, PartKeeping::kReadAgain, q.ranks, plan.lists);
  }
  for (int s = 1; s <= space.max_sum; ++s) {
    PlanLevel l;
    l.sum = s;
    l.classes = counts[s];
    l.records = LevelBuilder::PushRecords(space, counts[s - 1]);
    l.exchanged_bytes = l.records * off_rank * sizeof(PushRecord) * record_words;
    l.root_extra_bytes =
        CatalogueBytesEstimate(space, counts[s], q.outcomes, false, q.ranks, plan.lists);
    l.bytes_per_rank =
        LevelBytesEstimate(space, counts, s, q.outcomes, false, q.ranks, Device::kCpu, plan.lists) -
        l.root_extra_bytes;
    l.seconds = double(l.classes) / (rate * workers) + l.exchanged_bytes / q.ranks / q.bandwidth;
    if (q.memory_limit > 0) {
      l.parts = parted.parts[s];
      l.bytes_per_rank = parted.bytes[s] - l.root_extra_bytes;
      if (l.parts > 0) l.seconds *= kMeasuredPartsSlowdown;
      plan.fits = plan.fits && parted.bytes[s] <= q.memory_limit;
      if (l.parts > 0 && plan.first_parted_level == 0) plan.first_parted_level = s;
      plan.most_parts = std::max(plan.most_parts, l.parts);
    }
    const double saved = double(counts[s - 1]) + (s >= 2 ? double(counts[s - 2]) : 0.0);
    l.disk_bytes =
        kMeasuredLevelFileBytesPerClass * (saved + (l.parts > 0 ? double(l.classes) : 0));
    plan.peak_disk_bytes = std::max(plan.peak_disk_bytes, l.disk_bytes);
    plan.classes += l.classes;
    plan.records += l.records;
    plan.exchanged_bytes += l.exchanged_bytes;
    plan.seconds += l.seconds;
    if (l.bytes_per_rank + l.root_extra_bytes > plan.peak_bytes_per_rank)
      plan.peak_bytes_per_rank = l.bytes_per_rank + l.root_extra_bytes, plan.peak_level = s;
    plan.levels.push_back(l);
  }
  return plan;
}

nlohmann::json PlanJson(const RunPlan& p) {
  nlohmann::json levels = nlohmann::json::array();
  for (const PlanLevel& l : p.levels)
    levels.push_back({{"sum", l.sum},
                      {"classes", l.classes},
                      {"records", l.records},
                      {"exchanged_bytes", l.exchanged_bytes},
                      {"bytes_per_rank", l.bytes_per_rank},
                      {"root_extra_bytes", l.root_extra_bytes},
                      {"parts", l.parts},
                      {"disk_bytes", l.disk_bytes},
                      {"seconds", l.seconds}});
  const PlanRequest& q = p.request;
  return {{"rows", q.rows},
          {"cols", q.cols},
          {"max_entry", p.max_entry},
          {"max_sum", p.max_sum},
          {"ranks", q.ranks},
          {"threads", q.threads},
          {"outcomes", q.outcomes},
          {"lists", CatalogueListsName(p.lists)},
          {"classes_per_thread_second", q.classes_per_thread_second},
          {"bandwidth_bytes_per_second", q.bandwidth},
          {"key_bits", p.key_bits},
          {"wide_engine", p.wide_engine},
          {"needs_128_bit_keys", p.needs_wide_keys},
          {"classes", p.classes},
          {"records", p.records},
          {"exchanged_bytes", p.exchanged_bytes},
          {"peak_bytes_per_rank", p.peak_bytes_per_rank},
          {"peak_level", p.peak_level},
          {"memory_limit", q.memory_limit},
          {"fits", p.fits},
          {"first_parted_level", p.first_parted_level},
          {"most_parts", p.most_parts},
          {"peak_disk_bytes", p.peak_disk_bytes},
          {"seconds", p.seconds},
          {"levels", levels}};
}

}  // namespace seki
