// `seki plan --matrix A` and PlanDownset (engine/cost/downset_plan.hpp): the matrices and bytes are
// DownsetMatrices' and DownsetBytes', re-derived here from the entries (the product of A(i,j) + 1;
// the ring as that over the largest radix, at one byte or at 4 bits a matrix); one process takes
// the mode its memory limit allows; R ranks (the solve's split; times a model) hold their share of
// the ring plus one layer and send one layer per boundary per slab and pass; the GPUs fit or not by
// their memory; the time is the one `auto` expects (DownsetSeconds), twice for one game a pass; bad
// input is one line with exit status 2.
#include "engine/cost/downset_plan.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_ring.hpp"
#include "engine/solve/downset_storage.hpp"
#include "engine/solve/solve_engine.hpp"
#include "tests/seki_process.hpp"

namespace {

using seki::DownsetMode;
using seki::DownsetPlan;
using seki::PlanDownset;

// The k x k 2-cycle pattern with every entry t (as 660000/066000/.../600006).
std::string Pattern(int k, int t) {
  std::string text;
  for (int i = 0; i < k; ++i) {
    if (i) text += '/';
    for (int j = 0; j < k; ++j) text += (j == i || j == (i + 1) % k) ? char('0' + t) : '0';
  }
  return text;
}

DownsetPlan Plan(const std::string& a, int ranks = 1, int threads = 1, double limit = 1e15) {
  return PlanDownset(
      {.matrix = seki::ParseMatrix(a), .ranks = ranks, .threads = threads, .memory_limit = limit});
}

// Matrices of the ring of a k x k pattern of t's, (t+1)^(2k-1): the down-set over one radix.
double Ring(int k, int t) { return std::pow(t + 1.0, 2 * k - 1); }
// The rate of `auto`'s model (DownsetMatricesPerThreadSecond) for a k x k pattern of t's.
double Rate(int k, int t) {
  return seki::DownsetMatricesPerThreadSecond(seki::ParseMatrix(Pattern(k, t)));
}

TEST(DownsetPlanTest, MemoryOfEveryMode) {
  const std::string a = Pattern(6, 6);
  const seki::Matrix m = seki::ParseMatrix(a);
  const DownsetPlan p = Plan(a);
  EXPECT_EQ(p.matrices, std::pow(7.0, 12));
  EXPECT_EQ(p.digits, 12);
  EXPECT_EQ(p.slabs, 7);
  EXPECT_EQ(p.split_radix, 7);
  ASSERT_EQ(p.memories.size(), 5u);  // then the ring on disk in both modes
  const double ring = Ring(6, 6), order = p.memories[0].bytes - ring;  // the chunk order
  EXPECT_EQ(p.memories[0].bytes, seki::DownsetBytes(m, false, DownsetMode::kBothGames));
  EXPECT_EQ(p.memories[1].bytes, seki::DownsetBytes(m, false, DownsetMode::kOneGame));
  EXPECT_EQ(p.memories[2].bytes, seki::DownsetBytes(m, true, DownsetMode::kBothGames));
  EXPECT_GT(order, 0);
  EXPECT_LT(order, ring * 0.01);                                // small beside the ring
  EXPECT_EQ(p.memories[1].bytes, std::ceil(ring / 2) + order);  // 4 bits a matrix
  EXPECT_EQ(p.memories[2].bytes, p.matrices + order);           // every matrix, one byte
  EXPECT_EQ(p.memories[0].passes, 1);
  EXPECT_EQ(p.memories[1].passes, 2);
}

TEST(DownsetPlanTest, OneProcessTakesTheModeItsLimitAllows) {
  // 6x6 every entry 7: ring 8^11 = 8.6 GB at one byte, 4.3 GB at 4 bits.
  const std::string a = Pattern(6, 7);
  const double ring = Ring(6, 7), matrices = std::pow(8.0, 12);
  struct Case {
    double limit;
    DownsetMode mode;
    bool fits;
  };
  for (const Case c :
       {Case{16e9, DownsetMode::kBothGames, true}, Case{5e9, DownsetMode::kOneGame, true},
        Case{1e9, DownsetMode::kOneGame, false}}) {
    const DownsetPlan p = Plan(a, 1, 2, c.limit);
    EXPECT_EQ(p.mode, c.mode) << c.limit;
    ASSERT_EQ(p.placements.size(), 7u);  // one process, on disk in both modes, two GPUs
    const seki::DownsetPlacement& one = p.placements[0];
    EXPECT_EQ(one.where, "one process");
    const bool both = c.mode == DownsetMode::kBothGames;
    EXPECT_GE(one.bytes_each, both ? ring : ring / 2);
    EXPECT_LT(one.bytes_each, (both ? ring : ring / 2) * 1.01);
    EXPECT_EQ(one.fits, c.fits) << c.limit;
    EXPECT_EQ(one.sent_bytes, 0.0);
    EXPECT_NEAR(one.seconds, matrices * (both ? 1 : 2) / (2 * Rate(6, 7)), 1e-9 * one.seconds);
    // The one expected time: what `auto` expects of the same solve.
    EXPECT_EQ(one.seconds,
              seki::DownsetSeconds(seki::ParseMatrix(a),
                                   seki::DownsetStorageFor(seki::ParseMatrix(a), c.limit), 2));
  }
  // Without a limit in the request: the machine's default one.
  const DownsetPlan d =
      PlanDownset({.matrix = seki::ParseMatrix(a), .ranks = 1, .threads = 1, .memory_limit = 0});
  EXPECT_EQ(d.request.memory_limit, seki::DefaultMemoryLimitBytes());
  EXPECT_EQ(d.mode, seki::DownsetBytes(seki::ParseMatrix(a), false, DownsetMode::kBothGames) <=
                            seki::DefaultMemoryLimitBytes()
                        ? DownsetMode::kBothGames
                        : DownsetMode::kOneGame);
}

TEST(DownsetPlanTest, RanksHoldTheirShareAndSendOneLayerPerBoundaryPerSlab) {
  // 7x7, every entry 6: 14 digits of radix 7, a slab split by the 7 values of one digit. The
  // ranges [q 7 / R, (q + 1) 7 / R) and the layer below: at most 5 layers on 2 ranks ([3, 7) and
  // 2), 4 on 3 ([4, 7) and 3), 2 on 7; a rank's buffer starts at an even ring offset, one matrix
  // more where its halo starts at an odd one (a layer L is 7^12, odd: the largest shares of 3 and
  // of 7 ranks start at 3 L).
  const double ring = Ring(7, 6), matrices = std::pow(7.0, 14), held_layer = ring / 7;
  for (const auto& [ranks, layers, odd] :
       {std::tuple{2, 5, 0}, std::tuple{3, 4, 1}, std::tuple{7, 2, 1}}) {
    const DownsetPlan p = Plan(Pattern(7, 6), ranks, 4);
    // One process, two modes on disk, two on ranks, two on two GPUs.
    ASSERT_EQ(p.placements.size(), 9u);
    for (int mode = 0; mode < 2; ++mode) {
      const seki::DownsetPlacement& r = p.placements[3 + mode];
      const double ring_bytes = mode == 0 ? ring : std::ceil(ring / 2), layer = ring_bytes / 7;
      const double order = p.memories[mode].bytes - ring_bytes;  // every rank keeps it
      const int passes = mode == 0 ? 1 : 2;
      EXPECT_EQ(r.ranks, ranks);
      EXPECT_EQ(r.memory, p.memories[mode].name);
      const double held = held_layer * layers + odd;  // matrices of the largest share
      EXPECT_DOUBLE_EQ(r.bytes_each, (mode == 0 ? held : std::ceil(held / 2)) + order) << ranks;
      EXPECT_DOUBLE_EQ(r.boundary_bytes, layer);
      EXPECT_DOUBLE_EQ(r.sent_bytes, layer * (ranks - 1) * 7 * passes);  // 7 slabs
      EXPECT_NEAR(r.seconds,
                  matrices * passes / (4.0 * ranks * Rate(7, 6)) + layer * 7 * passes / 1e9,
                  1e-9 * r.seconds);
    }
  }
}

TEST(DownsetPlanTest, GpusFitByTheirMemory) {
  struct Case {
    int k, t;
    bool both80, both141, one80, one141;
  };
  // 6x6 of 8s: 9^11 = 31 GB; 7x7 of 6s: 7^13 = 97 GB (48 GB at 4 bits); 7x7 of 7s: 8^13 = 550 GB.
  for (const Case c : {Case{6, 8, true, true, true, true}, Case{7, 6, false, true, true, true},
                       Case{7, 7, false, false, false, false}}) {
    const DownsetPlan p = Plan(Pattern(c.k, c.t));
    ASSERT_EQ(p.placements.size(), 7u);
    const bool expected[] = {c.both80, c.one80, c.both141, c.one141};
    for (int g = 0; g < 4; ++g) {
      const seki::DownsetPlacement& x = p.placements[3 + g];
      EXPECT_EQ(x.capacity, g < 2 ? 80e9 : 141e9);
      EXPECT_EQ(x.fits, expected[g]) << c.k << ' ' << c.t << ' ' << g;
      EXPECT_EQ(x.fits, Ring(c.k, c.t) / (g % 2 ? 2 : 1) < x.capacity);
      EXPECT_LT(x.seconds, 0);  // not measured
    }
  }
}

// The ring on disk (engine/solve/downset_ring.hpp): its memory (three sub-slabs where they fit the
// limit, else two), its file (slots of a sub-slab, two more than the second digit's values), the
// bytes a solve reads and writes (every slab but the first reads the ring, every sub-slab but the
// last is written, once a pass), and a time that includes the I/O; with --scratch's free space
// the solve's choice is the disk when the ring fits memory in neither mode.
TEST(DownsetPlanTest, TheRingOnDisk) {
  const std::string a = Pattern(6, 8);  // 9^12 matrices: ring 9^11, sub-slabs 9^10
  const seki::DownsetLayout layout = seki::DownsetLayout::For(seki::ParseMatrix(a));
  // The ring: 31 GB at one byte, 15.7 GB at 4 bits; a sub-slab 3.5 GB, or 1.7 GB.
  struct Case {
    double limit;
    DownsetMode mode;
    int buffers;
  };
  for (const Case c : {Case{12e9, DownsetMode::kBothGames, 3}, Case{6e9, DownsetMode::kOneGame, 3},
                       Case{4e9, DownsetMode::kOneGame, 2}}) {
    SCOPED_TRACE(c.limit);
    const DownsetPlan p = PlanDownset(
        {.matrix = seki::ParseMatrix(a), .threads = 2, .memory_limit = c.limit, .disk_free = 1e12});
    EXPECT_TRUE(p.disk);
    EXPECT_EQ(p.mode, c.mode);
    const seki::DownsetPlacement& x = p.placements[0];
    EXPECT_TRUE(x.disk);
    EXPECT_TRUE(x.fits);
    const bool both = c.mode == DownsetMode::kBothGames;
    const double slot = seki::DownsetRingGeometry::For(layout, c.mode).slot_bytes;
    const int passes = both ? 1 : 2;
    EXPECT_GE(slot, std::pow(9.0, 10) / (both ? 1 : 2));
    EXPECT_EQ(x.disk_bytes, 11 * slot);              // r2 + 2 slots
    EXPECT_EQ(x.read_bytes, passes * 8 * 9 * slot);  // slabs 1..8, 9 sub-slabs each
    EXPECT_EQ(x.written_bytes, passes * (9 * 9 - 1) * slot);
    EXPECT_NEAR(x.bytes_each, c.buffers * slot, 8.0 * double(layout.chunks_per_slab()));
    const double compute = passes * std::pow(9.0, 12) / (2 * Rate(6, 8));
    const double read = x.read_bytes / seki::kMeasuredDiskReadBytesPerSecond;
    const double io = read + x.written_bytes / seki::kMeasuredDiskWriteBytesPerSecond;
    EXPECT_DOUBLE_EQ(x.seconds,
                     c.buffers == 3 ? std::max(compute, io) : std::max(compute + read, io));
  }
  // A disk too small for one byte a matrix: 4 bits; too small for either: refused.
  const DownsetPlan small = PlanDownset(
      {.matrix = seki::ParseMatrix(a), .threads = 2, .memory_limit = 12e9, .disk_free = 20e9});
  EXPECT_EQ(small.mode, DownsetMode::kOneGame);
  EXPECT_TRUE(small.placements[0].fits);
  const DownsetPlan none = PlanDownset(
      {.matrix = seki::ParseMatrix(a), .threads = 2, .memory_limit = 12e9, .disk_free = 1e9});
  EXPECT_FALSE(none.placements[0].fits);
  // Without a scratch directory the solve keeps memory only.
  EXPECT_FALSE(Plan(a, 1, 2, 6e9).disk);
}

TEST(DownsetPlanTest, BadRequestsAreInputErrors) {
  EXPECT_THROW(Plan(Pattern(7, 6), 8), seki::InputError);  // the split digit has 7 values
  EXPECT_THROW(Plan(Pattern(7, 6), 0), seki::InputError);
  EXPECT_THROW(Plan(Pattern(7, 6), 1, 0), seki::InputError);
  EXPECT_THROW(Plan("11/11", 2), seki::InputError);  // one block: nothing to split
  std::string nines = std::string(8, '9');
  for (int i = 1; i < 8; ++i) nines += '/' + std::string(8, '9');
  EXPECT_THROW(Plan(nines), seki::InputError);  // 10^64 matrices: more than 2^62
}

TEST(DownsetPlanCliTest, JsonAgreesWithTheLayout) {
  const std::string a = Pattern(7, 7);
  const auto r = seki::testing::RunSeki({"plan", "--matrix", a, "--ranks", "8", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["matrices"].get<double>(), std::pow(8.0, 14));
  EXPECT_EQ(j["split_radix"], 8);
  EXPECT_EQ(j["mode"], "one-game");  // 550 GB: no machine of ours holds one byte a matrix
  EXPECT_EQ(j["memories"][0]["bytes"].get<double>() - j["memories"][1]["bytes"].get<double>(),
            std::pow(8.0, 13) / 2);
  ASSERT_EQ(j["placements"].size(), 9u);
  const nlohmann::json& both = j["placements"][3];
  EXPECT_EQ(both["ranks"], 8);
  EXPECT_EQ(both["modelled_only"], true);
  EXPECT_DOUBLE_EQ(both["boundary_bytes_per_slab"].get<double>(), std::pow(8.0, 12));
  EXPECT_DOUBLE_EQ(both["sent_bytes"].get<double>(), std::pow(8.0, 12) * 7 * 8);
  const nlohmann::json& one = j["placements"][4];
  EXPECT_DOUBLE_EQ(one["sent_bytes"].get<double>(), std::pow(8.0, 12) / 2 * 7 * 8 * 2);
  EXPECT_TRUE(j["placements"][8]["seconds"].is_null());
  EXPECT_EQ(j["placements"][8]["fits"], false);

  const auto text = seki::testing::RunSeki({"plan", "--matrix", a, "--ranks", "8"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("not measured: no GPU"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("measured on this machine"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("the times a MODEL, not measured"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("4.4e+12 matrices below it"), std::string::npos) << text.out;
  EXPECT_EQ(seki::testing::RunSeki({"plan", "--matrix", "-"}, Pattern(5, 6) + "\n").status, 0);

  // --memory-limit picks the mode of one process: 6x6 every entry 7 has a ring of 8^11 = 8.6 GB.
  for (const auto& [limit, mode] : {std::pair{"16G", "both-games"}, std::pair{"5G", "one-game"}}) {
    const auto m = seki::testing::RunSeki(
        {"plan", "--matrix", Pattern(6, 7), "--memory-limit", limit, "--json"});
    ASSERT_EQ(m.status, 0) << m.err;
    const nlohmann::json k = nlohmann::json::parse(m.out);
    EXPECT_EQ(k["mode"], mode) << limit;
    EXPECT_EQ(k["placements"][0]["fits"], true) << limit;
  }
}

TEST(DownsetPlanCliTest, BadInputIsOneLine) {
  using seki::testing::ExpectBadInput;
  ExpectBadInput({"plan", "--matrix", "12/3x"});
  ExpectBadInput({"plan", "--matrix", "10/00"});  // a zero line
  ExpectBadInput({"plan", "--matrix", Pattern(7, 6), "--ranks", "8"}, "", "--ranks: must be 1..7");
  ExpectBadInput({"plan", "--matrix", "11/11", "--rows", "2"}, "", "--rows");
  ExpectBadInput({"plan", "--matrix", "11/11", "--device", "gpu"}, "", "--device");
  ExpectBadInput({"plan", "--cols", "3", "--ranks", "2"}, "", "--rows: is required");
  ExpectBadInput({"plan", "--matrix", Pattern(4, 2), "--rate", "0"}, "", "--rate");
  ExpectBadInput({"plan", "--matrix", Pattern(4, 2), "--memory-limit", "lots"}, "",
                 "--memory-limit");
  ExpectBadInput({"plan", "--rows", "2", "--cols", "2", "--max-entry", "2", "--ranks", "2",
                  "--memory-limit", "1G", "--lists", "some"},
                 "", "--lists");
}

}  // namespace
