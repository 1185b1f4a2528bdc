// `seki plan --device gpu|thrust-cpu` and PlanDeviceRun (engine/cost/device_plan.hpp): every
// level's GPU and host memory equal the engine's and the run's estimates computed here from
// Burnside's counts, level files are the format's size at the checkpoints the policy names (at most
// two on disk), the verdict follows the given card, host and disk (4x4 <= 6 fits the defaults: 80G
// card, 128G host, 64G disk), the CLI prints the same numbers, and bad input is one line, exit
// status 2.
#include "engine/cost/device_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/gpu/thrust_level_engine.hpp"
#include "engine/level/class_count.hpp"
#include "engine/run/memory_budget.hpp"
#include "tests/seki_process.hpp"

namespace {

using seki::DevicePlan;
using seki::DevicePlanRequest;
using seki::PlanDeviceRun;

constexpr double kGib = 1024.0 * 1024 * 1024;

DevicePlanRequest Request(int rows, int cols, int max_entry) {
  DevicePlanRequest q;
  q.rows = rows, q.cols = cols, q.max_entry = max_entry;
  return q;
}

// The level file format: a 48-byte header, 8 bytes a shard, 9 bytes a class, an 8-byte checksum.
double FileBytes(std::uint64_t classes) { return 48 + 256 * 8 + 9.0 * double(classes) + 8; }

TEST(DevicePlanTest, FourByFourSixFitsTheDefaultsLevelByLevel) {
  const DevicePlan p = PlanDeviceRun(Request(4, 4, 6));
  const std::vector<std::uint64_t> counts = seki::ClassCountsBySum(4, 4, 6, 96);
  const seki::EnumerationSpace space = seki::EnumerationSpace::Make(4, 4, 6, -1);
  ASSERT_EQ(p.levels.size(), 96u);
  std::uint64_t total = 0;
  for (std::uint64_t c : counts) total += c;
  EXPECT_EQ(p.classes, total);
  EXPECT_EQ(p.lists, seki::CatalogueLists::kComplete);  // over 10^9 classes
  double older = 0, newer = FileBytes(1), catalogues = 0, peak_gpu = 0;
  for (const seki::DevicePlanLevel& l : p.levels) {
    SCOPED_TRACE(l.sum);
    const std::uint64_t below = counts[l.sum - 1], here = counts[l.sum];
    EXPECT_EQ(l.classes, here);
    EXPECT_DOUBLE_EQ(l.gpu_bytes,
                     seki::gpu::ThrustDevicePeakBytes(space, seki::Device::kGpu, below, here));
    EXPECT_DOUBLE_EQ(l.host_bytes,
                     seki::gpu::ThrustHostPeakBytes(space, seki::Device::kGpu, below, here) +
                         seki::CatalogueBytesEstimate(space, here, false, false, 1));
    EXPECT_TRUE(l.checkpoint);  // --checkpoint-every 1
    EXPECT_DOUBLE_EQ(l.level_file_bytes, FileBytes(here));
    catalogues += double(here) * seki::kListCompleteBytesPerClass;
    older = newer, newer = FileBytes(here);
    EXPECT_NEAR(l.disk_bytes, older + newer + catalogues, 1e-6 * l.disk_bytes);
    EXPECT_DOUBLE_EQ(l.seconds, double(here) / seki::kReferenceGpuClassesPerSecond);
    peak_gpu = std::max(peak_gpu, l.gpu_bytes);
  }
  EXPECT_EQ(p.peak_gpu, peak_gpu);
  EXPECT_EQ(p.peak_gpu_level, 48);
  EXPECT_NEAR(p.seconds, 144, 1e-6);
  EXPECT_DOUBLE_EQ(p.host_limit, 0.8 * 128 * kGib);
  EXPECT_TRUE(p.Fits()) << p.peak_gpu / kGib << " " << p.peak_host / kGib << " "
                        << p.peak_disk / kGib;
}

// Every 4 levels: level files only at multiples of 4 and the last level; the disk holds the two
// newest of them. By time: a checkpoint whenever the modelled minutes since the last reach M.
TEST(DevicePlanTest, CheckpointPolicyChoosesTheLevelFiles) {
  DevicePlanRequest q = Request(3, 4, 11);
  q.checkpoint = seki::ParseCheckpointPolicy("4", "--checkpoint-every");
  const DevicePlan p = PlanDeviceRun(q);
  double older = 0, newer = FileBytes(1);
  for (const seki::DevicePlanLevel& l : p.levels) {
    EXPECT_EQ(l.checkpoint, l.sum % 4 == 0 || l.sum == p.max_sum) << l.sum;
    EXPECT_EQ(l.level_file_bytes, l.checkpoint ? FileBytes(l.classes) : 0.0) << l.sum;
    if (l.checkpoint) older = newer, newer = l.level_file_bytes;
    EXPECT_NEAR(l.disk_bytes - l.catalogue_bytes, older + newer, 1) << l.sum;
  }
  q.checkpoint = seki::ParseCheckpointPolicy("0.5m", "--checkpoint-every");
  q.classes_per_second = 1e8;
  double minutes = 0;
  for (const seki::DevicePlanLevel& l : PlanDeviceRun(q).levels) {
    minutes += double(l.classes) / 1e8 / 60;
    EXPECT_EQ(l.checkpoint, minutes >= 0.5 || l.sum == p.max_sum) << l.sum;
    if (l.checkpoint) minutes = 0;
  }
}

TEST(DevicePlanTest, VerdictNamesWhatDoesNotFit) {
  DevicePlanRequest q = Request(4, 4, 6);
  q.gpu_memory = 60 * kGib, q.disk = 40 * kGib;
  const DevicePlan p = PlanDeviceRun(q);
  EXPECT_FALSE(p.FitsGpu());
  EXPECT_TRUE(p.FitsHost());
  EXPECT_FALSE(p.FitsDisk());
  q = Request(4, 4, 6);
  q.lists = seki::ListsOption::kAll;  // about 16 bytes a class of lists: nearly 1 TB
  EXPECT_FALSE(PlanDeviceRun(q).FitsDisk());
  EXPECT_EQ(PlanDeviceRun(Request(4, 4, 3)).lists, seki::CatalogueLists::kAll);
  q = Request(4, 4, 3);
  q.device = seki::Device::kThrustCpu, q.threads = 2;
  const DevicePlan cpu = PlanDeviceRun(q);
  EXPECT_EQ(cpu.peak_gpu, 0.0);
  EXPECT_DOUBLE_EQ(cpu.classes_per_second, 2 * seki::kMeasuredThrustCpuClassesPerThreadSecond);
}

TEST(DevicePlanTest, BadRequestsAreInputErrors) {
  DevicePlanRequest q = Request(5, 5, 4);  // 75-bit keys: outside the thrust engine
  EXPECT_THROW(PlanDeviceRun(q), seki::InputError);
  q = Request(3, 3, 3);
  q.device = seki::Device::kCpu;
  EXPECT_THROW(PlanDeviceRun(q), seki::InputError);
  q = Request(3, 3, 3);
  q.disk = 0;
  EXPECT_THROW(PlanDeviceRun(q), seki::InputError);
}

TEST(DevicePlanCliTest, PrintsThePlanAndTheVerdict) {
  const std::vector<std::string> base = {"plan",   "--device", "gpu",         "--rows", "4",
                                         "--cols", "4",        "--max-entry", "6"};
  std::vector<std::string> args = base;
  args.push_back("--json");
  const auto r = seki::testing::RunSeki(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const DevicePlan p = PlanDeviceRun(Request(4, 4, 6));
  EXPECT_EQ(j["classes"].get<std::uint64_t>(), p.classes);
  EXPECT_DOUBLE_EQ(j["peak_gpu_bytes"].get<double>(), p.peak_gpu);
  EXPECT_DOUBLE_EQ(j["peak_host_bytes"].get<double>(), p.peak_host);
  EXPECT_DOUBLE_EQ(j["peak_disk_bytes"].get<double>(), p.peak_disk);
  EXPECT_EQ(j["levels"].size(), 96u);
  EXPECT_EQ(j["fits"], true);
  EXPECT_EQ(j["lists"], "complete");

  const auto text = seki::testing::RunSeki(base);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("gpu memory: peak " + seki::FormatGib(p.peak_gpu) + " (level 48)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("NOT measured by us"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("verdict: fits\n"), std::string::npos) << text.out;

  args = base;
  args.insert(args.end(), {"--gpu-memory", "60G", "--disk", "40G"});
  const auto short_of = seki::testing::RunSeki(args);
  ASSERT_EQ(short_of.status, 0) << short_of.err;
  EXPECT_NE(short_of.out.find("verdict: does NOT fit (GPU memory, disk)"), std::string::npos)
      << short_of.out;
  EXPECT_NE(short_of.out.find("short by " + seki::FormatGib(p.peak_gpu - 60 * kGib)),
            std::string::npos)
      << short_of.out;
}

TEST(DevicePlanCliTest, BadInputIsOneLineAndExitTwo) {
  const std::vector<std::string> base = {"plan",   "--device", "gpu",         "--rows", "4",
                                         "--cols", "4",        "--max-entry", "5"};
  const auto bad = [&](std::vector<std::string> extra, const std::string& expected) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    seki::testing::ExpectBadInput(args, "", expected);
  };
  bad({"--gpu-memory", "0"}, "seki: --gpu-memory: '0' must be positive");
  bad({"--host-memory", "12Q"}, "seki: --host-memory: '12Q' has an unknown unit");
  bad({"--disk", "lots"}, "seki: --disk: 'lots' is not a size");
  bad({"--lists", "some"}, "seki: --lists: must be auto, all or complete, not 'some'");
  bad({"--checkpoint-every", "0"}, "seki: --checkpoint-every: '0' must be positive");
  bad({"--ranks", "2"}, "seki: --ranks: the thrust engine runs in one process");
  seki::testing::ExpectBadInput(
      {"plan", "--device", "tpu", "--rows", "3", "--cols", "3", "--max-entry", "3"}, "",
      "seki: --device: must be cpu, gpu or thrust-cpu, not 'tpu'");
  seki::testing::ExpectBadInput(
      {"plan", "--device", "gpu", "--rows", "5", "--cols", "5", "--max-entry", "4"}, "",
      "seki: --device gpu: the thrust engine handles shapes up to 5x5");
}

}  // namespace
