// Run directories for the verify and export tests: a small real run made by the built `seki`
// binary, copies to damage, and helpers to edit its files and to bring the manifest's sizes and
// checksums up to date (so that a content check, not the checksum, has to find the damage).
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "seki_process.hpp"
#include "storage/checksum.hpp"
#include "temp_dir.hpp"

namespace seki::testing {

namespace fs = std::filesystem;

inline void WriteText(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

// The lines of a file (without newlines) and back (each with a newline).
inline std::vector<std::string> FileLines(const fs::path& p) { return Lines(ReadText(p)); }
inline void WriteLines(const fs::path& p, const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  WriteText(p, text);
}

// Recomputes the size and XXH3-64 of every file the manifest lists.
inline void RefreshManifestChecksums(const fs::path& dir) {
  nlohmann::json m = nlohmann::json::parse(ReadText(dir / "manifest.json"));
  for (auto& [name, entry] : m["files"].items()) {
    entry["bytes"] = fs::file_size(dir / name);
    entry["xxh3_64"] = ChecksumHex(FileChecksum(dir / name));
  }
  WriteText(dir / "manifest.json", m.dump(2) + "\n");
}

// Makes `seki enumerate --rows R --cols C --max-entry H [--outcomes] --out DIR` and checks that it
// finished with a manifest. (Should the binary not write manifest.json, one is made from
// summary.json and the files, in the format `seki verify` reads.)
inline void MakeRun(const fs::path& dir, int rows, int cols, int max_entry, bool outcomes) {
  std::vector<std::string> args = {"enumerate",
                                   "--rows",
                                   std::to_string(rows),
                                   "--cols",
                                   std::to_string(cols),
                                   "--max-entry",
                                   std::to_string(max_entry),
                                   "--threads",
                                   "2",
                                   "--quiet",
                                   "--out",
                                   dir.string()};
  if (outcomes) args.push_back("--outcomes");
  const RunResult r = RunSeki(args, "", {}, 300);
  ASSERT_EQ(r.status, 0) << r.err;
  if (fs::exists(dir / "manifest.json")) return;
  const nlohmann::json summary = nlohmann::json::parse(ReadText(dir / "summary.json"));
  nlohmann::json m = {{"format", "seki-run/1"},
                      {"tool", {{"name", "seki"}, {"version", "test"}, {"commit", ""}}},
                      {"command", summary.value("command", "")},
                      {"parameters", summary["parameters"]},
                      {"threads", 2},
                      {"host", {{"cpu", ""}, {"cores", 2}, {"memory_bytes", 0}}},
                      {"start", "1970-01-01T00:00:00Z"},
                      {"end", "1970-01-01T00:00:00Z"},
                      {"levels", summary["levels"]},
                      {"totals", summary["totals"]},
                      {"complete", true}};
  std::vector<std::string> names = {"seki/seki.txt",          "seki/complete.txt",
                                    "seki/semi-complete.txt", "dseki/seki.txt",
                                    "dseki/complete.txt",     "dseki/semi-complete.txt"};
  if (outcomes) names.push_back("outcomes.txt");
  for (const std::string& name : names) m["files"][name] = {{"bytes", 0}, {"xxh3_64", ""}};
  WriteText(dir / "manifest.json", m.dump(2) + "\n");
  RefreshManifestChecksums(dir);
}

// A copy of a run directory.
inline void CopyRun(const fs::path& from, const fs::path& to) {
  fs::copy(from, to, fs::copy_options::recursive);
}

// A suite with two small real runs made once for the whole suite: "plain" (3x3, entries <= 2) and
// "outcomes" (the same with outcomes.txt), and a scratch directory per test.
class TwoRunsSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new TempDir();
    MakeRun(root_->path() / "plain", 3, 3, 2, false);
    MakeRun(root_->path() / "outcomes", 3, 3, 2, true);
  }
  static void TearDownTestSuite() {
    delete root_;
    root_ = nullptr;
  }
  static fs::path Run(const std::string& which) { return root_->path() / which; }
  static nlohmann::json Manifest(const std::string& which) {
    return nlohmann::json::parse(ReadText(Run(which) / "manifest.json"));
  }

  static inline TempDir* root_ = nullptr;
  TempDir scratch_;
};

}  // namespace seki::testing
