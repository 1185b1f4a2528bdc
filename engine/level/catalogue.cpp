// Catalogue lines and the writer that streams them level by level.
#include "engine/level/catalogue.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/parallel_sort.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>
#include <optional>
#include <stdexcept>
#include <utility>

#include "engine/base/handoff.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"
#include "storage/atomic_file.hpp"

namespace seki {

namespace {

std::string Bool(bool b) { return b ? "yes" : "no"; }

std::string Letters(const Outcome& o) {
  return {Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c)};
}

// One chunk of a level rendered to text: what each file gets from it, and the counts.
struct ChunkText {
  std::array<std::string, 6> catalogue;
  std::string outcomes;
  LevelCounts counts;
};

constexpr int kOutcomesFile = 6;

}  // namespace

std::string CatalogueFileName(Game g, CatalogueKind k) {
  constexpr const char* kNames[] = {"seki.txt", "complete.txt", "semi-complete.txt"};
  return std::string(GameName(g)) + "/" + kNames[static_cast<int>(k)];
}

const char* CatalogueListsName(CatalogueLists lists) {
  return lists == CatalogueLists::kAll ? "all" : "complete";
}

std::string SekiCountsFileName(Game g) { return std::string(GameName(g)) + "/seki-counts.txt"; }

std::string SekiCountLine(int sum, int height, std::uint64_t count) {
  return "sum=" + std::to_string(sum) + " height=" + std::to_string(height) +
         " count=" + std::to_string(count);
}

bool IsMember(const Outcome& o, CatalogueKind k) {
  switch (k) {
    case CatalogueKind::kSeki:
      return o.is_seki();
    case CatalogueKind::kComplete:
      return o.seki_class() == SekiClass::kComplete;
    case CatalogueKind::kSemiComplete:
      return o.seki_class() == SekiClass::kSemiComplete;
  }
  return false;
}

namespace {

// The parts of a matrix's catalogue lines that do not depend on the game.
struct LineParts {
  std::string head;  // matrix, sum and height
  std::string tail;  // the structure flags
};

// `canonical`: a is a canonical form (saves one canonical form in the symmetry test).
LineParts PartsOf(const Matrix& a, bool canonical) {
  LineParts parts;
  parts.head = FormatMatrix(a);
  parts.head += " sum=";
  parts.head += std::to_string(a.sum());
  parts.head += " height=";
  parts.head += std::to_string(a.height());
  parts.tail = " idsm=" + Bool(IsIdsm(a));
  parts.tail += " prime=" + Bool(IsPrime(a));
  parts.tail += " symmetric=" + Bool(canonical ? IsSymmetricCanonical(a) : IsSymmetric(a));
  parts.tail += " planar=" + Bool(IsPlanar(a));
  return parts;
}

void AppendLine(std::string& out, const LineParts& parts, const Outcome& o) {
  out += parts.head;
  for (const auto& [name, result] : {std::pair{" R=", o.R}, std::pair{" C=", o.C},
                                     std::pair{" r=", o.r}, std::pair{" c=", o.c}}) {
    out += name;
    out += Letter(result);
  }
  out += parts.tail;
}

}  // namespace

std::string CatalogueLine(const Matrix& a, const Outcome& o) {
  std::string line;
  AppendLine(line, PartsOf(a, /*canonical=*/false), o);
  return line;
}

std::string OutcomeLine(const Matrix& a, const Solution& v) {
  return FormatMatrix(a) + " seki=" + Letters(v.seki) + " dseki=" + Letters(v.dseki);
}

LevelCounts CountClasses(const Level& level, const EnumerationSpace& space) {
  LevelCounts counts;
  counts.sum = level.sum;
  counts.classes = level.size();
  counts.starting = tbb::parallel_reduce(
      tbb::blocked_range<int>(0, kShardCount), std::uint64_t{0},
      [&](const tbb::blocked_range<int>& r, std::uint64_t n) {
        for (int s = r.begin(); s != r.end(); ++s) {
          const std::size_t classes = level.shards[s].keys.size() / level.key_words;
          for (std::size_t k = 0; k < classes; ++k) n += !space.HasZeroLine(level.KeyAt(s, k));
        }
        return n;
      },
      std::plus<>());
  return counts;
}

CatalogueWriter::CatalogueWriter(std::filesystem::path dir, const EnumerationSpace& space,
                                 bool outcomes, const std::optional<PartialSizes>& resume_at,
                                 CatalogueLists lists)
    : dir_(std::move(dir)),
      space_(space),
      files_(outcomes ? 7 : 6),
      write_outcomes_(outcomes),
      lists_(lists) {
  for (Game g : kGames) {
    std::filesystem::create_directories(dir_ / GameName(g));
    for (CatalogueKind k : kCatalogueKinds)
      Open(files_[static_cast<int>(g) * 3 + static_cast<int>(k)],
           k == CatalogueKind::kSeki && lists == CatalogueLists::kComplete
               ? SekiCountsFileName(g)
               : CatalogueFileName(g, k),
           resume_at);
  }
  if (write_outcomes_) Open(files_[6], "outcomes.txt", resume_at);
}

CatalogueWriter::~CatalogueWriter() {
  for (File& f : files_)
    if (f.out) std::fclose(f.out);
}

void CatalogueWriter::Open(File& f, const std::string& name,
                           const std::optional<PartialSizes>& resume_at) {
  f.name = name;
  f.final_path = dir_ / name;
  f.temp_path = UncommittedPath(f.final_path);
  if (!resume_at) {
    f.out = std::fopen(f.temp_path.c_str(), "wb");
  } else {
    const auto size = resume_at->find(name);
    if (size == resume_at->end()) throw std::runtime_error("checkpoint has no size for " + name);
    std::error_code ec;
    if (!std::filesystem::exists(f.temp_path) && std::filesystem::exists(f.final_path))
      std::filesystem::rename(f.final_path, f.temp_path);  // killed while committing
    std::filesystem::resize_file(f.temp_path, size->second, ec);
    if (ec)
      throw std::runtime_error("cannot cut back " + f.temp_path.string() + ": " + ec.message());
    f.out = std::fopen(f.temp_path.c_str(), "ab");
    f.synced_size = size->second;
  }
  if (!f.out)
    throw std::runtime_error("cannot write " + f.temp_path.string() + ": " + std::strerror(errno));
}

namespace {

// A failed write of a catalogue file, with the system's reason ("No space left on device").
std::runtime_error WriteError(const std::filesystem::path& path) {
  return std::runtime_error("error writing " + path.string() + ": " + std::strerror(errno));
}

}  // namespace

void CatalogueWriter::Write(File& f, const std::string& text) {
  if (std::fwrite(text.data(), 1, text.size(), f.out) != text.size()) throw WriteError(f.temp_path);
}

PartialSizes CatalogueWriter::Sync() {
  PartialSizes sizes;
  for (File& f : files_) {
    if (std::fflush(f.out) != 0) throw WriteError(f.temp_path);
    const auto size = static_cast<std::uint64_t>(std::ftell(f.out));
    if (size != f.synced_size && ::fsync(::fileno(f.out)) != 0)  // unchanged files need no fsync
      throw WriteError(f.temp_path);
    f.synced_size = size;
    sizes[f.name] = size;
  }
  return sizes;
}

std::map<std::string, std::filesystem::path> CatalogueWriter::Commit() {
  std::map<std::string, std::filesystem::path> paths;
  Sync();
  for (File& f : files_) {
    if (std::fclose(f.out) != 0) throw std::runtime_error("error closing " + f.temp_path.string());
    f.out = nullptr;
    CommitFile(f.temp_path, f.final_path);
    paths[f.name] = f.final_path;
  }
  return paths;
}

bool SelectedForCatalogues(PackedOutcome value, bool outcomes, CatalogueLists lists) {
  if (outcomes) return true;
  const Solution v = Solution::From(value);
  for (Game g : kGames)
    for (CatalogueKind kind : kCatalogueKinds)
      if ((kind != CatalogueKind::kSeki || lists == CatalogueLists::kAll) && IsMember(v[g], kind))
        return true;
  return false;
}

namespace {

// The lines of `count` classes in their order; entry(k) gives the k-th matrix and its values.
template <class EntryAt>
LevelText RenderLines(std::size_t count, EntryAt entry, bool outcomes, bool seki_lines) {
  constexpr std::size_t kChunk = 4096;
  Handoff handoff;
  std::vector<ChunkText> chunks((count + kChunk - 1) / kChunk);
  tbb::parallel_for(std::size_t{0}, chunks.size(), [&](std::size_t c) {
    ChunkText& text = chunks[c];
    const std::size_t end = std::min(count, (c + 1) * kChunk);
    for (std::size_t k = c * kChunk; k < end; ++k) {
      const auto [a, packed] = entry(k);
      const Solution v = Solution::From(packed);
      if (outcomes) text.outcomes += OutcomeLine(a, v) + '\n';
      std::optional<LineParts> parts;  // computed for the first catalogue the class is in
      for (Game g : kGames)
        for (CatalogueKind kind : kCatalogueKinds)
          if ((seki_lines || kind != CatalogueKind::kSeki) && IsMember(v[g], kind)) {
            const int slot = static_cast<int>(g) * 3 + static_cast<int>(kind);
            ++text.counts.members[static_cast<int>(g)][static_cast<int>(kind)];
            if (!parts) parts = PartsOf(a, /*canonical=*/true);
            AppendLine(text.catalogue[slot], *parts, v[g]);
            text.catalogue[slot] += '\n';
          }
    }
    handoff.Give();
  });
  handoff.Take();

  LevelText text;
  for (ChunkText& chunk : chunks) {
    for (int g = 0; g < 2; ++g)
      for (int k = 0; k < 3; ++k) {
        text.counts.members[g][k] += chunk.counts.members[g][k];
        text.files[g * 3 + k] += chunk.catalogue[g * 3 + k];
      }
    text.files[kOutcomesFile] += chunk.outcomes;
    chunk = {};
  }
  return text;
}

}  // namespace

LevelText RenderKeyedLines(const std::vector<KeyedEntry>& entries, const EnumerationSpace& space,
                           bool outcomes, bool seki_lines) {
  return RenderLines(
      entries.size(),
      [&](std::size_t k) { return std::pair(space.Unpack(entries[k].first), entries[k].second); },
      outcomes, seki_lines);
}

LevelText RenderLevel(const Level& level, const EnumerationSpace& space, bool outcomes) {
  // The classes that get a line (starting classes in some catalogue, or every starting class with
  // outcomes), in key order; the others are only counted.
  LevelTally tally;
  LevelText text = RenderKeyedLines(
      TakeEntries(level, space, outcomes, CatalogueLists::kAll, &tally), space, outcomes);
  text.counts.sum = level.sum;
  text.counts.classes = level.size();
  text.counts.starting = tally.starting;
  return text;
}

void CatalogueWriter::AddText(const LevelText& text) {
  Append(text);
  Flush();
}

void CatalogueWriter::Append(const LevelText& text) {
  for (int f = 0; f < kOutcomesFile; ++f) Write(files_[f], text.files[f]);
  if (write_outcomes_) Write(files_[kOutcomesFile], text.files[kOutcomesFile]);
}

void CatalogueWriter::Flush() {
  for (File& f : files_)  // hand the level to the OS (a later Sync makes it durable)
    if (std::fflush(f.out) != 0) throw WriteError(f.temp_path);
}

}  // namespace seki
