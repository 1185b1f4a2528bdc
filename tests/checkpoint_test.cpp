// The one checkpoint convention (storage/checkpoint.hpp) through every command that keeps one — a
// run (`seki enumerate --out DIR`), a check, a down-set solve, a census below a matrix (whose
// classes and counts travel with the pass's checkpoint) and a family sweep (`--checkpoint DIR`):
// each killed with SIGKILL at one of its checkpoints (SEKI_KILL_AT, storage/kill_point.hpp)
// leaves DIR/checkpoint.json of its kind; started again without --resume it is refused with one
// line; with --resume it ends with the output of an uninterrupted run. A checkpoint of another
// kind is refused with one line naming the file; --resume on an empty directory starts afresh
// with a notice; --checkpoint-every of a down-set pass takes minutes only.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/seki_process.hpp"
#include "tests/stable_json.hpp"
#include "tests/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using seki::testing::ReadText;
using seki::testing::RunResult;
using seki::testing::RunSeki;
using seki::testing::Stable;
using seki::testing::TempDir;

void WriteText(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// JSON lines without their times.
std::string StableLines(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) out += Stable(json::parse(line)).dump() + "\n";
  return out;
}

struct Command {
  std::string name;
  std::string kind;               // the checkpoint's kind
  std::vector<std::string> args;  // without the directory
  std::string dir_option;         // --checkpoint, or a run's --out
  std::string kill_at;            // SEKI_KILL_AT
  std::function<std::string(const fs::path& dir, const RunResult&)> result;  // what must agree
};

// A census's JSON without its source (the command, which names the directory).
std::string CensusJson(const fs::path&, const RunResult& r) {
  json j = json::parse(r.out);
  j["census"].erase("source");
  return j.dump();
}

constexpr const char* kAbb =
    "2,3,0,0,0,0/0,3,2,0,0,0/0,0,3,3,0,0/0,0,0,2,3,0/0,0,0,0,3,2/3,0,0,0,0,3";

std::vector<Command> Commands() {
  return {
      {"run",
       "run",
       {"enumerate", "--rows", "3", "--cols", "3", "--max-entry", "3", "--threads", "2", "--quiet"},
       "--out",
       "checkpoint:9",
       [](const fs::path& dir, const RunResult&) {
         return ReadText(dir / "seki" / "seki.txt") + ReadText(dir / "dseki" / "complete.txt");
       }},
      {"check",
       "check",
       {"check", "6.2", "--max-rows", "2", "--max-entry", "4", "--min-height", "2", "--quiet",
        "--json", "report.json"},
       "--checkpoint",
       "check-checkpoint-2x2:5",
       [](const fs::path&, const RunResult&) {
         return Stable(json::parse(ReadText("report.json"))).dump();
       }},
      {"downset",
       "downset",
       {"solve", "--engine", "downset", "-t", "1", "--memory-limit", "1100000",
        "--checkpoint-every", "0.000001m", "44000/04400/00440/00044/40004"},
       "--checkpoint",
       "downset-checkpoint:40",
       [](const fs::path&, const RunResult& r) { return r.out; }},
      {"census-below",
       "downset",
       {"census", "--below", "44000/04400/00440/00044/40004", "-t", "1", "--memory-limit",
        "1100000", "--checkpoint-every", "0.000001m", "--format", "json", "--quiet"},
       "--checkpoint",
       "downset-checkpoint:40",
       CensusJson},
      // The pass by orbits (a weighting (2,3,3) of the 12-cycle: 21 slices, a checkpoint
      // before each), its slices kept as files of their own.
      {"downset-orbits",
       "downset",
       {"solve", "--engine", "downset", "-t", "1", "--checkpoint-every", "0.000001m", kAbb},
       "--checkpoint",
       "downset-checkpoint:10",
       [](const fs::path&, const RunResult& r) { return r.out; }},
      {"census-below-orbits",
       "downset",
       {"census", "--below", kAbb, "-t", "1", "--checkpoint-every", "0.000001m", "--format", "json",
        "--quiet"},
       "--checkpoint",
       "downset-checkpoint:10",
       CensusJson},
      // One game a pass (both do not fit 300K): killed in the second pass (D-SEKI).
      {"census-below-orbits-one-game",
       "downset",
       {"census", "--below", kAbb, "-t", "1", "--memory-limit", "300K", "--checkpoint-every",
        "0.000001m", "--format", "json", "--quiet"},
       "--checkpoint",
       "downset-checkpoint:30",
       CensusJson},
      {"sweep",
       "sweep",
       {"family", "cycle", "--n", "4", "--from", "3", "--to", "5", "--engine", "downset",
        "--format", "json", "--quiet"},
       "--checkpoint",
       "sweep-checkpoint:1",
       [](const fs::path&, const RunResult& r) { return StableLines(r.out); }},
  };
}

std::vector<std::string> With(std::vector<std::string> args, const std::string& option,
                              const fs::path& dir, bool resume = false) {
  args.push_back(option);
  args.push_back(dir.string());
  if (resume) args.push_back("--resume");
  return args;
}

class CheckpointTest : public ::testing::Test {
 protected:
  void SetUp() override { fs::current_path(scratch_.path()); }
  void TearDown() override { fs::current_path(previous_); }

  fs::path previous_ = fs::current_path();
  TempDir scratch_;
};

TEST_F(CheckpointTest, KilledAndResumedThroughTheSameConvention) {
  for (const Command& c : Commands()) {
    SCOPED_TRACE(c.name);
    const fs::path whole = scratch_.path() / (c.name + "-whole");
    const RunResult reference = RunSeki(With(c.args, c.dir_option, whole), "", {}, 120);
    ASSERT_EQ(reference.status, 0) << reference.err;
    const std::string want = c.result(whole, reference);

    const fs::path dir = scratch_.path() / c.name;
    const RunResult killed =
        RunSeki(With(c.args, c.dir_option, dir), "", {"SEKI_KILL_AT=" + c.kill_at}, 120);
    ASSERT_EQ(killed.signal, SIGKILL) << killed.status << killed.err;
    const json saved = json::parse(ReadText(dir / "checkpoint.json"));
    EXPECT_EQ(saved["format"], "seki-checkpoint/1");
    EXPECT_EQ(saved["kind"], c.kind);
    EXPECT_TRUE(saved.contains("parameters"));

    const RunResult again = RunSeki(With(c.args, c.dir_option, dir));
    EXPECT_EQ(again.status, 2) << again.err;
    EXPECT_NE(again.err.find("use --resume"), std::string::npos) << again.err;
    EXPECT_EQ(std::count(again.err.begin(), again.err.end(), '\n'), 1) << again.err;

    const RunResult resumed = RunSeki(With(c.args, c.dir_option, dir, true), "", {}, 120);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(c.result(dir, resumed), want);
  }
}

TEST_F(CheckpointTest, AnotherKindIsRefusedAndAnEmptyDirectoryStartsAfresh) {
  const RunResult check = RunSeki(
      {"check", "6.2", "--max-rows", "2", "--max-entry", "2", "--quiet", "--checkpoint", "ck"});
  ASSERT_EQ(check.status, 0) << check.err;
  const std::string file = (fs::path("ck") / "checkpoint.json").string();
  const RunResult solve =
      RunSeki({"solve", "--engine", "downset", "--checkpoint", "ck", "--resume", "33/33"});
  EXPECT_EQ(solve.status, 2);
  EXPECT_EQ(solve.out, "");
  EXPECT_EQ(solve.err, "seki: " + file + ": a check checkpoint, not a downset checkpoint\n");
  const RunResult sweep = RunSeki({"family", "cycle", "--n", "2", "--from", "1", "--to", "2",
                                   "--checkpoint", "ck", "--resume"});
  EXPECT_EQ(sweep.status, 2);
  EXPECT_EQ(sweep.err, "seki: " + file + ": a check checkpoint, not a sweep checkpoint\n");

  fs::create_directory("empty");
  const RunResult fresh =
      RunSeki({"solve", "--engine", "downset", "--checkpoint", "empty", "--resume", "33/33"});
  EXPECT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_EQ(fresh.err, "seki: nothing to resume in empty; starting\n");
  EXPECT_EQ(fresh.out, RunSeki({"solve", "33/33"}).out);

  const RunResult levels =
      RunSeki({"solve", "--checkpoint", "d", "--checkpoint-every", "4", "33/33"});
  EXPECT_EQ(levels.status, 2);
  EXPECT_EQ(levels.err,
            "seki: --checkpoint-every: '4': a down-set pass has no levels; give minutes, e.g. "
            "10m\n");
  const RunResult no_dir =
      RunSeki({"check", "6.2", "--max-rows", "2", "--max-entry", "2", "--checkpoint-every", "10m"});
  EXPECT_EQ(no_dir.status, 2);
  EXPECT_EQ(no_dir.err, "seki: --checkpoint-every: needs --checkpoint DIR\n");
}

// A damaged checkpoint.json of any kind (JSON of the wrong type where a number, a name or a list
// is due; found by fuzz_checkpoint) ends with one line and exit 2, or a notice and a fresh start —
// never an internal error (exit 70); a file name that leaves the directory is refused before any
// file is read or removed by it.
TEST_F(CheckpointTest, DamagedCheckpointsAreOneLineNeverAnInternalError) {
  fs::create_directory("outside");
  const fs::path victim = scratch_.path() / "outside" / "victim.txt";
  WriteText(victim, "keep me\n");
  const std::vector<std::pair<std::string, std::function<void(json&)>>> damages = {
      {"kind", [](json& j) { j["kind"] = 1; }},
      {"levels", [](json& j) { j["levels"].push_back(json::object()); }},
      {"level_files",
       [&](json& j) { j["resumable"][0]["level_files"] = {"../outside/victim.txt"}; }},
      {"bits", [](json& j) { j["bits"] = "8"; }},
      {"data", [](json& j) { j["data"] = "../outside/victim.txt"; }},
      {"take", [](json& j) { j["take"]["seki"] = "x"; }},
      {"take-matrix",
       [](json& j) {
         j["take"]["classes"] = {{"1/x", 0, 0}};
       }},
  };
  for (const Command& c : Commands()) {
    const fs::path killed = scratch_.path() / (c.name + "-killed");
    ASSERT_EQ(
        RunSeki(With(c.args, c.dir_option, killed), "", {"SEKI_KILL_AT=" + c.kill_at}, 120).signal,
        SIGKILL);
    const json saved = json::parse(ReadText(killed / "checkpoint.json"));
    for (const auto& [name, damage] : damages) {
      json j = saved;
      const std::string key = name.substr(0, name.find('-'));
      if (key != "kind" && !j.contains(key)) continue;  // not a field of this kind
      SCOPED_TRACE(c.name + ": " + name);
      const fs::path dir = scratch_.path() / (c.name + "-" + name);
      fs::copy(killed, dir, fs::copy_options::recursive);
      damage(j);
      WriteText(dir / "checkpoint.json", j.dump());
      const RunResult r = RunSeki(With(c.args, c.dir_option, dir, true), "", {}, 120);
      EXPECT_TRUE(r.status == 0 || r.status == 2) << r.status << " " << r.err;
      if (r.status == 2) EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_EQ(ReadText(victim), "keep me\n");
    }
  }
}

// A checkpoint of the pass by orbits and one of the plain pass each refuse the other pass with one
// line that names the way (--plain-pass); a slice file that does not match its checksum is refused.
TEST_F(CheckpointTest, ThePassByOrbitsAndThePlainPassKeepTheirOwnCheckpoints) {
  const auto run = [&](const std::string& dir, std::vector<std::string> extra,
                       std::vector<std::string> env = {}) {
    std::vector<std::string> args = {"solve", "--engine",           "downset",   "-t",
                                     "1",     "--checkpoint-every", "0.000001m", "--checkpoint",
                                     dir};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(kAbb);
    return RunSeki(args, "", std::move(env), 120);
  };
  const std::string want = RunSeki({"solve", kAbb}).out;
  ASSERT_EQ(run("orbits", {}, {"SEKI_KILL_AT=downset-checkpoint:10"}).signal, SIGKILL);
  ASSERT_EQ(run("plain", {"--plain-pass"}, {"SEKI_KILL_AT=downset-checkpoint:3"}).signal, SIGKILL);
  const json saved = json::parse(ReadText(fs::path("orbits") / "checkpoint.json"));
  EXPECT_EQ(saved["orbits"]["version"], 1);
  EXPECT_EQ(saved["orbits"]["next"], 10);

  const RunResult plain_on_orbits = run("orbits", {"--plain-pass", "--resume"});
  EXPECT_EQ(plain_on_orbits.status, 2);
  EXPECT_EQ(plain_on_orbits.err, "seki: " + (fs::path("orbits") / "checkpoint.json").string() +
                                     ": a checkpoint of the pass by orbits: resume it without "
                                     "--plain-pass, in one process and without --scratch, or "
                                     "remove it\n");
  const RunResult orbits_on_plain = run("plain", {"--resume"});
  EXPECT_EQ(orbits_on_plain.status, 2);
  EXPECT_EQ(orbits_on_plain.err, "seki: " + (fs::path("plain") / "checkpoint.json").string() +
                                     ": a checkpoint of the plain pass: resume it with "
                                     "--plain-pass, or remove it\n");

  fs::copy("orbits", "damaged", fs::copy_options::recursive);
  const std::string slice = saved["orbits"]["held"][0]["data"];
  std::string bytes = ReadText(fs::path("damaged") / slice);
  bytes[bytes.size() / 2] ^= 1;
  WriteText(fs::path("damaged") / slice, bytes);
  const RunResult damaged = run("damaged", {"--resume"});
  EXPECT_EQ(damaged.status, 2);
  EXPECT_EQ(damaged.err, "seki: " + (fs::path("damaged") / "checkpoint.json").string() +
                             ": its data file " + slice + " does not match its checksum\n");
  fs::remove(fs::path("damaged") / slice);
  EXPECT_EQ(run("damaged", {"--resume"}).err,
            "seki: " + (fs::path("damaged") / "checkpoint.json").string() + ": its data file " +
                slice + " is missing or short\n");

  // Ctrl-C (after the third checkpoint) lets the slice under way finish, checkpoints and exits 130.
  const RunResult interrupted =
      run("ctrl-c", {}, {"SEKI_KILL_AT=downset-checkpoint:3", "SEKI_KILL_SIGNAL=INT"});
  EXPECT_EQ(interrupted.status, 130) << interrupted.err;
  EXPECT_EQ(json::parse(ReadText(fs::path("ctrl-c") / "checkpoint.json"))["orbits"]["next"], 4);
  EXPECT_EQ(run("ctrl-c", {"--resume"}).out, want);

  const RunResult orbits = run("orbits", {"--resume"});
  EXPECT_EQ(orbits.status, 0) << orbits.err;
  EXPECT_EQ(orbits.out, want);
  EXPECT_TRUE(fs::is_empty("orbits"));  // the checkpoint and its slice files are gone
  const RunResult plain = run("plain", {"--plain-pass", "--resume"});
  EXPECT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.out, want);
}

// `seki census REPORT.json` reads a check report whose command is not text (damaged or made by
// hand) as one without a command.
TEST_F(CheckpointTest, CensusOfAReportWithAnOddCommand) {
  ASSERT_EQ(RunSeki({"check", "6.2", "--max-rows", "2", "--max-entry", "2", "--quiet", "--json",
                     "r.json"})
                .status,
            0);
  json report = json::parse(ReadText("r.json"));
  report["command"] = 7;
  WriteText("r.json", report.dump());
  const RunResult r = RunSeki({"census", "r.json"});
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
