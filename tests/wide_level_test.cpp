// The level engine for keys wider than 56 bits (engine/level/wide_level.hpp): the wide codec packs
// in KeyCodec's order and unpacks exactly; on regions that need 2..8 words per key, every level has
// Burnside's number of classes and every class with no zero line gets the single-matrix solver's
// values; on a region that fits 64-bit keys it gives the 64-bit engine's classes and values.
#include "engine/level/wide_level.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/level_builder.hpp"
#include "engine/level/level_engine.hpp"
#include "engine/run/level_driver.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "storage/level_file.hpp"

namespace seki {
namespace {

namespace fs = std::filesystem;

Matrix RandomMatrix(std::mt19937_64& rng, int rows, int cols, int max_entry) {
  Matrix a(rows, cols);
  std::uniform_int_distribution<int> entry(0, max_entry);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) a.set(i, j, entry(rng));
  return a;
}

TEST(WideKeyCodec, RoundTripsAndOrdersLikeRowMajorEntries) {
  std::mt19937_64 rng(20261123);
  for (int rows = 1; rows <= kMaxDim; ++rows)
    for (int cols = 1; cols <= kMaxDim; ++cols)
      for (int max_entry : {1, 3, 20, 255}) {
        const WideKeyCodec codec(rows, cols, max_entry);
        ASSERT_LE(codec.words(), WideKeyCodec::kMaxWords);
        for (int t = 0; t < 20; ++t) {
          const Matrix a = RandomMatrix(rng, rows, cols, max_entry);
          Matrix b = RandomMatrix(rng, rows, cols, max_entry);
          if (t % 4 == 0) b = a;
          std::uint64_t ka[WideKeyCodec::kMaxWords], kb[WideKeyCodec::kMaxWords];
          codec.Pack(a, ka);
          codec.Pack(b, kb);
          ASSERT_EQ(codec.Unpack(ka), a) << FormatMatrix(a);
          const bool keys_less =
              std::lexicographical_compare(ka, ka + codec.words(), kb, kb + codec.words());
          const bool cells_less =
              std::lexicographical_compare(a.cells().begin(), a.cells().begin() + rows * kMaxDim,
                                           b.cells().begin(), b.cells().begin() + rows * kMaxDim);
          ASSERT_EQ(keys_less, cells_less) << FormatMatrix(a) << " vs " << FormatMatrix(b);
        }
      }
}

TEST(WideKeyCodec, OneWordKeysAreKeyCodecKeys) {
  std::mt19937_64 rng(7);
  const KeyCodec narrow(3, 4, 7);
  const WideKeyCodec wide(3, 4, 7);
  ASSERT_EQ(wide.words(), 1);
  for (int t = 0; t < 200; ++t) {
    const Matrix a = RandomMatrix(rng, 3, 4, 7);
    std::uint64_t key[WideKeyCodec::kMaxWords];
    wide.Pack(a, key);
    EXPECT_EQ(key[0], narrow.Pack(a));
    EXPECT_EQ(ShardOfWords(key, 1), ShardOf(key[0]));
  }
}

// Builds every level of the region and checks counts against Burnside and values against the
// solver; returns the classes with no zero line that were checked.
std::uint64_t ExpectWideRegionExact(int rows, int cols, int max_entry, int max_sum,
                                    int expect_words) {
  const WideLevelBuilder builder(rows, cols, max_entry, max_sum);
  EXPECT_EQ(builder.codec().words(), expect_words);
  const std::vector<std::uint64_t> burnside = ClassCountsBySum(rows, cols, max_entry, max_sum);
  ExhaustiveSolver solver;
  std::uint64_t checked = 0;
  Level level = builder.First();
  for (int sum = 0;; ++sum) {
    EXPECT_EQ(level.size(), burnside[sum]) << rows << "x" << cols << " sum " << sum;
    for (int s = 0; s < kShardCount; ++s)
      for (std::size_t k = 0; k < level.shards[s].values.size(); ++k) {
        const Matrix a = builder.codec().Unpack(level.KeyAt(s, k));
        EXPECT_EQ(a.sum(), sum);
        EXPECT_EQ(canon::CanonicalForm(a), a) << FormatMatrix(a);  // stored keys are canonical
        EXPECT_EQ(ShardOfWords(level.KeyAt(s, k), level.key_words), s);
        if (a.has_zero_line()) continue;
        EXPECT_EQ(Solution::From(level.shards[s].values[k]), solver.Solve(a)) << FormatMatrix(a);
        ++checked;
      }
    if (sum == max_sum) break;
    level = builder.Next(level);
  }
  return checked;
}

TEST(WideLevel, EightByEightEntriesOneIsExact) {
  // 64 key bits: one word, with the contribution kept beside it (the 64-bit records need 56 bits).
  EXPECT_GT(ExpectWideRegionExact(8, 8, 1, 8, 1), 0u);
}

TEST(WideLevel, ThreeByFourEntriesTwentyIsExact) {
  EXPECT_GT(ExpectWideRegionExact(3, 4, 20, 12, 1),
            0u);  // 60 key bits: no room for the contribution
}

TEST(WideLevel, SixBySixEntriesTwoIsExact) {
  EXPECT_GT(ExpectWideRegionExact(6, 6, 2, 9, 2), 0u);  // 72 key bits
}

TEST(WideLevel, FiveByFiveEntriesFourIsExact) {
  EXPECT_GT(ExpectWideRegionExact(5, 5, 4, 9, 2), 0u);  // 75 key bits
}

TEST(WideLevel, EightByEightEntries255UsesEightWords) {
  // 512 key bits (8 bits an entry), as if the entries were bounded by 255 alone.
  EXPECT_GT(ExpectWideRegionExact(8, 8, 255, 8, 8), 0u);
}

// On a region the 64-bit engine handles, two-word keys give its classes and values.
TEST(WideLevel, SameClassesAndValuesAsTheNarrowEngine) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 3, 3, -1);
  const WideLevelBuilder wide(3, 3, 3, space.max_sum, /*words=*/2);
  ASSERT_EQ(wide.codec().words(), 2);
  Level w = wide.First();
  ForEachLevel(space, [&](const Level& narrow) {
    if (narrow.sum > 0) w = wide.Next(w);
    std::vector<std::pair<std::vector<int>, std::uint8_t>> a, b;
    for (const LevelShard& s : narrow.shards)
      for (std::size_t k = 0; k < s.keys.size(); ++k) {
        const Matrix m = space.codec.Unpack(s.keys[k]);
        a.emplace_back(std::vector<int>(m.cells().begin(), m.cells().end()), s.values[k].bits);
      }
    for (int s = 0; s < kShardCount; ++s)
      for (std::size_t k = 0; k < w.shards[s].values.size(); ++k) {
        const Matrix m = wide.codec().Unpack(w.KeyAt(s, k));
        b.emplace_back(std::vector<int>(m.cells().begin(), m.cells().end()),
                       w.shards[s].values[k].bits);
      }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << "sum " << narrow.sum;
  });
}

// WideAssembly merges records that arrive in any order and any chunks (here: merging after every
// chunk, so a shard is merged many times) into the sorted classes, ORing the contributions of equal
// keys.
TEST(WideLevel, AssemblyMergesChunksLikeAMap) {
  std::mt19937_64 rng(11);
  for (int words : {1, 2, 3}) {
    for (std::size_t fewest : {std::size_t{1}, std::size_t{7}, std::size_t{1} << 16}) {
      WideAssembly assembly(words, fewest);
      std::map<std::vector<std::uint64_t>, std::uint8_t> want;
      for (int chunk = 0; chunk < 60; ++chunk) {
        std::vector<std::uint64_t> records;
        for (int r = 0; r < 1 + chunk % 9; ++r) {
          std::vector<std::uint64_t> key(words);
          for (auto& w : key) w = rng() % 5;  // few distinct keys: many equal ones
          const auto contribution = static_cast<std::uint8_t>(1u << (rng() % 8));
          want[key] |= contribution;
          records.insert(records.end(), key.begin(), key.end());
          records.push_back(contribution);
        }
        assembly.Absorb(3, records.data(), records.size());
      }
      LevelShard got;
      assembly.Finish(3, got);
      ASSERT_EQ(got.values.size(), want.size()) << words << " words";
      std::size_t k = 0;
      for (const auto& [key, contribution] : want) {
        EXPECT_TRUE(std::equal(key.begin(), key.end(), got.keys.begin() + k * words));
        EXPECT_EQ(got.values[k].bits, contribution);
        ++k;
      }
      LevelShard empty;
      assembly.Finish(4, empty);
      EXPECT_TRUE(empty.keys.empty());
    }
  }
}

// A wide region built in many small push batches (merges across batches) is the one-batch level.
TEST(WideLevel, BatchesDoNotChangeTheLevels) {
  const EnumerationSpace space = EnumerationSpace::Make(6, 6, 2, 10);
  ASSERT_EQ(space.key_words, 2);
  const LevelBuilder batched(space, true, {}, /*push_batch_bytes=*/512);
  const WideLevelBuilder whole(6, 6, 2, 10);
  Level a = batched.First(), b = whole.First();
  while (a.sum < 10) {
    ASSERT_GT(batched.PushBatches(a.size()), a.sum > 6 ? 1 : 0);
    a = batched.Next(a);
    b = whole.Next(b);
    for (int s = 0; s < kShardCount; ++s) {
      EXPECT_EQ(a.shards[s].keys, b.shards[s].keys) << "sum " << a.sum;
      EXPECT_EQ(a.shards[s].values, b.shards[s].values) << "sum " << a.sum;
    }
  }
}

// Spaces with 57..64 key bits: LevelBuilder builds them with the wide engine (one-word keys), and
// the levels it hands on are exact: Burnside's counts, canonical keys, the solver's values.
TEST(WideLevel, LevelBuilderBuildsWideRecordSpacesExactly) {
  for (auto [rows, cols, max_entry, max_sum] :
       {std::tuple{3, 4, 20, 16}, {8, 8, 1, 10}, {4, 4, 15, 15}}) {
    const EnumerationSpace space = EnumerationSpace::Make(rows, cols, max_entry, max_sum);
    ASSERT_TRUE(space.WideRecords()) << space.KeyBits();
    const std::vector<std::uint64_t> burnside =
        ClassCountsBySum(rows, cols, space.max_entry, space.max_sum);
    ExhaustiveSolver solver;
    std::uint64_t checked = 0;
    ForEachLevel(space, [&](const Level& level) {
      EXPECT_EQ(level.size(), burnside[level.sum]) << rows << "x" << cols << " sum " << level.sum;
      for (int s = 0; s < kShardCount; ++s)
        for (std::size_t k = 0; k < level.shards[s].keys.size(); ++k) {
          const std::uint64_t key = level.shards[s].keys[k];
          EXPECT_EQ(ShardOf(key), s);
          const Matrix a = space.codec.Unpack(key);
          EXPECT_EQ(CanonicalKey(space, a), key);
          if (a.has_zero_line()) continue;
          EXPECT_EQ(Solution::From(level.shards[s].values[k]), solver.Solve(a)) << FormatMatrix(a);
          ++checked;
        }
    });
    EXPECT_GT(checked, 0u);
  }
}

// Key words per space: one up to 64 bits, then as many as the key needs (up to 8 for 8 x 8 with
// 8-bit entries); entry bounds above 255 are refused.
TEST(WideLevel, EnumerationSpaceChoosesTheKeyWords) {
  EXPECT_EQ(EnumerationSpace::Make(4, 4, 15, -1).KeyBits(), 64);
  EXPECT_EQ(EnumerationSpace::Make(4, 4, 15, -1).key_words, 1);
  EXPECT_EQ(EnumerationSpace::Make(6, 6, 2, 5).key_words, 2);      // 72 bits
  EXPECT_EQ(EnumerationSpace::Make(8, 8, 255, 300).key_words, 8);  // 512 bits
  EXPECT_THROW(EnumerationSpace::Make(4, 4, 256, -1), std::invalid_argument);
  EXPECT_FALSE(EnumerationSpace::Make(3, 4, 15, -1).WideRecords());  // 48 bits
}

// Past 64 bits, LevelBuilder's levels hold key_words words per class: exact as above, and a level
// file of such a level reads back equal (and a corrupt one is refused).
TEST(WideLevel, MultiWordLevelsAreExactAndPersist) {
  const EnumerationSpace space = EnumerationSpace::Make(6, 6, 2, 9);
  ASSERT_EQ(space.key_words, 2);
  const std::vector<std::uint64_t> burnside = ClassCountsBySum(6, 6, 2, 9);
  ExhaustiveSolver solver;
  std::uint64_t checked = 0;
  const fs::path file = fs::temp_directory_path() / ("seki_wide_" + std::to_string(getpid()));
  const LevelFileParams params{6, 6, 2, 9, true};
  ForEachLevel(space, [&](const Level& level) {
    ASSERT_EQ(level.key_words, 2);
    EXPECT_EQ(level.size(), burnside[level.sum]) << "sum " << level.sum;
    for (int s = 0; s < kShardCount; ++s)
      for (std::size_t k = 0; k < level.shards[s].values.size(); ++k) {
        const std::uint64_t* key = level.KeyAt(s, k);
        EXPECT_EQ(ShardOfWords(key, 2), s);
        const Matrix a = space.Unpack(key);
        EXPECT_EQ(canon::CanonicalForm(a), a);
        if (a.has_zero_line()) continue;
        EXPECT_EQ(Solution::From(level.shards[s].values[k]), solver.Solve(a)) << FormatMatrix(a);
        ++checked;
      }
    WriteLevelFile(file, level, params);
    std::string why;
    const std::optional<Level> back = ReadLevelFile(file, params, &why);
    ASSERT_TRUE(back) << why;
    EXPECT_EQ(back->key_words, 2);
    for (int s = 0; s < kShardCount; ++s) {
      EXPECT_EQ(back->shards[s].keys, level.shards[s].keys);
      EXPECT_EQ(back->shards[s].values, level.shards[s].values);
    }
  });
  EXPECT_GT(checked, 0u);
  {  // flip one byte of a key in the last file
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(48 + 8 + 3);
    f.put('\x7f');
  }
  std::string why;
  EXPECT_FALSE(ReadLevelFile(file, params, &why));
  EXPECT_FALSE(why.empty());
  fs::remove(file);
}

}  // namespace
}  // namespace seki
