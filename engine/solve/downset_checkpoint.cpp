// Checkpoints of a down-set pass: a text header and a data file.
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

constexpr std::string_view kMagic = "seki-downset-checkpoint 1";

struct Header {
  std::string matrix;
  bool full = false;
  std::uint64_t bytes = 0, slab = 0, level = 0;
  std::string data;
  std::string checksum;
};

std::string Format(const Header& h) {
  return fmt::format("{}\nmatrix {}\nfull {}\nbytes {}\nslab {}\nlevel {}\ndata {}\nchecksum {}\n",
                     kMagic, h.matrix, h.full ? 1 : 0, h.bytes, h.slab, h.level, h.data,
                     h.checksum);
}

std::optional<Header> Read(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::string magic;
  std::getline(in, magic);
  Header h;
  int full = -1;
  std::string key;
  bool ok = magic == kMagic;
  ok = ok && (in >> key >> h.matrix) && key == "matrix";
  ok = ok && (in >> key >> full) && key == "full";
  ok = ok && (in >> key >> h.bytes) && key == "bytes";
  ok = ok && (in >> key >> h.slab) && key == "slab";
  ok = ok && (in >> key >> h.level) && key == "level";
  ok = ok && (in >> key >> h.data) && key == "data";
  ok = ok && (in >> key >> h.checksum) && key == "checksum";
  if (!ok || (full != 0 && full != 1))
    throw InputError(path.string(), "not a down-set checkpoint (or damaged)");
  h.full = full == 1;
  return h;
}

}  // namespace

void SaveDownsetCheckpoint(const std::filesystem::path& path, const DownsetLayout& layout,
                           bool full, const DownsetPosition& position, const std::uint8_t* values,
                           std::size_t bytes) {
  std::optional<Header> old;
  try {
    old = Read(path);
  } catch (const InputError&) {
  }
  Header h{FormatMatrix(layout.top),
           full,
           bytes,
           position.slab,
           position.level,
           fmt::format("{}.{}-{}.data", path.filename().string(), position.slab, position.level),
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

std::optional<DownsetPosition> LoadDownsetCheckpoint(const std::filesystem::path& path,
                                                     const DownsetLayout& layout, bool full,
                                                     std::uint8_t* values, std::size_t bytes) {
  const std::optional<Header> h = Read(path);
  if (!h) return std::nullopt;
  const std::string where = path.string();
  if (h->matrix != FormatMatrix(layout.top)) return std::nullopt;
  if (h->full != full || h->bytes != bytes)
    throw InputError(where,
                     "a checkpoint of another table size (another memory limit or "
                     "--moves): remove it or solve as before");
  std::ifstream in(path.parent_path() / h->data, std::ios::binary);
  in.read(reinterpret_cast<char*>(values), static_cast<std::streamsize>(bytes));
  if (!in || static_cast<std::size_t>(in.gcount()) != bytes)
    throw InputError(where, "its data file " + h->data + " is missing or short");
  if (ChecksumHex(Checksum(values, bytes)) != h->checksum)
    throw InputError(where, "its data file " + h->data + " does not match its checksum");
  return DownsetPosition{h->slab, h->level};
}

}  // namespace seki
