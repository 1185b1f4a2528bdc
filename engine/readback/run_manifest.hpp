// Reading a finished run directory's manifest.json (format "seki-run/1", written by
// `seki enumerate`), for `seki verify` and `seki export`. Only the keys these commands rely on are
// interpreted; the whole document is kept for provenance.
// Concurrency: free functions without shared state; a RunManifest is a plain value.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/outcome.hpp"

namespace seki {

inline constexpr const char* kManifestFormat = "seki-run/1";

// The six catalogue files of a run, in a fixed order: SEKI seki, complete, semi-complete, then the
// same for D-SEKI ("seki/seki.txt", ...), and the manifest's name of their counts ("seki/seki").
struct CatalogueFile {
  Game game;
  int kind;  // 0 seki, 1 complete, 2 semi-complete (engine/level/catalogue.hpp CatalogueKind)
  std::string path;         // "dseki/complete.txt"
  std::string counts_name;  // "dseki/complete"
};
const std::vector<CatalogueFile>& CatalogueFiles();

// The file of every class with both games' values, written with --outcomes.
inline constexpr const char* kOutcomesFile = "outcomes.txt";

struct ManifestFile {
  std::uint64_t bytes = 0;
  std::string xxh3_64;  // 16 lower-case hex digits
};

// Counts of one level (or of the whole run, sum = -1), by the manifest's member names.
struct ManifestCounts {
  int sum = -1;
  std::uint64_t classes = 0, starting = 0;
  std::map<std::string, std::uint64_t> members;  // "seki/seki" -> n, ...
};

struct RunManifest {
  nlohmann::json json;
  std::string format;
  bool complete = false;
  std::string tool_name, tool_version, tool_commit, command, start, end;
  int rows = 0, cols = 0;
  std::optional<int> max_entry, max_sum;  // as given on the command line
  int effective_max_entry = 0, effective_max_sum = 0;
  bool outcomes = false;
  bool generate_only = false;  // parameters.generate_only (optional): no catalogues were written
  // parameters.lists (optional, "all" when absent): "complete" lists only the complete and
  // semi-complete seki and counts the other seki in seki-counts.txt files instead of seki.txt.
  std::string lists = "all";
  bool counts_only() const { return lists == "complete"; }
  int threads = 0;
  std::vector<ManifestCounts> levels;
  ManifestCounts totals;
  std::map<std::string, ManifestFile> files;  // relative path -> size and checksum
};

// Reads DIR/manifest.json. Throws InputError (exit status 2) when the directory or the manifest is
// missing, is not JSON, has another format, or lacks a key these commands need; "complete" is read
// as given (false when absent) so that the caller can report it.
RunManifest ReadRunManifest(const std::filesystem::path& dir);

// The file a catalogue's members are in: f.path, or for the seki of a counts-only run the game's
// seki-counts file.
std::string CatalogueFilePath(const CatalogueFile& f, const RunManifest& m);

// Checks that the run is finished and holds values (not generation-only), and that its catalogues
// (and outcomes.txt when listed) are the files the manifest describes: present, with its sizes and
// checksums. `use` names what the caller does ("export"). Throws InputError naming the problem.
void CheckFinishedRun(const std::filesystem::path& dir, const RunManifest& m,
                      const std::string& use);

}  // namespace seki
