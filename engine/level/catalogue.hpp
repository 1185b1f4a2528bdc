// Catalogue: the six catalogues of a run (seki, complete and semi-complete seki, for SEKI and
// D-SEKI), the optional outcomes list, and their line formats. Levels are added in increasing sum
// and each level's lines in increasing canonical key, so the files come out sorted by (sum, key)
// whatever the thread count. Files are written under temporary names and renamed by Commit(), so
// an interrupted run never leaves a catalogue that looks complete. With CatalogueLists::kComplete
// the seki that are neither complete nor semi-complete are counted (seki-counts.txt), not listed.
// Concurrency: AddLevel scans and renders a level in parallel; the writer itself is used by one
// thread at a time (a Run appends a level in its Take and syncs it in its Persist, one after the
// other).
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/level/held_level.hpp"
#include "engine/level/level_builder.hpp"
#include "storage/compact_level.hpp"
#include "storage/level.hpp"

namespace seki {

// The three catalogues of one game, most specific class first.
enum class CatalogueKind { kSeki = 0, kComplete = 1, kSemiComplete = 2 };
inline constexpr CatalogueKind kCatalogueKinds[] = {CatalogueKind::kSeki, CatalogueKind::kComplete,
                                                    CatalogueKind::kSemiComplete};
std::string CatalogueFileName(Game g, CatalogueKind k);  // e.g. "dseki/complete.txt"

// Which seki a run lists: all of them, or the complete and semi-complete ones with the other seki
// counted by sum and height in "seki/seki-counts.txt" (and dseki/) instead of seki.txt.
enum class CatalogueLists { kAll, kComplete };
const char* CatalogueListsName(CatalogueLists lists);  // "all", "complete"
std::string SekiCountsFileName(Game g);                // e.g. "dseki/seki-counts.txt"
// A line of a seki-counts file: "sum=S height=H count=N" (N seki of that game with that sum and
// height that are neither complete nor semi-complete).
std::string SekiCountLine(int sum, int height, std::uint64_t count);
bool IsMember(const Outcome& o, CatalogueKind k);

// "MATRIX sum=.. height=.. R=. C=. r=. c=. idsm=.. prime=.. symmetric=.." for one game.
std::string CatalogueLine(const Matrix& a, const Outcome& o);
// "MATRIX seki=RCrc dseki=RCrc".
std::string OutcomeLine(const Matrix& a, const Solution& v);

// Counts for one level.
struct LevelCounts {
  int sum = 0;
  std::uint64_t classes = 0;   // all classes of the level, zero lines included
  std::uint64_t starting = 0;  // classes with no zero row or column
  std::array<std::array<std::uint64_t, 3>, 2> members{};  // [game][CatalogueKind]
};

// Counts of a level that was generated without solving: classes and starting classes only.
LevelCounts CountClasses(const Level& level, const EnumerationSpace& space);

// Catalogue lines rendered for a run of classes in increasing key: the text each file gets
// ([game * 3 + kind], then outcomes.txt) and the counts.
struct LevelText {
  std::array<std::string, 7> files;
  LevelCounts counts;
};
// Whether a starting class of this value gets a line: in some catalogue listed (with `lists`
// kComplete, a complete or semi-complete seki of a game), or any with outcomes.
bool SelectedForCatalogues(PackedOutcome value, bool outcomes,
                           CatalogueLists lists = CatalogueLists::kAll);
// One class as the catalogues see it, its key of any number of words: a pointer to the key's
// words (in a level or buffer that outlives the entry) and its values.
using KeyedEntry = std::pair<const std::uint64_t*, PackedOutcome>;
// What the catalogues count of some classes besides their lines: starting classes and, with lists
// kComplete, the seki of each game (all of them) and those neither complete nor semi-complete by
// height (seki-counts.txt). Sums over key ranges, parts or ranks with Add.
struct LevelTally {
  std::uint64_t starting = 0;
  std::array<std::uint64_t, 2> seki{};
  std::array<std::array<std::uint64_t, kMaxEntry + 1>, 2> unlisted{};  // [game][height]
  void Add(const LevelTally& t);
};
// The starting classes of a level (whole, or by groups; a rank's share) that get a line under
// `lists` (SelectedForCatalogues), sorted by key, their tally added to *tally; the entries point
// into the level, or for a level by groups into *keys.
std::vector<KeyedEntry> TakeEntries(const Level& level, const EnumerationSpace& space,
                                    bool outcomes, CatalogueLists lists, LevelTally* tally);
std::vector<KeyedEntry> TakeEntries(const HeldLevel& level, const EnumerationSpace& space,
                                    bool outcomes, CatalogueLists lists, LevelTally* tally,
                                    std::vector<std::uint64_t>* keys);
// With lists kComplete, the seki members of `counts` are the tally's seki (all of them, listed or
// counted); otherwise nothing changes.
void SekiMembersFromTally(const LevelTally& tally, CatalogueLists lists, LevelCounts& counts);
// Renders `entries` (selected starting classes, sorted by key) in parallel chunks; the text is in
// the order of the entries. The counts are the members (with `seki_lines` false, no seki.txt lines
// and no seki counted); classes and starting are the caller's.
LevelText RenderKeyedLines(const std::vector<KeyedEntry>& entries, const EnumerationSpace& space,
                           bool outcomes, bool seki_lines = true);
// Every line a level adds to the catalogues (and outcomes.txt), and all its counts.
LevelText RenderLevel(const Level& level, const EnumerationSpace& space, bool outcomes);

// Sizes of the partial files after a level, by file name (e.g. "seki/complete.txt").
using PartialSizes = std::map<std::string, std::uint64_t>;

class CatalogueWriter {
 public:
  // Starts new partial files, or, with `resume_at`, reopens them cut back to those sizes (what
  // they held after the last checkpointed level), dropping anything written after it; a file a
  // run killed while finishing had already moved to its final name goes back to its partial one.
  // With `lists` kComplete each game's seki.txt is replaced by its seki-counts file.
  CatalogueWriter(std::filesystem::path dir, const EnumerationSpace& space, bool outcomes,
                  const std::optional<PartialSizes>& resume_at = std::nullopt,
                  CatalogueLists lists = CatalogueLists::kAll);
  ~CatalogueWriter();
  CatalogueWriter(const CatalogueWriter&) = delete;
  CatalogueWriter& operator=(const CatalogueWriter&) = delete;

  // Renders the level's lines and appends them in key order, in batches of key ranges (at most
  // kBatchShardClasses + 1 classes of every shard each), so that what it holds is bounded by
  // HeldBytesBound, whatever the level's size; returns the level's counts.
  LevelCounts AddLevel(const Level& level);
  static constexpr std::size_t kBatchShardClasses = 512;
  // The same for a level kept compact (a level built in parts), merged in key order in batches of
  // kBatchClasses: the same lines and counts.
  LevelCounts AddLevel(const CompactLevel& level);
  static constexpr std::size_t kBatchClasses = (kBatchShardClasses + 1) * kShardCount;
  // The same for a level as the level loop holds it. A level on disk (HeldLevel::on_disk) is read
  // part by part; its selected classes (TakeEntries: 16 bytes each) are held and sorted, then
  // rendered in batches of kBatchClasses: the same lines and counts.
  LevelCounts AddLevel(const HeldLevel& level);
  // The most memory AddLevel holds for a level of `classes` classes (an upper bound): a batch's
  // entries twice (per shard and sorted) and its text twice (per chunk and joined), as if every
  // class of the batch had the longest lines of the space in all four catalogues it can be in (a
  // seki and a complete or semi-complete seki in both games), and in outcomes.txt if asked.
  static double HeldBytesBound(const EnumerationSpace& space, bool outcomes, std::uint64_t classes);
  // Appends lines rendered elsewhere (RenderLevel, or RenderKeyedLines in key order after what is
  // there).
  void AddText(const LevelText& text);
  // With lists kComplete, the seki-counts lines of level `sum` from `tally` (the whole level's: a
  // level taken on ranks); nothing otherwise.
  void AddSekiCounts(int sum, const LevelTally& tally);
  // Flushes and fsyncs every partial file and returns their sizes (a checkpoint).
  PartialSizes Sync();
  // Closes the files and moves them to their final names; returns the final paths by name.
  std::map<std::string, std::filesystem::path> Commit();

 private:
  struct File {
    std::string name;
    std::filesystem::path final_path, temp_path;
    std::FILE* out = nullptr;
    std::uint64_t synced_size = ~std::uint64_t{0};  // size at the last fsync
  };
  void Open(File& f, const std::string& name, const std::optional<PartialSizes>& resume_at);
  void Write(File& f, const std::string& text);
  // AddLevel's body over for_each_batch(on_batch), which renders batches in key order and
  // returns the level's tally.
  template <class ForEachBatch>
  LevelCounts AddLevelFrom(int sum, std::uint64_t classes, ForEachBatch&& for_each_batch);
  void Append(const LevelText& text);  // to the files' buffers
  void Flush();                        // the buffers to the OS

  std::filesystem::path dir_;
  EnumerationSpace space_;
  std::vector<File> files_;  // the six catalogues ([game * 3 + kind]), then outcomes.txt if asked
  bool write_outcomes_;
  CatalogueLists lists_;
};

}  // namespace seki
