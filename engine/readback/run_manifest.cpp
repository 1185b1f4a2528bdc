// manifest.json of a run directory.
#include "engine/readback/run_manifest.hpp"

#include <fstream>
#include <sstream>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix.hpp"
#include "engine/level/catalogue.hpp"
#include "storage/checksum.hpp"

namespace seki {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class Reader {
 public:
  explicit Reader(std::string where) : where_(std::move(where)) {}

  [[noreturn]] void Fail(const std::string& key, const std::string& problem) const {
    throw InputError(where_, "key " + key + " " + problem);
  }
  const json& At(const json& j, const std::string& key, const std::string& path) const {
    if (!j.is_object() || !j.contains(key)) Fail(path + key, "missing");
    return j.at(key);
  }
  std::string String(const json& j, const std::string& key, const std::string& path = "") const {
    const json& v = At(j, key, path);
    if (!v.is_string()) Fail(path + key, "is not a string");
    return v.get<std::string>();
  }
  std::uint64_t Count(const json& j, const std::string& key, const std::string& path = "") const {
    const json& v = At(j, key, path);
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
      Fail(path + key, "is not a non-negative integer");
    return v.get<std::uint64_t>();
  }
  int Int(const json& j, const std::string& key, const std::string& path = "") const {
    const std::uint64_t v = Count(j, key, path);
    if (v > 1'000'000'000) Fail(path + key, "is out of range");
    return static_cast<int>(v);
  }
  std::optional<int> OptionalInt(const json& j, const std::string& key,
                                 const std::string& path = "") const {
    if (At(j, key, path).is_null()) return std::nullopt;
    return Int(j, key, path);
  }
  bool Bool(const json& j, const std::string& key, const std::string& path = "") const {
    const json& v = At(j, key, path);
    if (!v.is_boolean()) Fail(path + key, "is not true or false");
    return v.get<bool>();
  }
  ManifestCounts Counts(const json& j, const std::string& path) const {
    ManifestCounts c;
    c.classes = Count(j, "classes", path);
    c.starting = Count(j, "starting", path);
    const json& members = At(j, "members", path);
    for (const CatalogueFile& f : CatalogueFiles())
      c.members[f.counts_name] = Count(members, f.counts_name, path + "members.");
    return c;
  }

 private:
  std::string where_;
};

}  // namespace

const std::vector<CatalogueFile>& CatalogueFiles() {
  static const std::vector<CatalogueFile> files = [] {
    std::vector<CatalogueFile> v;
    const char* kinds[] = {"seki", "complete", "semi-complete"};
    for (Game g : kGames)
      for (int k = 0; k < 3; ++k) {
        const std::string base = std::string(GameName(g)) + "/" + kinds[k];
        v.push_back({g, k, base + ".txt", base});
      }
    return v;
  }();
  return files;
}

std::string CatalogueFilePath(const CatalogueFile& f, const RunManifest& m) {
  return f.kind == 0 && m.counts_only() ? SekiCountsFileName(f.game) : f.path;
}

void CheckFinishedRun(const fs::path& dir, const RunManifest& m, const std::string& use) {
  if (!m.complete)
    throw InputError((dir / "manifest.json").string(),
                     "the run is not marked complete; finish it (seki enumerate --resume) first");
  if (m.generate_only)
    throw InputError(dir.string(), "a generation-only run has no values to " + use);
  std::vector<std::string> names;
  for (const CatalogueFile& f : CatalogueFiles()) names.push_back(CatalogueFilePath(f, m));
  if (m.files.count(kOutcomesFile)) names.push_back(kOutcomesFile);
  for (const std::string& name : names) {
    const auto it = m.files.find(name);
    if (it == m.files.end())
      throw InputError((dir / "manifest.json").string(), "does not list " + name);
    const fs::path path = dir / name;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) throw InputError(path.string(), "missing");
    if (fs::file_size(path, ec) != it->second.bytes ||
        ChecksumHex(FileChecksum(path)) != it->second.xxh3_64)
      throw InputError(path.string(),
                       "does not match the manifest's size and checksum (run seki verify)");
  }
}

RunManifest ReadRunManifest(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir.string(), "no such run directory");
  const fs::path path = dir / "manifest.json";
  if (!fs::exists(path, ec))
    throw InputError(path.string(),
                     fs::exists(dir / "checkpoint.json", ec)
                         ? "missing: not a finished run directory (an unfinished run: finish it "
                           "with seki enumerate --resume)"
                         : "missing: not a finished run directory");
  // A real manifest is a few hundred kilobytes at most (one entry per level); refuse to load
  // anything absurd into memory.
  constexpr std::uintmax_t kMaxManifestBytes = 64u << 20;
  if (fs::file_size(path, ec) > kMaxManifestBytes)
    throw InputError(path.string(), "too large to be a manifest");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string(), "cannot read");
  std::ostringstream text;
  text << in.rdbuf();
  RunManifest m;
  try {
    m.json = json::parse(text.str());
  } catch (const json::exception& e) {
    throw InputError(path.string(), std::string("not valid JSON: ") + e.what());
  }
  const Reader r(path.string());
  if (!m.json.is_object()) throw InputError(path.string(), "not a JSON object");
  m.format = r.String(m.json, "format");
  if (m.format != kManifestFormat)
    throw InputError(path.string(),
                     "format '" + m.format + "', this tool reads " + std::string(kManifestFormat));
  m.complete = m.json.contains("complete") && m.json["complete"].is_boolean() &&
               m.json["complete"].get<bool>();

  const json& tool = r.At(m.json, "tool", "");
  m.tool_name = r.String(tool, "name", "tool.");
  m.tool_version = r.String(tool, "version", "tool.");
  m.tool_commit = r.String(tool, "commit", "tool.");
  m.command = r.String(m.json, "command");
  m.start = r.String(m.json, "start");
  m.end =
      m.json.contains("end") && m.json["end"].is_string() ? m.json["end"].get<std::string>() : "";
  m.threads = r.Int(m.json, "threads");

  const json& p = r.At(m.json, "parameters", "");
  const std::string pp = "parameters.";
  m.rows = r.Int(p, "rows", pp);
  m.cols = r.Int(p, "cols", pp);
  m.max_entry = r.OptionalInt(p, "max_entry", pp);
  m.max_sum = r.OptionalInt(p, "max_sum", pp);
  m.effective_max_entry = r.Int(p, "effective_max_entry", pp);
  m.effective_max_sum = r.Int(p, "effective_max_sum", pp);
  m.outcomes = r.Bool(p, "outcomes", pp);
  if (p.contains("generate_only")) m.generate_only = r.Bool(p, "generate_only", pp);
  if (p.contains("lists")) m.lists = r.String(p, "lists", pp);
  if (m.lists != "all" && m.lists != "complete") r.Fail("parameters.lists", "not all or complete");
  if (m.rows < 1 || m.rows > kMaxDim || m.cols < 1 || m.cols > kMaxDim)
    r.Fail("parameters.rows/cols", "outside 1..8");
  if (m.effective_max_entry < 1 || m.effective_max_entry > kMaxEntry)
    r.Fail("parameters.effective_max_entry", "outside 1..255");
  if (m.effective_max_sum > m.rows * m.cols * m.effective_max_entry)
    r.Fail("parameters.effective_max_sum", "is above rows * cols * effective_max_entry");

  const json& levels = r.At(m.json, "levels", "");
  if (!levels.is_array()) r.Fail("levels", "is not an array");
  for (std::size_t k = 0; k < levels.size(); ++k) {
    const std::string lp = "levels[" + std::to_string(k) + "].";
    ManifestCounts c = r.Counts(levels[k], lp);
    c.sum = r.Int(levels[k], "sum", lp);
    m.levels.push_back(std::move(c));
  }
  m.totals = r.Counts(r.At(m.json, "totals", ""), "totals.");

  const json& files = r.At(m.json, "files", "");
  if (!files.is_object()) r.Fail("files", "is not an object");
  for (const auto& [name, entry] : files.items()) {
    const std::string fp = "files[\"" + name + "\"].";
    ManifestFile f;
    f.bytes = r.Count(entry, "bytes", fp);
    f.xxh3_64 = r.String(entry, "xxh3_64", fp);
    m.files[name] = f;
  }
  return m;
}

}  // namespace seki
