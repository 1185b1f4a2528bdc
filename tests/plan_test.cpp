// `seki plan` and PlanRun (engine/cost/run_plan.hpp): the classes are Burnside's, the records and
// bytes exchanged follow the model (one record per cell, (P-1)/P of them off-rank, 8 bytes each),
// memory per rank shrinks with the ranks, and a run needing keys over 64 bits is modelled and
// marked rather than refused; bad options are one-line errors with exit status 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/base/input_error.hpp"
#include "engine/cost/run_plan.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/level/class_count.hpp"
#include "tests/seki_process.hpp"

namespace {

using seki::PlanRequest;
using seki::PlanRun;
using seki::RunPlan;

PlanRequest Request(int rows, int cols, int max_entry, int ranks, int threads = 1) {
  PlanRequest q;
  q.rows = rows, q.cols = cols, q.max_entry = max_entry, q.ranks = ranks, q.threads = threads;
  return q;
}

TEST(PlanTest, ClassesRecordsAndExchangeFollowTheModel) {
  const RunPlan p = PlanRun(Request(3, 3, 3, 4));
  const std::vector<std::uint64_t> burnside = seki::ClassCountsBySum(3, 3, 3, 27);
  ASSERT_EQ(p.levels.size(), 27u);
  EXPECT_EQ(p.classes, 8240u);  // the 3x3 entries <= 3 run's total
  for (const seki::PlanLevel& l : p.levels) {
    EXPECT_EQ(l.classes, burnside[l.sum]);
    EXPECT_DOUBLE_EQ(l.records, 9.0 * double(burnside[l.sum - 1]));
    EXPECT_DOUBLE_EQ(l.exchanged_bytes, l.records * 3 / 4 * 8);
  }
  EXPECT_FALSE(p.needs_wide_keys);
  EXPECT_EQ(p.key_bits, 18);
}

// On a level far larger than a push batch (4x4 <= 6, sum 48) each rank's share falls nearly as
// 1/P; rank 0's catalogue part does not with --lists all (one process streams its catalogue lines
// in batches of bounded size, CatalogueWriter::HeldBytesBound; rank 0 of several gathers the
// level's); with --lists complete (auto past 10^9 classes) it is one batch, as one process.
TEST(PlanTest, MoreRanksNeedLessMemoryAndTimeEach) {
  PlanRequest all = Request(4, 4, 6, 8);
  all.lists = seki::ListsOption::kAll;
  const RunPlan one = PlanRun(Request(4, 4, 6, 1)), eight = PlanRun(all);
  const RunPlan listed = PlanRun(Request(4, 4, 6, 8));
  EXPECT_EQ(listed.lists, seki::CatalogueLists::kComplete);
  EXPECT_DOUBLE_EQ(listed.levels[47].root_extra_bytes, one.levels[47].root_extra_bytes);
  const seki::PlanLevel &peak1 = one.levels[47], &peak8 = eight.levels[47];
  ASSERT_EQ(peak1.sum, 48);
  EXPECT_EQ(one.exchanged_bytes, 0.0);
  EXPECT_DOUBLE_EQ(eight.exchanged_bytes, one.records * 7 / 8 * 8);
  EXPECT_LT(peak8.bytes_per_rank, peak1.bytes_per_rank / 6);
  EXPECT_GT(peak8.bytes_per_rank, peak1.bytes_per_rank / 8);
  EXPECT_LT(eight.seconds, one.seconds / 4);
  EXPECT_DOUBLE_EQ(peak1.root_extra_bytes,
                   seki::CatalogueWriter::HeldBytesBound(seki::EnumerationSpace::Make(4, 4, 6, -1),
                                                         false, peak1.classes));
  EXPECT_DOUBLE_EQ(peak8.root_extra_bytes, 16.0 * double(peak8.classes));
}

TEST(PlanTest, WideKeysAreModelledAndMarked) {
  const RunPlan p = PlanRun(Request(6, 6, 2, 64, 16));
  EXPECT_TRUE(p.needs_wide_keys);
  EXPECT_EQ(p.key_bits, 72);
  EXPECT_EQ(p.max_sum, 72);
  EXPECT_GT(p.classes, 300000000000u);
  EXPECT_FALSE(PlanRun(Request(5, 5, 3, 16)).needs_wide_keys);  // 50 bits
  EXPECT_FALSE(PlanRun(Request(5, 5, 3, 16)).wide_engine);
  const RunPlan sixty = PlanRun(Request(3, 4, 20, 1));  // 60 bits: the wide engine, one process
  EXPECT_TRUE(sixty.wide_engine);
  EXPECT_FALSE(sixty.needs_wide_keys);
  EXPECT_TRUE(p.wide_engine);
}

// Within a memory limit one process builds the levels that do not fit whole in parts: the
// fewest parts whose estimate fits, every later level in parts too; the whole levels are the plan
// without a limit; disk holds the two saved levels and the parts being built.
TEST(PlanTest, MemoryLimitPlansLevelsInParts) {
  PlanRequest q = Request(4, 4, 6, 1, 2);
  const RunPlan whole = PlanRun(q);
  EXPECT_GT(whole.peak_bytes_per_rank, 50.0 * (1 << 30));
  q.memory_limit = 16.0 * (1 << 30);
  const RunPlan parted = PlanRun(q);
  EXPECT_TRUE(parted.fits);
  ASSERT_GT(parted.first_parted_level, 20);
  EXPECT_GE(parted.most_parts, 8);
  EXPECT_LE(parted.most_parts, 64);
  for (const seki::PlanLevel& l : parted.levels) {
    EXPECT_LE(l.bytes_per_rank + l.root_extra_bytes, q.memory_limit) << "sum " << l.sum;
    EXPECT_EQ(l.parts > 0, l.sum >= parted.first_parted_level) << "sum " << l.sum;
    if (l.parts == 0) {
      const seki::PlanLevel& same = whole.levels[static_cast<std::size_t>(l.sum - 1)];
      EXPECT_DOUBLE_EQ(l.bytes_per_rank, same.bytes_per_rank);
      EXPECT_DOUBLE_EQ(l.seconds, same.seconds);
    }
  }
  EXPECT_GT(parted.seconds, whole.seconds);
  EXPECT_LT(parted.peak_disk_bytes, 3 * 3.5 * 2861174065.0);
  q.memory_limit = 1.0 * (1 << 30);
  EXPECT_FALSE(PlanRun(q).fits);  // not even in 64 parts
  // On 4 ranks each rank builds its share of each part: 4x4 <= 6 fits 16 GiB a rank in at most 2
  // parts (--lists auto: complete). With --lists all rank 0 also holds the level's catalogue text
  // (16 bytes a class, an upper bound), which no part count lowers: it does not fit 16 GiB, and
  // fits 64 GiB with the levels past the peak in one part (the level below kept compact).
  q.ranks = 4;
  q.memory_limit = 16.0 * (1 << 30);
  const RunPlan ranks = PlanRun(q);
  EXPECT_TRUE(ranks.fits);
  EXPECT_LE(ranks.most_parts, 2);
  EXPECT_GT(ranks.first_parted_level, parted.first_parted_level);
  for (const seki::PlanLevel& l : ranks.levels)
    EXPECT_LE(l.bytes_per_rank + l.root_extra_bytes, q.memory_limit) << "sum " << l.sum;
  q.lists = seki::ListsOption::kAll;
  const RunPlan all = PlanRun(q);
  const std::size_t peak = static_cast<std::size_t>(whole.peak_level - 1);
  EXPECT_GT(all.levels[peak].root_extra_bytes, q.memory_limit);
  EXPECT_FALSE(all.fits);
  q.memory_limit = 64.0 * (1 << 30);
  const RunPlan roomy = PlanRun(q);
  EXPECT_TRUE(roomy.fits);
  EXPECT_EQ(roomy.most_parts, 1);
  EXPECT_EQ(roomy.first_parted_level, whole.peak_level);
}

TEST(PlanTest, BadRequestsAreInputErrors) {
  EXPECT_THROW(PlanRun(Request(3, 3, 3, 0)), seki::InputError);
  EXPECT_THROW(PlanRun(Request(3, 3, 3, 257)), seki::InputError);
  EXPECT_THROW(PlanRun(Request(9, 3, 3, 2)), seki::InputError);
  EXPECT_THROW(PlanRun(Request(3, 3, 3, 2, 0)), seki::InputError);
}

TEST(PlanCliTest, JsonAndTable) {
  const auto r = seki::testing::RunSeki(
      {"plan", "--rows", "3", "--cols", "4", "--max-entry", "3", "--ranks", "2", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ranks"], 2);
  EXPECT_EQ(j["levels"].size(), 36u);
  EXPECT_EQ(j["classes"].get<std::uint64_t>(), PlanRun(Request(3, 4, 3, 2)).classes);
  EXPECT_EQ(j["needs_128_bit_keys"], false);

  const auto text = seki::testing::RunSeki(
      {"plan", "--rows", "6", "--cols", "6", "--max-entry", "2", "--ranks", "64"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("on 64 ranks x 1 threads"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("words a class"), std::string::npos);
  seki::testing::ExpectBadInput(
      {"plan", "--rows", "3", "--cols", "3", "--max-entry", "3", "--ranks", "300"}, "",
      "--ranks: must be 1..256");
}

}  // namespace
