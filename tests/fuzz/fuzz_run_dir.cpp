// Fuzz target: what `seki verify`, `export` and `census` read back from a finished run directory —
// manifest.json (engine/readback/run_manifest.hpp) and the catalogue files — and the check report
// `seki census REPORT.json` reads (engine/census/census.hpp). The input is a selector byte, then
// files separated by lines "----": manifest.json, the six catalogues in CatalogueFiles() order
// (seki/seki.txt, seki/complete.txt, seki/semi-complete.txt, then dseki/...), outcomes.txt,
// seki/seki-counts.txt, dseki/seki-counts.txt (a file not given, or given as the one line
// "!absent", is absent), written into a scratch
// directory of its own under /tmp (emptied after every input). The selector's bits 0-1 the reader:
//   0  ReadRunManifest, then CheckFinishedRun (as `seki export` does);
//   1  VerifyRun with a sample of one line a file (seed 1), for runs of at most 6 entries with
//      entries <= 3 (so that re-solving stays cheap);
//   2  CensusFromRun (`seki census DIR`);
//   3  CensusesFromCheckReport on the first file (`seki census REPORT.json`).
// Bit 2: the harness writes each file's size and XXH3-64 into the manifest's "files" (so that the
// fuzzer gets past the checksums to the lines).
// Properties: no crash, no sanitizer report, no exception but InputError (one line); allocation
// bounded by the input; a census read back survives CensusJson -> CensusFromJson. (Verify's texts
// may quote the files; `seki verify` prints them through OneLine.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/census/census.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/readback/run_manifest.hpp"
#include "engine/readback/verify.hpp"
#include "storage/checksum.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/fuzz_files.hpp"

namespace {

namespace fs = std::filesystem;

const seki::fuzz::ScratchDir& Scratch() {
  static const seki::fuzz::ScratchDir dir("fuzz-run-dir");
  return dir;
}

// The names of the files after manifest.json, in the order the input gives them.
std::vector<std::string> FileNames() {
  std::vector<std::string> names;
  for (const seki::CatalogueFile& f : seki::CatalogueFiles()) names.push_back(f.path);
  names.push_back(seki::kOutcomesFile);
  for (seki::Game g : seki::kGames) names.push_back(seki::SekiCountsFileName(g));
  return names;
}

void Error(const seki::InputError& e) {
  seki::fuzz::Say("error", e.what());
  seki::fuzz::ExpectOneLine(e.what());
}

void RoundTrip(const seki::Census& c) {
  if (seki::CensusFromJson(seki::CensusJson(c)) != c) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::vector<std::string_view> sections =
      seki::fuzz::Split(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
  const seki::fuzz::ScratchDir& scratch = Scratch();
  scratch.Clear();
  const fs::path dir = scratch.path();
  const int reader = selector & 3;

  if (reader == 3) {
    const fs::path report = dir / "report.json";
    seki::fuzz::WriteFile(report, sections[0]);
    try {
      const std::vector<seki::Census> censuses = seki::CensusesFromCheckReport(report);
      seki::fuzz::Say("report", std::to_string(censuses.size()) + " censuses");
      for (const seki::Census& c : censuses) RoundTrip(c);
    } catch (const seki::InputError& e) {
      Error(e);
    }
    scratch.Clear();
    return 0;
  }

  static const std::vector<std::string> names = FileNames();
  std::string manifest(sections[0]);
  const auto given = [&](std::size_t k) {
    return k < sections.size() && k <= names.size() && sections[k] != "!absent\n";
  };
  for (std::size_t k = 1; k <= names.size(); ++k)
    if (given(k)) seki::fuzz::WriteFile(dir / names[k - 1], sections[k]);
  if (selector & 4) {  // the files' sizes and checksums, as the run would have listed them
    nlohmann::json m = nlohmann::json::parse(manifest, nullptr, /*allow_exceptions=*/false);
    if (m.is_object() && (!m.contains("files") || m["files"].is_object())) {
      for (std::size_t k = 1; k <= names.size(); ++k)
        if (given(k))
          m["files"][names[k - 1]] = {{"bytes", sections[k].size()},
                                      {"xxh3_64", seki::ChecksumHex(seki::Checksum(
                                                      sections[k].data(), sections[k].size()))}};
      manifest = m.dump();
    }
  }
  seki::fuzz::WriteFile(dir / "manifest.json", manifest);

  try {
    switch (reader) {
      case 0: {
        const seki::RunManifest m = seki::ReadRunManifest(dir);
        seki::fuzz::Say("manifest", seki::RunSpaceText(m));
        seki::CheckFinishedRun(dir, m, "export");
        seki::fuzz::Say("finished", "yes");
        break;
      }
      case 1: {
        const seki::RunManifest m = seki::ReadRunManifest(dir);
        if (m.rows * m.cols > 6 || m.effective_max_entry > 3) break;
        const seki::VerifyReport report = seki::VerifyRun(dir, {.sample = 1, .seed = 1});
        for (const seki::VerifyCheck& check : report.checks)  // printed through OneLine
          if (!check.ok) seki::fuzz::Say("failed", check.what + ": " + check.detail);
        seki::fuzz::Say("verify", std::to_string(report.passed()) + " of " +
                                      std::to_string(report.total()) + " checks passed");
        break;
      }
      default: {
        const seki::Census c = seki::CensusFromRun(dir);
        seki::fuzz::Say("census", std::to_string(c.classes) + " classes");
        RoundTrip(c);
        break;
      }
    }
  } catch (const seki::InputError& e) {
    Error(e);
  }
  scratch.Clear();
  return 0;
}
