// The down-set engine with its ring on disk (engine/solve/downset_ring.hpp, `--scratch DIR`),
// forced on small matrices: the same values as the pass in memory in both storage modes, at 1
// and 2 threads, with two and three buffers; the bytes read and written are the geometry's; the
// storage decision (memory first, then the disk, one byte a matrix before 4 bits); a solve stopped
// at a random point resumes from the ring file itself; a damaged slot is refused naming the file;
// a ring that does not fit the disk is refused before anything is written; and the command line
// (`seki solve` and `seki census --below` killed and resumed, Ctrl-C, the refusals).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/census/census_below.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/downset_checkpoint.hpp"
#include "engine/solve/search.hpp"
#include "seki_process.hpp"
#include "stop_part_way.hpp"
#include "temp_dir.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

namespace fs = std::filesystem;
using testing::M;

// Sub-slabs of 5^8 matrices (odd: a sub-slab starts mid-byte at 4 bits a matrix) in 25 chunks of
// 5^6; sub-slabs of 5^6 in one chunk each; of 6^6 in 6 chunks; radix 4 and 6 digits.
const char* const kMatrices[] = {"44000/04400/00440/00044/40004", "0044/0440/4400/4004",
                                 "5500/0550/0055/5005", "5500/0550/0055/3003"};

// Forced on disk in `scratch` (three buffers: the default memory holds them).
DownsetOptions OnDisk(const fs::path& scratch, int threads, bool one_game) {
  DownsetOptions o{.full_table_bytes = 0, .threads = threads};
  o.scratch = scratch;
  o.force_disk = true;
  if (one_game) o.mode = DownsetMode::kOneGame;
  return o;
}

// The memory that gives a pass of a on disk `buffers` buffers.
std::size_t MemoryFor(const Matrix& a, bool one_game, int buffers) {
  const auto mode = one_game ? DownsetMode::kOneGame : DownsetMode::kBothGames;
  return static_cast<std::size_t>(DownsetRingOnDiskBytes(a, mode, buffers).memory) + 64;
}

TEST(DownsetDisk, GeometryAndStorage) {
  for (const char* text : kMatrices)
    EXPECT_TRUE(
        DownsetRingGeometry::For(DownsetLayout::For(M(text)), DownsetMode::kOneGame).possible())
        << text;
  const Matrix a = M(kMatrices[0]);
  const DownsetLayout layout = DownsetLayout::For(a);
  const DownsetRingGeometry both = DownsetRingGeometry::For(layout, DownsetMode::kBothGames);
  const DownsetRingGeometry half = DownsetRingGeometry::For(layout, DownsetMode::kOneGame);
  ASSERT_TRUE(both.possible());
  EXPECT_EQ(both.sub, 390625u);  // 5^8
  EXPECT_EQ(both.subs, 5u);
  EXPECT_EQ(both.slabs, 5u);
  EXPECT_EQ(both.slots, 7u);
  EXPECT_EQ(both.slot_bytes, AlignUp(390625));
  EXPECT_EQ(half.slot_bytes, AlignUp(195313));
  EXPECT_EQ(both.file_bytes(), 7.0 * AlignUp(390625));
  EXPECT_FALSE(
      DownsetRingGeometry::For(DownsetLayout::For(M("21/12")), DownsetMode::kBothGames).possible());
}

// The one decision of where the ring goes, on a matrix whose sub-slabs are small beside its ring
// (9^10 matrices: ring 9^9, sub-slabs 9^8).
TEST(DownsetDisk, MemoryFirstThenTheDisk) {
  const Matrix a = M("88000/08800/00880/00088/80008");
  const DownsetRingGeometry both =
      DownsetRingGeometry::For(DownsetLayout::For(a), DownsetMode::kBothGames);
  // Memory first: a ring that fits memory stays there, scratch or not.
  const DownsetDisk disk{1e12};
  const double ring = DownsetBytes(a, false, DownsetMode::kBothGames);
  EXPECT_FALSE(DownsetStorageFor(a, ring, 1, 0, std::nullopt, disk).disk);
  const double half_ring = DownsetBytes(a, false, DownsetMode::kOneGame);
  const DownsetStorage one = DownsetStorageFor(a, half_ring, 1, 0, std::nullopt, disk);
  EXPECT_FALSE(one.disk);
  EXPECT_EQ(one.mode, DownsetMode::kOneGame);
  // Neither fits: on disk, one byte a matrix with three buffers when they fit...
  const double three = DownsetRingOnDiskBytes(a, DownsetMode::kBothGames, 3).memory;
  const DownsetStorage s3 = DownsetStorageFor(a, three, 1, 0, std::nullopt, disk);
  EXPECT_TRUE(s3.disk);
  EXPECT_EQ(s3.mode, DownsetMode::kBothGames);
  EXPECT_EQ(s3.buffers, 3);
  EXPECT_EQ(s3.bytes, three);
  EXPECT_EQ(s3.disk_bytes, both.file_bytes());
  // ... two when three do not fit, 4 bits when two buffers of one byte do not fit, or the file.
  const DownsetStorage s2 = DownsetStorageFor(a, three - 1, 1, 0, std::nullopt, disk);
  EXPECT_EQ(s2.buffers, 2);
  EXPECT_EQ(s2.mode, DownsetMode::kBothGames);
  const double two = DownsetRingOnDiskBytes(a, DownsetMode::kBothGames, 2).memory;
  EXPECT_EQ(DownsetStorageFor(a, two - 1, 1, 0, std::nullopt, disk).mode, DownsetMode::kOneGame);
  const DownsetStorage small_disk =
      DownsetStorageFor(a, three, 1, 0, std::nullopt, DownsetDisk{both.file_bytes() - 1});
  EXPECT_EQ(small_disk.mode, DownsetMode::kOneGame);
  // No scratch, or ranks: memory only (the smallest mode, which may not fit).
  EXPECT_FALSE(DownsetStorageFor(a, three, 1, 0).disk);
  EXPECT_FALSE(DownsetStorageFor(a, three, 2, 0, std::nullopt, disk).disk);
}

// Every matrix, both modes, 1 and 2 threads, 2 and 3 buffers: the values of the search engine,
// and exactly the bytes the geometry says a fresh pass reads and writes; the scratch directory is
// empty afterwards.
TEST(DownsetDisk, SameValuesAsInMemory) {
  testing::TempDir scratch;
  for (const char* text : kMatrices) {
    const Matrix a = M(text);
    const Solution want = SearchEngine().Solve(a);
    for (const bool one_game : {false, true})
      for (const int threads : {1, 2})
        for (const int buffers : {2, 3}) {
          SCOPED_TRACE(::testing::Message() << text << " one game " << one_game << " threads "
                                            << threads << " buffers " << buffers);
          DownsetOptions options = OnDisk(scratch.path(), threads, one_game);
          options.memory_bytes = MemoryFor(a, one_game, buffers);
          DownsetEngine engine(options);
          EXPECT_EQ(engine.Solve(a), want);
          const DownsetRingGeometry g = DownsetRingGeometry::For(
              DownsetLayout::For(a), one_game ? DownsetMode::kOneGame : DownsetMode::kBothGames);
          const int passes = one_game ? 2 : 1;
          EXPECT_EQ(double(engine.disk_read()), passes * g.read_bytes());
          EXPECT_EQ(double(engine.disk_written()), passes * g.written_bytes());
          EXPECT_TRUE(fs::is_empty(scratch.path())) << "ring and checkpoint removed";
        }
  }
}

// The census below a matrix taken in a pass on disk is that of a pass in memory.
TEST(DownsetDisk, CensusOnDisk) {
  testing::TempDir scratch;
  const Matrix a = M(kMatrices[2]);
  const CensusBelow want =
      TakeCensusBelow(a, SolveEngineOptions{.kind = EngineKind::kDownset}, "test");
  for (const bool one_game : {false, true})
    for (const int threads : {1, 2}) {
      CensusTaker taker(a, {a, M("2500/0520/0025/5002")});
      DownsetOptions options = OnDisk(scratch.path(), threads, one_game);
      options.take = &taker;
      DownsetEngine(options).Solve(a);
      CensusBelow got = taker.Result("test");
      EXPECT_EQ(got.census, want.census);
      EXPECT_EQ(got.classes, want.classes);
      EXPECT_EQ(got.seki_matrices, want.seki_matrices);
      ASSERT_EQ(got.values.size(), 2u);
      EXPECT_EQ(got.values[0].second, SearchEngine().Solve(a));
      EXPECT_EQ(got.values[1].second, SearchEngine().Solve(M("2500/0520/0025/5002")));
    }
}

// Stopped when a random share is done (in either pass of one game a pass), a solve leaves the ring
// file and its checkpoint; a new engine resumes from them to the values of one uninterrupted
// solve; a flipped byte in a slot it reads is refused, naming the file.
TEST(DownsetDisk, StoppedSolveResumesFromTheRingFile) {
  testing::TempDir scratch;
  testing::Rng rng(7);
  std::uniform_real_distribution<double> share(0.05, 0.95);
  int resumed = 0;
  for (const char* text : {kMatrices[0], kMatrices[2]})
    for (const bool one_game : {false, true})
      for (const int threads : {1, 2}) {
        const Matrix a = M(text);
        const Solution want = SearchEngine().Solve(a);
        DownsetOptions options = OnDisk(scratch.path(), threads, one_game);
        std::atomic<bool> stop{false};
        options.stop = &stop;
        DownsetEngine first(options);
        Solution got{};
        const bool stopped =
            testing::StopPartWay(first, share(rng), stop, [&] { got = first.Solve(a); });
        if (stopped) {
          ++resumed;
          const Checkpoint checkpoint = DownsetCheckpointOf(scratch.path());
          ASSERT_TRUE(checkpoint.Exists());
          ASSERT_TRUE(fs::exists(RingFileOf(checkpoint)));
          options.stop = nullptr;
          EXPECT_THROW(DownsetEngine(options).Solve(a), InputError) << "held, without resume";
          options.resume = true;
          got = DownsetEngine(options).Solve(a);
        }
        EXPECT_EQ(got, want) << text << " one game " << one_game << " threads " << threads;
        EXPECT_TRUE(fs::is_empty(scratch.path()));
      }
  EXPECT_GE(resumed, 6);

  // A damaged slot: stopped, one byte of every slot flipped, resumed: refused naming the file.
  const Matrix a = M(kMatrices[0]);
  DownsetOptions options = OnDisk(scratch.path(), 2, false);
  std::atomic<bool> stop{false};
  options.stop = &stop;
  DownsetEngine first(options);
  ASSERT_TRUE(testing::StopPartWay(first, 0.5, stop, [&] { first.Solve(a); }));
  const fs::path ring = RingFileOf(DownsetCheckpointOf(scratch.path()));
  const DownsetRingGeometry g =
      DownsetRingGeometry::For(DownsetLayout::For(a), DownsetMode::kBothGames);
  {
    std::fstream f(ring, std::ios::in | std::ios::out | std::ios::binary);
    for (std::uint64_t s = 0; s < g.slots; ++s) {
      f.seekp(static_cast<std::streamoff>(s * g.slot_bytes + 100));
      f.put('\x5a');
    }
  }
  options.stop = nullptr;
  options.resume = true;
  try {
    DownsetEngine(options).Solve(a);
    ADD_FAILURE() << "a damaged ring was resumed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(ring.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("does not match its checksum"), std::string::npos);
  }
}

// A ring larger than the scratch directory's free space is refused before anything is written.
TEST(DownsetDisk, RingLargerThanTheDiskIsRefused) {
  testing::TempDir scratch;
  const Matrix a = M("255,255,255/255,255,255");  // 256^6 matrices, the ring 2^40 bytes
  DownsetOptions options{.memory_bytes = std::size_t{6} << 30, .full_table_bytes = 0};
  options.scratch = scratch.path();
  const double free = ScratchDisk(scratch.path()).free;
  const DownsetStorage s = DownsetStorageFor(a, double(options.memory_bytes), 1, 0, std::nullopt,
                                             ScratchDisk(scratch.path()));
  ASSERT_TRUE(s.disk);
  ASSERT_GT(s.disk_bytes, free) << "this machine's disk holds the whole ring";
  try {
    DownsetEngine(options).Solve(a);
    ADD_FAILURE() << "not refused";
  } catch (const DownsetDiskTooSmall& e) {
    EXPECT_EQ(e.needed(), s.disk_bytes);
    EXPECT_EQ(e.dir(), scratch.path());
  }
  EXPECT_TRUE(fs::is_empty(scratch.path()));
}

// The command line: a census killed at its third commit and resumed gives the JSON of a census in
// memory (but the command); without --resume the held directory is refused; Ctrl-C stops at a
// sub-slab with exit 130 and resumes; the refusals of --scratch.
TEST(DownsetDisk, CommandLine) {
  testing::TempDir scratch;
  const std::string a = "44000/04400/00440/00044/40004";
  const std::string dir = (scratch.path() / "ring").string();
  auto values = [](const std::string& json) {
    nlohmann::json j = nlohmann::json::parse(json);
    j["census"].erase("source");
    return j;
  };
  const auto memory = testing::RunSeki({"census", "--below", a, "--format", "json", "-q"});
  ASSERT_EQ(memory.status, 0) << memory.err;
  // 900000 bytes: neither ring mode fits (1.95 MB, 0.98 MB), two buffers of one byte do.
  const std::vector<std::string> disk = {"census",         "--below", a,           "--format",
                                         "json",           "-q",      "-t",        "2",
                                         "--memory-limit", "900000",  "--scratch", dir};
  const auto killed = testing::RunSeki(disk, "", {"SEKI_KILL_AT=downset-checkpoint:3"});
  EXPECT_EQ(killed.signal, SIGKILL) << killed.err;
  const auto held = testing::RunSeki(disk);
  EXPECT_EQ(held.status, 2);
  EXPECT_NE(held.err.find("--scratch"), std::string::npos) << held.err;
  std::vector<std::string> resume = disk;
  resume.push_back("--resume");
  const auto resumed = testing::RunSeki(resume);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(values(resumed.out), values(memory.out));
  EXPECT_TRUE(fs::is_empty(dir));

  // Killed as a slot's write completes, before or after the commit at that sub-slab's end: resumed
  // from the last commit, whose slots no later write touched.
  for (const int write : {2, 5, 8, 13}) {
    SCOPED_TRACE(write);
    const auto cut =
        testing::RunSeki(disk, "", {"SEKI_KILL_AT=downset-ring-write:" + std::to_string(write)});
    EXPECT_EQ(cut.signal, SIGKILL) << cut.err;
    const auto again = testing::RunSeki(resume);
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(values(again.out), values(memory.out));
  }

  const std::vector<std::string> solve = {"solve", "--engine",       "downset", "--format",  "json",
                                          "-q",    "--memory-limit", "900000",  "--scratch", dir,
                                          a};
  const auto interrupted =
      testing::RunSeki(solve, "", {"SEKI_KILL_AT=downset-checkpoint:4", "SEKI_KILL_SIGNAL=INT"});
  EXPECT_EQ(interrupted.status, 130) << interrupted.err;
  std::vector<std::string> go_on = solve;
  go_on.push_back("--resume");
  const auto finished = testing::RunSeki(go_on);
  ASSERT_EQ(finished.status, 0) << finished.err;
  EXPECT_EQ(finished.out, testing::RunSeki({"solve", "--format", "json", a}).out);

  testing::ExpectBadInput({"solve", "--resume", a}, "", "--checkpoint DIR or --scratch DIR");
  const auto no_disk = testing::RunSeki({"solve", "--engine", "downset", "--memory-limit", "6G",
                                         "--scratch", dir, "255,255,255/255,255,255"});
  EXPECT_EQ(no_disk.status, 3) << no_disk.err;
  EXPECT_NE(no_disk.err.find("of disk for its ring in " + dir), std::string::npos) << no_disk.err;
}

}  // namespace
}  // namespace seki
