// Checkpoints of a down-set solve: checkpoint.json and a data file.
#include "engine/solve/downset_checkpoint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "storage/atomic_file.hpp"
#include "storage/checksum.hpp"

namespace seki {
namespace {

using nlohmann::json;

int Bits(DownsetMode mode) { return mode == DownsetMode::kOneGame ? 4 : 8; }

json Parameters(const DownsetLayout& layout) { return {{"matrix", FormatMatrix(layout.top)}}; }

// The state in a checkpoint, checked for its fields; nothing when there is none. Throws InputError
// naming the file.
std::optional<json> Read(const Checkpoint& checkpoint) {
  std::optional<json> j = checkpoint.Read();
  if (!j) return j;
  const json& s = *j;
  if (s.contains("orbits")) {  // the pass by orbits: its fields are checked where it is loaded
    if (!s["parameters"].is_object() || !s["parameters"].contains("matrix") ||
        !s["orbits"].is_object())
      throw InputError(checkpoint.file().string(), "not a down-set checkpoint (or damaged)");
    return j;
  }
  const auto integer = [&](const char* key, std::int64_t below) {
    return s.contains(key) && s[key].is_number_unsigned() && s[key].get<std::int64_t>() < below;
  };
  const bool bits = integer("bits", 9) && (s["bits"] == 8 || s["bits"] == 4);
  const bool ok = s["parameters"].is_object() && s["parameters"].contains("matrix") &&
                  s.contains("full") && s["full"].is_boolean() && bits &&
                  integer("pass", 8 / s["bits"].get<int>()) && integer("roots", 256) &&
                  integer("bytes", INT64_MAX) && integer("slab", INT64_MAX) &&
                  integer("step", INT64_MAX) && s.contains("data") && s["data"].is_string() &&
                  IsSafeRelativePath(s["data"].get<std::string>()) && s.contains("xxh3_64") &&
                  s["xxh3_64"].is_string();
  if (!ok) throw InputError(checkpoint.file().string(), "not a down-set checkpoint (or damaged)");
  return j;
}

// What a checkpoint of layout.top in `mode` must match (the matrix is matched by the caller).
void CheckTable(const json& s, const std::string& where, bool full, DownsetMode mode,
                std::size_t bytes, bool disk) {
  if (s.contains("orbits"))
    throw InputError(where,
                     "a checkpoint of the pass by orbits: resume it without --plain-pass, in one "
                     "process and without --scratch, or remove it");
  if (s.contains("disk") != disk)
    throw InputError(where, disk ? "a checkpoint of a pass in memory: resume it with --checkpoint "
                                   "DIR and without --scratch, or remove it"
                                 : "a checkpoint of a pass with its ring on disk: resume it with "
                                   "--scratch DIR, or remove it");
  const int bits = s["bits"];
  if (s["full"] != full || bits != Bits(mode) || s["bytes"] != bytes)
    throw InputError(where,
                     fmt::format("a checkpoint of another table ({} bits a matrix{}; another "
                                 "memory limit or --moves): remove it or solve as before",
                                 bits, s["full"].get<bool>() ? ", full table" : ""));
}

DownsetProgress ProgressOf(const json& s) {
  return DownsetProgress{s["pass"].get<int>(), DownsetPosition{s["slab"], s["step"]},
                         s["roots"].get<std::uint8_t>()};
}

// The take phase's state of a checkpoint into *take (when asked).
void TakeOf(const json& s, const std::string& where, json* take) {
  if (!take) return;
  if (!s.contains("take"))
    throw InputError(where,
                     "a checkpoint of a solve, not of a census: remove it or resume it with seki "
                     "solve");
  *take = s["take"];
}

json State(const DownsetLayout& layout, bool full, DownsetMode mode,
           const DownsetProgress& progress, std::size_t bytes) {
  return {{"parameters", Parameters(layout)},
          {"full", full},
          {"bits", Bits(mode)},
          {"pass", progress.pass},
          {"roots", progress.roots},
          {"bytes", bytes},
          {"slab", progress.position.slab},
          {"step", progress.position.step}};
}

// The shape of an orbit layout that a checkpoint of it must match.
json OrbitShape(const DownsetOrbits& orbits, DownsetMode mode) {
  return {{"version", kOrbitLayoutVersion}, {"bits", Bits(mode)},
          {"slices", orbits.slices.size()}, {"slice_bytes", orbits.slice_bytes(mode)},
          {"fixed", orbits.fixed.size()},   {"symmetries", orbits.group_order}};
}

// The slice files an orbit checkpoint names (those whose names are safe).
std::vector<std::string> OrbitFiles(const json& s) {
  std::vector<std::string> files;
  const json& held = s["orbits"].value("held", json::array());
  if (!held.is_array()) return files;
  for (const json& h : held)
    if (h.is_object() && h.contains("data") && h["data"].is_string() &&
        IsSafeRelativePath(h["data"].get<std::string>()))
      files.push_back(h["data"].get<std::string>());
  return files;
}

}  // namespace

std::filesystem::path RingFileOf(const Checkpoint& checkpoint) {
  return checkpoint.DataFile("ring.bin");
}

void SaveRingCheckpoint(const Checkpoint& checkpoint, const DownsetLayout& layout, DownsetMode mode,
                        const DownsetProgress& progress, const DownsetRing& ring,
                        const nlohmann::json& take) {
  const DownsetRingGeometry& g = ring.geometry();
  json sums = json::array();
  std::string all;
  for (std::uint64_t c : ring.checksums()) {
    sums.push_back(ChecksumHex(c));
    all += sums.back().get<std::string>();
  }
  json state = State(layout, false, mode, progress, static_cast<std::size_t>(g.file_bytes()));
  state["data"] = ring.path().filename().string();
  state["xxh3_64"] = ChecksumHex(Checksum(all.data(), all.size()));
  state["disk"] = {{"slots", g.slots}, {"slot_bytes", g.slot_bytes}, {"checksums", sums}};
  if (!take.is_null()) state["take"] = take;
  checkpoint.Write(state);
}

std::optional<RingCheckpoint> LoadRingCheckpoint(const Checkpoint& checkpoint,
                                                 const DownsetLayout& layout, DownsetMode mode,
                                                 const DownsetRingGeometry& geometry, json* take) {
  const std::optional<json> j = Read(checkpoint);
  if (!j || (*j)["parameters"] != Parameters(layout)) return std::nullopt;
  const json& s = *j;
  const std::string where = checkpoint.file().string();
  CheckTable(s, where, false, mode, static_cast<std::size_t>(geometry.file_bytes()), true);
  TakeOf(s, where, take);
  RingCheckpoint out{ProgressOf(s), {}};
  try {
    const json& d = s.at("disk");
    if (d.at("slots") != geometry.slots || d.at("slot_bytes") != geometry.slot_bytes ||
        d.at("checksums").size() != geometry.slots)
      throw InputError(where, "a checkpoint of another ring (slots): remove it");
    std::string all;
    for (const json& c : d.at("checksums")) {
      const std::string hex = c.get<std::string>();
      all += hex;
      out.checksums.push_back(std::stoull(hex, nullptr, 16));
    }
    if (ChecksumHex(Checksum(all.data(), all.size())) != s["xxh3_64"].get<std::string>())
      throw InputError(where, "its slots' checksums do not match its checksum");
  } catch (const json::exception&) {
    throw InputError(where, "not a down-set checkpoint (or damaged)");
  } catch (const std::logic_error&) {  // std::stoull
    throw InputError(where, "not a down-set checkpoint (or damaged)");
  }
  if (s["data"] != RingFileOf(checkpoint).filename().string())
    throw InputError(where, "names another ring file");
  return out;
}

void SaveDownsetCheckpoint(const Checkpoint& checkpoint, const DownsetLayout& layout, bool full,
                           DownsetMode mode, const DownsetProgress& progress,
                           const std::uint8_t* values, std::size_t bytes,
                           const nlohmann::json& take) {
  std::optional<json> old;
  try {
    old = Read(checkpoint);
  } catch (const InputError&) {
  }
  const DownsetPosition& at = progress.position;
  const std::filesystem::path data =
      checkpoint.DataFile(fmt::format("values-{}-{}-{}.bin", progress.pass, at.slab, at.step));
  WriteFileAtomically(data, std::string_view(reinterpret_cast<const char*>(values), bytes));
  json state = State(layout, full, mode, progress, bytes);
  state["data"] = data.filename().string();
  state["xxh3_64"] = ChecksumHex(Checksum(values, bytes));
  if (!take.is_null()) state["take"] = take;
  checkpoint.Write(state);
  if (old && (*old)["data"] != data.filename().string()) {
    std::error_code ignored;
    std::filesystem::remove(checkpoint.dir() / (*old)["data"].get<std::string>(), ignored);
  }
}

void RemoveDownsetCheckpoint(const Checkpoint& checkpoint) {
  std::optional<json> j;
  try {
    j = Read(checkpoint);
  } catch (const InputError&) {
    return;  // not ours: leave it
  }
  if (!j) return;
  std::error_code ignored;
  if (j->contains("orbits")) {
    for (const std::string& data : OrbitFiles(*j))
      std::filesystem::remove(checkpoint.dir() / data, ignored);
  } else if ((*j)["data"].is_string() && IsSafeRelativePath((*j)["data"])) {
    std::filesystem::remove(checkpoint.dir() / (*j)["data"].get<std::string>(), ignored);
  }
  checkpoint.Remove();
}

void SaveOrbitCheckpoint(const Checkpoint& checkpoint, const DownsetOrbits& orbits,
                         DownsetMode mode, const OrbitProgress& at,
                         const std::vector<const std::uint8_t*>& held,
                         std::vector<std::string>& written, const nlohmann::json& take) {
  std::vector<std::string> before;  // the files of the checkpoint this one replaces
  try {
    if (const std::optional<json> old = Read(checkpoint); old && old->contains("orbits"))
      before = OrbitFiles(*old);
  } catch (const InputError&) {
  }
  const std::size_t bytes = orbits.slice_bytes(mode);
  json slices = json::array();
  std::vector<std::string> now;
  for (std::uint32_t k = 0; k < held.size(); ++k) {
    if (!held[k]) continue;
    const std::string data = fmt::format("slice-{}-{}.bin", at.pass, k);
    if (written[k].empty()) {
      WriteFileAtomically(checkpoint.DataFile(data),
                          std::string_view(reinterpret_cast<const char*>(held[k]), bytes));
      written[k] = ChecksumHex(Checksum(held[k], bytes));
    }
    slices.push_back({{"slice", k}, {"data", data}, {"xxh3_64", written[k]}});
    now.push_back(data);
  }
  json state = {{"parameters", {{"matrix", FormatMatrix(orbits.top)}}},
                {"orbits", OrbitShape(orbits, mode)}};
  state["orbits"]["pass"] = at.pass;
  state["orbits"]["next"] = at.next;
  state["orbits"]["roots"] = at.roots;
  state["orbits"]["held"] = slices;
  if (!take.is_null()) state["take"] = take;
  checkpoint.Write(state);
  std::error_code ignored;
  for (const std::string& data : before)
    if (std::find(now.begin(), now.end(), data) == now.end())
      std::filesystem::remove(checkpoint.dir() / data, ignored);
  for (std::uint32_t k = 0; k < held.size(); ++k)
    if (!held[k]) written[k].clear();  // a slice no longer held is no longer on disk
}

std::optional<OrbitProgress> LoadOrbitCheckpoint(
    const Checkpoint& checkpoint, const DownsetOrbits& orbits, DownsetMode mode,
    const std::function<std::uint8_t*(int pass, std::uint32_t k)>& buffer,
    std::vector<std::string>& written, nlohmann::json* take) {
  const std::optional<json> j = Read(checkpoint);
  if (!j || (*j)["parameters"] != json{{"matrix", FormatMatrix(orbits.top)}}) return std::nullopt;
  const json& s = *j;
  const std::string where = checkpoint.file().string();
  if (!s.contains("orbits"))
    throw InputError(where,
                     "a checkpoint of the plain pass: resume it with --plain-pass, or remove it");
  TakeOf(s, where, take);
  const json& o = s["orbits"];
  json shape = o;
  for (const char* key : {"pass", "next", "roots", "held"}) shape.erase(key);
  if (shape != OrbitShape(orbits, mode))
    throw InputError(where,
                     fmt::format("a checkpoint of another orbit layout (version {}, {} "
                                 "bits a matrix; this solve's: version {}, {}; another "
                                 "memory limit?): remove it or solve as before",
                                 o.value("version", json()).dump(), o.value("bits", json()).dump(),
                                 kOrbitLayoutVersion, Bits(mode)));
  const std::size_t bytes = orbits.slice_bytes(mode);
  OrbitProgress at;
  try {
    at.pass = o.at("pass").get<int>();
    at.next = o.at("next").get<std::uint32_t>();
    at.roots = o.at("roots").get<std::uint8_t>();
    if (at.pass < 0 || at.pass >= 8 / Bits(mode) || at.next > orbits.slices.size())
      throw InputError(where, "not a down-set checkpoint (or damaged)");
    for (const json& h : o.at("held")) {
      const std::uint32_t k = h.at("slice").get<std::uint32_t>();
      const std::string data = h.at("data").get<std::string>();
      const std::string sum = h.at("xxh3_64").get<std::string>();
      if (k >= at.next || data != fmt::format("slice-{}-{}.bin", at.pass, k) || !written[k].empty())
        throw InputError(where, "not a down-set checkpoint (or damaged)");
      std::uint8_t* to = buffer(at.pass, k);
      std::ifstream in(checkpoint.dir() / data, std::ios::binary);
      in.read(reinterpret_cast<char*>(to), static_cast<std::streamsize>(bytes));
      if (!in || static_cast<std::size_t>(in.gcount()) != bytes)
        throw InputError(where, "its data file " + data + " is missing or short");
      if (ChecksumHex(Checksum(to, bytes)) != sum)
        throw InputError(where, "its data file " + data + " does not match its checksum");
      written[k] = sum;
    }
  } catch (const json::exception&) {
    throw InputError(where, "not a down-set checkpoint (or damaged)");
  }
  // Every slice to come must find the slices it reads.
  for (std::uint32_t t = at.next; t < orbits.slices.size(); ++t)
    for (const DownsetOrbits::Child& c : orbits.slices[t].children)
      if (c.slice < at.next && written[c.slice].empty())
        throw InputError(where, fmt::format("slice {} is not held", c.slice));
  return at;
}

std::optional<DownsetProgress> LoadDownsetCheckpoint(const Checkpoint& checkpoint,
                                                     const DownsetLayout& layout, bool full,
                                                     DownsetMode mode, std::uint8_t* values,
                                                     std::size_t bytes, nlohmann::json* take) {
  const std::optional<json> j = Read(checkpoint);
  if (!j || (*j)["parameters"] != Parameters(layout)) return std::nullopt;
  const json& s = *j;
  const std::string where = checkpoint.file().string();
  TakeOf(s, where, take);
  CheckTable(s, where, full, mode, bytes, false);
  const std::string data = s["data"];
  std::ifstream in(checkpoint.dir() / data, std::ios::binary);
  in.read(reinterpret_cast<char*>(values), static_cast<std::streamsize>(bytes));
  if (!in || static_cast<std::size_t>(in.gcount()) != bytes)
    throw InputError(where, "its data file " + data + " is missing or short");
  if (ChecksumHex(Checksum(values, bytes)) != s["xxh3_64"].get<std::string>())
    throw InputError(where, "its data file " + data + " does not match its checksum");
  return ProgressOf(s);
}

}  // namespace seki
