// Checkpoints of a down-set solve: a text header and a data file.
#include "engine/solve/downset_checkpoint.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "storage/atomic_file.hpp"
#include "storage/checksum.hpp"

namespace seki {
namespace {

// Format 2: chunks as wavefront levels, the mode, the pass and the roots (format 1 numbered
// levels by blocks: its positions mean other things).
constexpr std::string_view kMagic = "seki-downset-checkpoint 2";
constexpr std::string_view kMagicPrefix = "seki-downset-checkpoint ";

struct Header {
  std::string matrix;
  bool full = false;
  int bits = 8;  // bits a matrix: 8 (DownsetMode::kBothGames) or 4 (kOneGame)
  int pass = 0, roots = 0;
  std::uint64_t bytes = 0, slab = 0, level = 0;
  std::string data;
  std::string checksum;
};

int Bits(DownsetMode mode) { return mode == DownsetMode::kOneGame ? 4 : 8; }

std::string Format(const Header& h) {
  return fmt::format(
      "{}\nmatrix {}\nfull {}\nbits {}\npass {}\nroots {}\nbytes {}\nslab {}\nlevel {}\ndata "
      "{}\nchecksum {}\n",
      kMagic, h.matrix, h.full ? 1 : 0, h.bits, h.pass, h.roots, h.bytes, h.slab, h.level, h.data,
      h.checksum);
}

std::optional<Header> Read(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::string magic;
  std::getline(in, magic);
  if (magic != kMagic && magic.starts_with(kMagicPrefix))
    throw InputError(path.string(),
                     "a down-set checkpoint of an older seki (" + magic + "): remove it");
  Header h;
  int full = -1;
  std::string key;
  bool ok = magic == kMagic;
  ok = ok && (in >> key >> h.matrix) && key == "matrix";
  ok = ok && (in >> key >> full) && key == "full";
  ok = ok && (in >> key >> h.bits) && key == "bits";
  ok = ok && (in >> key >> h.pass) && key == "pass";
  ok = ok && (in >> key >> h.roots) && key == "roots";
  ok = ok && (in >> key >> h.bytes) && key == "bytes";
  ok = ok && (in >> key >> h.slab) && key == "slab";
  ok = ok && (in >> key >> h.level) && key == "level";
  ok = ok && (in >> key >> h.data) && key == "data";
  ok = ok && (in >> key >> h.checksum) && key == "checksum";
  ok = ok && (h.bits == 8 || h.bits == 4) && h.pass >= 0 && h.pass < 8 / h.bits && h.roots >= 0 &&
       h.roots < 256;
  if (!ok || (full != 0 && full != 1))
    throw InputError(path.string(), "not a down-set checkpoint (or damaged)");
  h.full = full == 1;
  return h;
}

}  // namespace

void SaveDownsetCheckpoint(const std::filesystem::path& path, const DownsetLayout& layout,
                           bool full, DownsetMode mode, const DownsetProgress& progress,
                           const std::uint8_t* values, std::size_t bytes) {
  std::optional<Header> old;
  try {
    old = Read(path);
  } catch (const InputError&) {
  }
  const DownsetPosition& at = progress.position;
  Header h{
      FormatMatrix(layout.top),
      full,
      Bits(mode),
      progress.pass,
      progress.roots,
      bytes,
      at.slab,
      at.level,
      fmt::format("{}.{}-{}-{}.data", path.filename().string(), progress.pass, at.slab, at.level),
      ChecksumHex(Checksum(values, bytes))};
  const std::filesystem::path data = path.parent_path() / h.data;
  WriteFileAtomically(data, std::string_view(reinterpret_cast<const char*>(values), bytes));
  WriteFileAtomically(path, Format(h));
  if (old && old->data != h.data) {
    std::error_code ignored;
    std::filesystem::remove(path.parent_path() / old->data, ignored);
  }
}

void RemoveDownsetCheckpoint(const std::filesystem::path& path) {
  std::optional<Header> h;
  try {
    h = Read(path);
  } catch (const InputError&) {
    return;  // not ours: leave it
  }
  std::error_code ignored;
  if (h) std::filesystem::remove(path.parent_path() / h->data, ignored);
  std::filesystem::remove(path, ignored);
}

std::optional<DownsetProgress> LoadDownsetCheckpoint(const std::filesystem::path& path,
                                                     const DownsetLayout& layout, bool full,
                                                     DownsetMode mode, std::uint8_t* values,
                                                     std::size_t bytes) {
  const std::optional<Header> h = Read(path);
  if (!h) return std::nullopt;
  const std::string where = path.string();
  if (h->matrix != FormatMatrix(layout.top)) return std::nullopt;
  if (h->full != full || h->bits != Bits(mode) || h->bytes != bytes)
    throw InputError(where,
                     fmt::format("a checkpoint of another table ({} bits a matrix{}; another "
                                 "memory limit or --moves): remove it or solve as before",
                                 h->bits, h->full ? ", full table" : ""));
  std::ifstream in(path.parent_path() / h->data, std::ios::binary);
  in.read(reinterpret_cast<char*>(values), static_cast<std::streamsize>(bytes));
  if (!in || static_cast<std::size_t>(in.gcount()) != bytes)
    throw InputError(where, "its data file " + h->data + " is missing or short");
  if (ChecksumHex(Checksum(values, bytes)) != h->checksum)
    throw InputError(where, "its data file " + h->data + " does not match its checksum");
  return DownsetProgress{h->pass, DownsetPosition{h->slab, h->level},
                         static_cast<std::uint8_t>(h->roots)};
}

}  // namespace seki
