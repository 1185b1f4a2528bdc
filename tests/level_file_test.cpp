// Level files: a round trip gives back the same level, and every kind of damage is rejected with a
// one-line reason — truncation at every length, flipped bytes, another run's parameters, a wrong
// magic or version, and well-checksummed files that break the format's rules (unsorted keys, keys
// in the wrong shard, bad value bytes, counts that do not add up). A leftover temporary file is
// never read.
#include "storage/level_file.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/level/level_builder.hpp"
#include "engine/run/level_driver.hpp"
#include "storage/checksum.hpp"
#include "storage/level_file_bytes.hpp"
#include "storage/rank_file.hpp"
#include "temp_dir.hpp"

namespace seki {
namespace {

namespace fs = std::filesystem;

// Byte offsets of the format (see storage/level_file_format.hpp).
constexpr std::size_t kVersionAt = 8, kRowsAt = 12, kColsAt = 16, kMaxEntryAt = 20, kMaxSumAt = 24,
                      kFlagsAt = 28, kSumAt = 32, kShardCountAt = 36, kClassesAt = 40,
                      kShardsAt = 48;

using seki::testing::TempDir;

std::string ReadBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteBytes(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

std::uint64_t GetU64(const std::string& b, std::size_t at) {
  std::uint64_t v = 0;
  for (int k = 7; k >= 0; --k) v = v << 8 | static_cast<unsigned char>(b[at + k]);
  return v;
}
void PutU64(std::string& b, std::size_t at, std::uint64_t v) {
  for (int k = 0; k < 8; ++k) b[at + k] = static_cast<char>(v >> (8 * k));
}
void PutU32(std::string& b, std::size_t at, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) b[at + k] = static_cast<char>(v >> (8 * k));
}

// Replaces the trailer by the checksum of everything before it, as a careful forger would.
void RecomputeChecksum(std::string& b) {
  PutU64(b, b.size() - 8, Checksum(b.data(), b.size() - 8));
}

std::optional<Level> Decode(const std::string& bytes, const LevelFileParams& p, std::string* why) {
  return DecodeLevelFile(std::span<const std::uint8_t>(
                             reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
                         p, "test.bin", why);
}

bool SameLevel(const Level& a, const Level& b) {
  if (a.sum != b.sum) return false;
  for (int s = 0; s < kShardCount; ++s)
    if (a.shards[s].keys != b.shards[s].keys || a.shards[s].values != b.shards[s].values)
      return false;
  return true;
}

// Where the records of shard s start in an encoded file, and its class count.
struct ShardSpan {
  std::size_t count_at, keys_at, values_at;
  std::uint64_t count;
};
ShardSpan Locate(const std::string& b, int shard, bool solved) {
  std::size_t at = kShardsAt;
  for (int s = 0;; ++s) {
    const std::uint64_t count = GetU64(b, at);
    if (s == shard) return {at, at + 8, at + 8 + 8 * count, count};
    at += 8 + count * (solved ? 9 : 8);
  }
}

// The middle level of 3x3 matrices with entries <= 2 (the largest one), solved.
class LevelFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const EnumerationSpace space = EnumerationSpace::Make(3, 3, 2, -1);
    params_ = {space.rows, space.cols, space.max_entry, space.max_sum, true};
    ForEachLevel(space, [&](const Level& level) {
      if (level.sum == 9) level_ = level;
    });
    ASSERT_GT(level_.size(), 100u);
    bytes_ = EncodeLevelFile(level_, params_);
  }

  // A shard with at least `n` keys.
  int ShardWith(std::size_t n) const {
    for (int s = 0; s < kShardCount; ++s)
      if (level_.shards[s].keys.size() >= n) return s;
    return -1;
  }

  // Expects the bytes to be rejected with a one-line reason containing `fragment`.
  void ExpectRejected(const std::string& bytes, const std::string& fragment,
                      const LevelFileParams* params = nullptr) {
    std::string why;
    EXPECT_FALSE(Decode(bytes, params ? *params : params_, &why).has_value());
    EXPECT_NE(why.find(fragment), std::string::npos) << why;
    EXPECT_EQ(why.rfind("test.bin: ", 0), 0u) << why;
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  }

  LevelFileParams params_;
  Level level_;
  std::string bytes_;
  TempDir dir_;
};

TEST_F(LevelFileTest, RoundTripThroughAFile) {
  const fs::path path = dir_.path() / "level-0009.bin";
  WriteLevelFile(path, level_, params_);  // one-word keys: the compact format (version 2)
  EXPECT_EQ(ReadBytes(path),
            EncodeLevelFilePart({level_.sum, 0, 1, CompactFromLevel(level_), {}}, params_));
  EXPECT_LT(fs::file_size(path), 48 + 256 * 8 + level_.size() * 9 + 8);
  EXPECT_FALSE(fs::exists(path.string() + ".partial"));
  std::string why;
  const std::optional<Level> back = ReadLevelFile(path, params_, &why);
  ASSERT_TRUE(back.has_value()) << why;
  EXPECT_TRUE(SameLevel(*back, level_));
  EXPECT_EQ(back->size(), level_.size());
  for (const LevelShard& s : level_.shards)
    for (std::size_t k = 0; k < s.keys.size(); ++k) EXPECT_EQ(back->Find(s.keys[k]), s.values[k]);
}

TEST_F(LevelFileTest, RoundTripEveryLevelAndGenerationOnly) {
  const EnumerationSpace space = EnumerationSpace::Make(2, 2, 3, -1);
  for (bool solved : {true, false}) {
    const LevelFileParams p{space.rows, space.cols, space.max_entry, space.max_sum, solved};
    ForEachLevel(
        space,
        [&](const Level& level) {
          const fs::path path = dir_.path() / ("level-" + std::to_string(level.sum) + ".bin");
          WriteLevelFile(path, level, p);
          std::string why;
          const std::optional<Level> back = ReadLevelFile(path, p, &why);
          ASSERT_TRUE(back.has_value()) << why;
          EXPECT_TRUE(SameLevel(*back, level)) << "sum " << level.sum;
          EXPECT_EQ(fs::file_size(path),
                    EncodeLevelFilePart({level.sum, 0, 1, CompactFromLevel(level), {}}, p).size());
        },
        solved);
  }
}

TEST_F(LevelFileTest, EmptyLevelRoundTrips) {
  Level empty;
  empty.sum = params_.max_sum;
  const fs::path path = dir_.path() / "empty.bin";
  WriteLevelFile(path, empty, params_);
  const std::optional<Level> back = ReadLevelFile(path, params_);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->size(), 0u);
  EXPECT_EQ(back->sum, params_.max_sum);
}

TEST_F(LevelFileTest, OverwritesAnExistingFile) {
  const fs::path path = dir_.path() / "level.bin";
  Level other;
  other.sum = 0;
  WriteLevelFile(path, other, params_);
  WriteLevelFile(path, level_, params_);
  const std::optional<Level> back = ReadLevelFile(path, params_);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(SameLevel(*back, level_));
}

TEST_F(LevelFileTest, TruncationAtEveryLengthIsRejected) {
  for (std::size_t n = 0; n < bytes_.size(); ++n) {
    std::string why;
    EXPECT_FALSE(Decode(bytes_.substr(0, n), params_, &why).has_value()) << n;
    EXPECT_FALSE(why.empty());
  }
  ExpectRejected(bytes_.substr(0, 4), "too short");
  ExpectRejected(bytes_.substr(0, 30), "shorter than the header");
  ExpectRejected(bytes_.substr(0, bytes_.size() - 1), "bytes");
  // The same through real files, at a few lengths.
  for (std::size_t n : {std::size_t{0}, std::size_t{7}, std::size_t{47}, std::size_t{48},
                        std::size_t{1000}, bytes_.size() - 9, bytes_.size() - 1}) {
    const fs::path path = dir_.path() / "truncated.bin";
    WriteBytes(path, bytes_.substr(0, n));
    std::string why;
    EXPECT_FALSE(ReadLevelFile(path, params_, &why).has_value()) << n;
    EXPECT_EQ(why.rfind(path.string() + ": ", 0), 0u) << why;
  }
}

TEST_F(LevelFileTest, TrailingBytesAreRejected) {
  ExpectRejected(bytes_ + std::string(1, '\0'), "trailing bytes");
  std::string longer = bytes_ + std::string(9, '\0');
  RecomputeChecksum(longer);
  ExpectRejected(longer, "trailing bytes");
}

TEST_F(LevelFileTest, EveryFlippedByteIsRejected) {
  std::mt19937_64 rng(12345);
  std::uniform_int_distribution<int> bit(0, 7);
  for (std::size_t at = 0; at < bytes_.size(); ++at) {
    for (int trial = 0; trial < 2; ++trial) {
      std::string damaged = bytes_;
      damaged[at] = static_cast<char>(damaged[at] ^ (trial == 0 ? 0xFF : 1 << bit(rng)));
      std::string why;
      EXPECT_FALSE(Decode(damaged, params_, &why).has_value()) << "offset " << at;
      EXPECT_FALSE(why.empty());
    }
  }
  // Damage in the body is reported as a checksum mismatch.
  std::string damaged = bytes_;
  damaged[kShardsAt + 8 * 256 + 3] ^= 0x10;
  ExpectRejected(damaged, "checksum mismatch");
  // Through a file.
  const fs::path path = dir_.path() / "flipped.bin";
  WriteBytes(path, damaged);
  std::string why;
  EXPECT_FALSE(ReadLevelFile(path, params_, &why).has_value());
  EXPECT_NE(why.find("checksum mismatch"), std::string::npos) << why;
}

TEST_F(LevelFileTest, AnotherRunsParametersAreRejected) {
  for (int field = 0; field < 5; ++field) {
    LevelFileParams p = params_;
    switch (field) {
      case 0:
        p.rows = 2;
        p.max_sum = 12;
        break;
      case 1:
        p.cols = 2;
        p.max_sum = 12;
        break;
      case 2:
        p.max_entry = 3;
        p.max_sum = 27;
        break;
      case 3:
        p.max_sum = 10;
        break;
      case 4:
        p.solved = false;
        break;
    }
    ExpectRejected(bytes_, "written for 3x3 entries <= 2 sum <= 18 solved", &p);
    ExpectRejected(bytes_, "(the checksum matches)", &p);
  }
  // Parameters changed in the header itself, with the checksum recomputed or not.
  for (std::size_t at : {kRowsAt, kColsAt, kMaxEntryAt, kMaxSumAt}) {
    std::string damaged = bytes_;
    PutU32(damaged, at, 7);
    ExpectRejected(damaged, "checksum mismatch");
    RecomputeChecksum(damaged);
    ExpectRejected(damaged, "written for");
  }
  std::string flags = bytes_;
  PutU32(flags, kFlagsAt, 3);
  RecomputeChecksum(flags);
  ExpectRejected(flags, "unknown flags");
}

TEST_F(LevelFileTest, WrongMagicOrVersionIsRejected) {
  std::string magic = bytes_;
  magic[3] = 'X';
  ExpectRejected(magic, "not a level file (bad magic)");
  ExpectRejected("PNG\r\n\x1a\n and more bytes than a header has, really quite a lot more",
                 "bad magic");
  std::string version = bytes_;
  PutU32(version, kVersionAt, 2);
  ExpectRejected(version, "format version 2, this build reads 1");
  RecomputeChecksum(version);
  ExpectRejected(version, "format version 2");
  ExpectRejected(version, "(the checksum matches)");
}

TEST_F(LevelFileTest, HeaderCountsThatDoNotFitTheFileAreRejected) {
  std::string huge = bytes_;
  PutU64(huge, kClassesAt, ~std::uint64_t{0});
  RecomputeChecksum(huge);
  ExpectRejected(huge, "impossibly large");
  std::string more = bytes_;
  PutU64(more, kClassesAt, level_.size() + 1);
  ExpectRejected(more, "truncated: 3076 bytes, but the header's 109 classes need 3085");
  std::string shards = bytes_;
  PutU32(shards, kShardCountAt, 255);
  RecomputeChecksum(shards);
  ExpectRejected(shards, "255 shards, expected 256");
  std::string sum = bytes_;
  PutU32(sum, kSumAt, 19);
  RecomputeChecksum(sum);
  ExpectRejected(sum, "level sum 19 above the bound 18");
}

TEST_F(LevelFileTest, WellChecksummedRuleBreakersAreRejected) {
  const int s = ShardWith(2);
  ASSERT_GE(s, 0);
  const ShardSpan span = Locate(bytes_, s, true);
  ASSERT_EQ(span.count, level_.shards[s].keys.size());

  // Two keys swapped: unsorted.
  std::string swapped = bytes_;
  const std::string first = swapped.substr(span.keys_at, 8);
  swapped.replace(span.keys_at, 8, swapped.substr(span.keys_at + 8, 8));
  swapped.replace(span.keys_at + 8, 8, first);
  ExpectRejected(swapped, "checksum mismatch");
  RecomputeChecksum(swapped);
  ExpectRejected(swapped, "keys not sorted and distinct");

  // A key repeated.
  std::string repeated = bytes_;
  repeated.replace(span.keys_at + 8, 8, repeated.substr(span.keys_at, 8));
  RecomputeChecksum(repeated);
  ExpectRejected(repeated, "keys not sorted and distinct");

  // A key of another shard (of the same level, so it is otherwise valid).
  std::uint64_t foreign = 0;
  for (int t = 0; t < kShardCount; ++t)
    if (t != s && !level_.shards[t].keys.empty()) foreign = level_.shards[t].keys.back();
  ASSERT_NE(foreign, 0u);
  std::string misplaced = bytes_;
  PutU64(misplaced, span.keys_at, foreign);
  RecomputeChecksum(misplaced);
  ExpectRejected(misplaced, "belongs to shard");

  // Keys in the right shard and in order that are not matrices of this level: entries adding up
  // to another sum, an entry above the bound (the 2-bit field 3 > 2), bits above the key width.
  constexpr std::uint64_t kKeyLimit = std::uint64_t{1} << 18;  // 9 entries of 2 bits
  auto replace_last = [&](auto&& wanted) {
    const std::vector<std::uint64_t>& keys = level_.shards[s].keys;
    for (std::uint64_t k = keys[keys.size() - 2] + 1; k < 4 * kKeyLimit; ++k)
      if (ShardOf(k) == s && wanted(k)) {
        std::string b = bytes_;
        PutU64(b, span.keys_at + 8 * (keys.size() - 1), k);
        RecomputeChecksum(b);
        return b;
      }
    ADD_FAILURE() << "no such key";
    return std::string();
  };
  auto entries = [](std::uint64_t k, int& total) {
    bool small = true;
    total = 0;
    for (int f = 0; f < 9; ++f) {
      const int e = static_cast<int>((k >> (2 * f)) & 3);
      small = small && e <= 2;
      total += e;
    }
    return small;
  };
  ExpectRejected(replace_last([&](std::uint64_t k) {
                   int total = 0;
                   return k < kKeyLimit && entries(k, total) && total != 9;
                 }),
                 "adding up to");
  ExpectRejected(replace_last([&](std::uint64_t k) {
                   int total = 0;
                   return k < kKeyLimit && !entries(k, total);
                 }),
                 "above the bound");
  ExpectRejected(replace_last([](std::uint64_t k) { return k >= kKeyLimit; }),
                 "bits above the key width");

  // An invalid value byte (the 2-bit code 10 never occurs).
  std::string value = bytes_;
  value[span.values_at] = 0x02;
  RecomputeChecksum(value);
  ExpectRejected(value, "invalid value byte");

  // One class moved from this shard's count to the next one's: the records no longer line up.
  std::string moved = bytes_;
  PutU64(moved, span.count_at, span.count - 1);
  RecomputeChecksum(moved);
  ExpectRejected(moved, "shard");

  // A shard claiming more classes than the header has.
  std::string claims = bytes_;
  PutU64(claims, kShardsAt, level_.size() + 5);
  RecomputeChecksum(claims);
  ExpectRejected(claims, "claims");
}

TEST_F(LevelFileTest, ShardCountsMustAddUpToTheHeader) {
  // A file whose shard counts are all zero but whose header claims classes, padded so the size
  // matches: the shard counts do not add up.
  Level empty;
  empty.sum = 9;
  std::string bytes = EncodeLevelFile(empty, params_);
  PutU64(bytes, kClassesAt, 2);
  bytes.insert(bytes.size() - 8, std::string(18, '\0'));
  RecomputeChecksum(bytes);
  ExpectRejected(bytes, "shard counts add up to 0, the header says 2");
}

TEST_F(LevelFileTest, LeftoverTemporaryFileIsIgnored) {
  const fs::path path = dir_.path() / "level-0009.bin";
  const fs::path temp = path.string() + ".partial";
  // A crash before the rename leaves only the temporary file: nothing is read from it.
  WriteBytes(temp, bytes_);
  std::string why;
  EXPECT_FALSE(ReadLevelFile(path, params_, &why).has_value());
  EXPECT_NE(why.find("cannot open"), std::string::npos) << why;
  // A torn temporary next to a good file: the good file is read, the temporary ignored.
  WriteLevelFile(path, level_, params_);
  EXPECT_FALSE(fs::exists(temp));
  WriteBytes(temp, bytes_.substr(0, 100));
  const std::optional<Level> back = ReadLevelFile(path, params_, &why);
  ASSERT_TRUE(back.has_value()) << why;
  EXPECT_TRUE(SameLevel(*back, level_));
  // The next write reuses (truncates) the leftover and removes it by the rename.
  Level other;
  other.sum = 1;
  WriteLevelFile(path, other, params_);
  EXPECT_FALSE(fs::exists(temp));
  const std::optional<Level> again = ReadLevelFile(path, params_, &why);
  ASSERT_TRUE(again.has_value()) << why;
  EXPECT_EQ(again->sum, 1);
  EXPECT_EQ(again->size(), 0u);
}

TEST_F(LevelFileTest, UnreadablePathsAreExplained) {
  std::string why;
  EXPECT_FALSE(ReadLevelFile(dir_.path() / "missing.bin", params_, &why).has_value());
  EXPECT_NE(why.find("missing.bin: cannot open"), std::string::npos) << why;
  EXPECT_FALSE(ReadLevelFile(dir_.path(), params_, &why).has_value());
  EXPECT_NE(why.find("not a regular file"), std::string::npos) << why;
  EXPECT_FALSE(ReadLevelFile(dir_.path() / "missing.bin", params_).has_value());  // no why
  EXPECT_THROW(WriteLevelFile(dir_.path() / "no" / "such" / "dir.bin", level_, params_),
               std::runtime_error);
}

TEST_F(LevelFileTest, WriterRefusesLevelsThatBreakTheFormat) {
  const int s = ShardWith(2);
  ASSERT_GE(s, 0);
  Level unsorted = level_;
  std::swap(unsorted.shards[s].keys[0], unsorted.shards[s].keys[1]);
  EXPECT_THROW(WriteLevelFile(dir_.path() / "x.bin", unsorted, params_), std::invalid_argument);
  EXPECT_FALSE(fs::exists(dir_.path() / "x.bin.partial"));
  Level short_values = level_;
  short_values.shards[s].values.pop_back();
  EXPECT_THROW(EncodeLevelFile(short_values, params_), std::invalid_argument);
  LevelFileParams generation = params_;
  generation.solved = false;
  EXPECT_NO_THROW(EncodeLevelFile(short_values, generation));  // values are not stored
  Level too_high = level_;
  too_high.sum = params_.max_sum + 1;
  EXPECT_THROW(EncodeLevelFile(too_high, params_), std::invalid_argument);
  LevelFileParams bad = params_;
  bad.rows = 9;
  EXPECT_THROW(EncodeLevelFile(level_, bad), std::invalid_argument);
}

}  // namespace
}  // namespace seki

// The one per-rank name (storage/rank_file.hpp) of level files and down-set checkpoints.
TEST(RankFile, OneNameForEveryPerRankFile) {
  EXPECT_EQ(seki::RankFile("levels/level-0005.bin", 1, 2).string(),
            "levels/level-0005.rank-0001-of-0002.bin");
  EXPECT_EQ(seki::RankFile("levels/4x4-level-0012.bin", 0, 3).string(),
            "levels/4x4-level-0012.rank-0000-of-0003.bin");
  EXPECT_EQ(seki::RankFile("dir/ds8.ckpt", 2, 3).string(), "dir/ds8.rank-0002-of-0003.ckpt");
  EXPECT_EQ(seki::RankFile("ck", 2, 3).string(), "ck.rank-0002-of-0003");
  EXPECT_EQ(seki::RankFile("dir/ds8.ckpt", 0, 1).string(), "dir/ds8.ckpt");
}
