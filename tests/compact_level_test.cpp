// Compact levels (storage/compact_level.hpp) and the compact level-file format (version 2,
// storage/level_file_compact.hpp): the Rice coding of key gaps at every kind of gap, a real level
// to compact and back, the walks in key order over parts, and every kind of damage to a file, in
// key order or by groups (a whole file, its group table, one group read alone).
#include "storage/compact_level.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "engine/level/level_builder.hpp"
#include "engine/run/level_driver.hpp"
#include "storage/level_file.hpp"
#include "storage/level_file_bytes.hpp"
#include "temp_dir.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using namespace seki::testing;  // NOLINT(google-build-using-namespace)

std::vector<std::uint64_t> Decoded(const CompactBlock& block) {
  std::vector<std::uint64_t> keys(block.count);
  block.Decode(keys.data());
  return keys;
}

// Sorted distinct keys with gaps drawn from `gap`, starting at `first`.
template <class Gap>
std::vector<std::uint64_t> Keys(std::size_t n, std::uint64_t first, Gap&& gap) {
  std::vector<std::uint64_t> keys{first};
  while (keys.size() < n) keys.push_back(keys.back() + 1 + gap());
  return keys;
}

TEST(CompactBlock, RoundTripsEveryKindOfGap) {
  std::mt19937_64 rng(7);
  std::vector<std::vector<std::uint64_t>> cases = {
      {42},                                                      // one class
      {0, 1, 2, 3, 4},                                           // no gaps at all
      {0, ~std::uint64_t{0}},                                    // the largest gap there is
      Keys(4096, 5, [&] { return rng() % 300; }),                // gaps of about 8 bits
      Keys(4096, 0, [&] { return rng() % 2 ? 0 : rng() % 3; }),  // tiny gaps
      Keys(1000, 9, [&] { return rng() % 50 ? rng() % 16 : rng() >> 20; }),  // a few huge ones
      Keys(333, 1ull << 60, [&] { return rng() % (1ull << 40); }),           // wide gaps
  };
  for (const auto& keys : cases) {
    std::vector<PackedOutcome> values(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k) values[k].bits = static_cast<std::uint8_t>(k * 5);
    const CompactBlock block = EncodeBlock(keys.data(), values.data(), keys.size());
    EXPECT_EQ(Decoded(block), keys);
    std::vector<std::uint64_t> checked(keys.size());
    EXPECT_TRUE(block.DecodeChecked(checked.data()));
    EXPECT_EQ(checked, keys);
    EXPECT_EQ(block.values, values);
  }
  // Gaps of about 8 bits cost about 8 + 2 bits, never a plain key's 64.
  const auto keys = Keys(4096, 0, [&] { return rng() % 256; });
  const std::vector<PackedOutcome> values(keys.size());
  EXPECT_LT(EncodeBlock(keys.data(), values.data(), keys.size()).bits.size() * 64, 11u * 4096);
  EXPECT_THROW(EncodeBlock(keys.data(), values.data(), 0), std::invalid_argument);
  const std::uint64_t unsorted[] = {5, 3};
  EXPECT_THROW(EncodeBlock(unsorted, values.data(), 2), std::invalid_argument);
}

TEST(CompactBlock, CheckedDecodeRefusesBitsThatRunOut) {
  std::mt19937_64 rng(3);
  const auto keys = Keys(4096, 0, [&] { return rng() % 1000; });
  const std::vector<PackedOutcome> values(keys.size());
  CompactBlock block = EncodeBlock(keys.data(), values.data(), keys.size());
  block.bits.resize(block.bits.size() / 2);
  std::vector<std::uint64_t> out(keys.size());
  EXPECT_FALSE(block.DecodeChecked(out.data()));
  block.bits.clear();
  EXPECT_FALSE(block.DecodeChecked(out.data()));
}

// The largest level of 3x4 matrices with entries <= 4 (sum 24), solved.
Level MiddleLevel(LevelFileParams* params = nullptr) {
  const EnumerationSpace space = EnumerationSpace::Make(3, 4, 4, 24);
  if (params) *params = {space.rows, space.cols, space.max_entry, space.max_sum, true};
  Level middle;
  ForEachLevel(space, [&](const Level& level) {
    if (level.size() > middle.size()) middle = level;
  });
  return middle;
}

bool SameLevel(const Level& a, const Level& b) {
  if (a.sum != b.sum || a.key_words != b.key_words) return false;
  for (int s = 0; s < kShardCount; ++s)
    if (a.shards[s].keys != b.shards[s].keys || a.shards[s].values != b.shards[s].values)
      return false;
  return true;
}

TEST(CompactLevel, ALevelAndBackIsTheSameLevel) {
  const Level level = MiddleLevel();
  ASSERT_GT(level.size(), 3 * kCompactBlockClasses);
  CompactLevel compact;
  compact.sum = level.sum;
  compact.parts.push_back(CompactFromLevel(level));
  EXPECT_EQ(compact.size(), level.size());
  EXPECT_TRUE(SameLevel(ExpandToLevel(compact), level));
  // Far below a plain level's 9 bytes a class.
  EXPECT_LT(double(compact.bytes()) / double(level.size()), 3.5);
}

// A level split into parts by a rule of the test (not the builder's): the walk in key order
// gives every class once, in increasing key order, with its value; the block walk every class.
TEST(CompactLevel, PartsWalkInKeyOrder) {
  const Level level = MiddleLevel();
  for (const int parts : {1, 2, 5}) {
    std::vector<Level> split(static_cast<std::size_t>(parts));
    for (int s = 0; s < kShardCount; ++s)
      for (std::size_t k = 0; k < level.shards[s].keys.size(); ++k) {
        Level& to = split[(level.shards[s].keys[k] / 7) % static_cast<std::uint64_t>(parts)];
        to.shards[s].keys.push_back(level.shards[s].keys[k]);
        to.shards[s].values.push_back(level.shards[s].values[k]);
      }
    CompactLevel compact;
    compact.sum = level.sum;
    for (const Level& part : split) compact.parts.push_back(CompactFromLevel(part));
    std::vector<std::uint64_t> walked;
    std::size_t calls = 0;
    ForEachInKeyOrder(compact, 1000,
                      [&](const std::uint64_t* keys, const PackedOutcome* values, std::size_t n) {
                        ++calls;
                        EXPECT_LE(n, 1000u);
                        for (std::size_t k = 0; k < n; ++k) {
                          walked.push_back(keys[k]);
                          EXPECT_EQ(level.Find(keys[k])->bits, values[k].bits);
                        }
                      });
    EXPECT_EQ(walked, level.SortedKeys()) << parts << " parts";
    EXPECT_EQ(calls, (level.size() + 999) / 1000);
    std::atomic<std::uint64_t> seen{0};
    ForEachCompactBlock(
        compact, [&](const std::uint64_t*, const PackedOutcome*, std::size_t n) { seen += n; });
    EXPECT_EQ(seen.load(), level.size());
    EXPECT_TRUE(SameLevel(ExpandToLevel(compact), level));
  }
}

std::optional<LevelFilePart> DecodePart(const std::string& bytes, const LevelFileParams& params,
                                        std::string* why) {
  return DecodeLevelFilePart(
      std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), params,
      "part.bin", why);
}

class CompactFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    level_ = MiddleLevel(&params_);
    part_ = {level_.sum, 1, 3, CompactFromLevel(level_), {}};
    bytes_ = EncodeLevelFilePart(part_, params_);
  }
  LevelFileParams params_;
  Level level_;
  LevelFilePart part_;
  std::string bytes_;
  TempDir dir_;
};

TEST_F(CompactFileTest, RoundTripsAndIsSmall) {
  std::string why;
  const auto back = DecodePart(bytes_, params_, &why);
  ASSERT_TRUE(back.has_value()) << why;
  EXPECT_EQ(back->sum, level_.sum);
  EXPECT_EQ(back->part, 1);
  EXPECT_EQ(back->parts, 3);
  CompactLevel compact;
  compact.sum = back->sum;
  compact.parts.push_back(back->classes);
  EXPECT_TRUE(SameLevel(ExpandToLevel(compact), level_));
  EXPECT_LT(double(bytes_.size()) / double(level_.size()), 3.5);
}

TEST_F(CompactFileTest, WholeLevelsAreWrittenCompactAndBothVersionsRead) {
  const auto path = dir_.path() / "level.bin";
  WriteLevelFile(path, level_, params_);
  EXPECT_LT(double(std::filesystem::file_size(path)), 3.5 * double(level_.size()));
  std::string why;
  auto back = ReadLevelFile(path, params_, &why);
  ASSERT_TRUE(back.has_value()) << why;
  EXPECT_TRUE(SameLevel(*back, level_));
  const auto part = ReadLevelFilePart(path, params_, &why);
  ASSERT_TRUE(part.has_value()) << why;
  EXPECT_EQ(part->parts, 1);
  // The old format (version 1) is still read.
  const std::string old = EncodeLevelFile(level_, params_);
  back = DecodeLevelFile(std::span(reinterpret_cast<const std::uint8_t*>(old.data()), old.size()),
                         params_, "old.bin", &why);
  ASSERT_TRUE(back.has_value()) << why;
  EXPECT_TRUE(SameLevel(*back, level_));
  // A part of several is not a whole level.
  WriteLevelFilePart(path, part_, params_);
  EXPECT_FALSE(ReadLevelFile(path, params_, &why).has_value());
  EXPECT_NE(why.find("holds part 1 of 3 of level"), std::string::npos) << why;
}

TEST_F(CompactFileTest, EveryTruncationAndFlippedByteIsRejected) {
  std::string why;
  for (std::size_t n = 0; n < bytes_.size(); n += 1 + n / 64) {
    EXPECT_FALSE(DecodePart(bytes_.substr(0, n), params_, &why).has_value()) << n;
    EXPECT_EQ(why.rfind("part.bin: ", 0), 0u) << why;
  }
  for (std::size_t at = 0; at < bytes_.size(); at += 1 + at / 32) {
    std::string damaged = bytes_;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
    EXPECT_FALSE(DecodePart(damaged, params_, &why).has_value()) << "offset " << at;
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  }
  EXPECT_FALSE(DecodePart(bytes_ + "x", params_, &why).has_value());
  LevelFileParams other = params_;
  other.max_entry = 3;
  EXPECT_FALSE(DecodePart(bytes_, other, &why).has_value());
  EXPECT_NE(why.find("written for"), std::string::npos) << why;
}

TEST_F(CompactFileTest, WriterRefusesWhatBreaksTheFormat) {
  LevelFilePart bad = part_;
  bad.part = 3;
  EXPECT_THROW(EncodeLevelFilePart(bad, params_), std::invalid_argument);
  bad = part_;
  bad.sum = params_.max_sum + 1;
  EXPECT_THROW(EncodeLevelFilePart(bad, params_), std::invalid_argument);
  bad = part_;
  std::swap(bad.classes.blocks.front(), bad.classes.blocks.back());
  EXPECT_THROW(EncodeLevelFilePart(bad, params_), std::invalid_argument);
}

// A part written by groups (a run's part files): read back whole, its group table alone, and any
// of its groups alone, each checked by its own checksum; damage is named where it is.
class ByGroupsFileTest : public CompactFileTest {
 protected:
  void SetUp() override {
    CompactFileTest::SetUp();
    groups_ = CompactGroupsFromLevel(level_, [](std::uint64_t key) { return key % 5 * 3; });
    ASSERT_EQ(groups_.size(), 5u);
    path_ = dir_.path() / "part.bin";
    WriteLevelFilePart(path_, {level_.sum, 1, 3, {}, groups_}, params_);
  }
  static std::vector<std::uint64_t> Keys(const CompactPart& part) {
    CompactLevel level;
    level.parts.push_back(part);
    return ExpandToLevel(level).SortedKeys();
  }
  void Flip(std::uint64_t at) {
    std::fstream f(path_, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(at));
    const char c = static_cast<char>(f.get());
    f.seekp(static_cast<std::streamoff>(at));
    f.put(static_cast<char>(c ^ 0x10));
  }
  std::vector<CompactPart> groups_;
  std::filesystem::path path_;
};

TEST_F(ByGroupsFileTest, ReadBackWholeAndGroupByGroup) {
  std::string why;
  const auto back = ReadLevelFilePart(path_, params_, &why);
  ASSERT_TRUE(back.has_value()) << why;
  EXPECT_EQ(back->part, 1);
  EXPECT_TRUE(back->classes.blocks.empty());
  ASSERT_EQ(back->groups.size(), groups_.size());
  CompactLevel all;
  all.sum = level_.sum;
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    EXPECT_EQ(back->groups[g].group, groups_[g].group);
    EXPECT_EQ(Keys(back->groups[g]), Keys(groups_[g]));
    all.parts.push_back(back->groups[g]);
  }
  EXPECT_TRUE(SameLevel(ExpandToLevel(all), level_));
  EXPECT_LT(double(std::filesystem::file_size(path_)) / double(level_.size()), 3.5);
  const auto table = ReadLevelFileGroupTable(path_, params_, &why);
  ASSERT_TRUE(table.has_value()) << why;
  ASSERT_EQ(table->size(), groups_.size());
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    EXPECT_EQ((*table)[g].group, groups_[g].group);
    EXPECT_EQ((*table)[g].classes, groups_[g].size());
  }
  const auto two = ReadLevelFileGroups(path_, params_, {groups_[3].group, groups_[1].group}, &why);
  ASSERT_TRUE(two.has_value()) << why;
  ASSERT_EQ(two->size(), 2u);
  EXPECT_EQ(Keys((*two)[0]), Keys(groups_[3]));
  EXPECT_EQ(Keys((*two)[1]), Keys(groups_[1]));
  EXPECT_EQ((*two)[0].group, groups_[3].group);
  EXPECT_FALSE(ReadLevelFileGroups(path_, params_, {1}, &why).has_value());
  EXPECT_NE(why.find("holds no group 0000000000000001"), std::string::npos) << why;
  // A file in key order has no group table.
  WriteLevelFilePart(path_, part_, params_);
  EXPECT_FALSE(ReadLevelFileGroupTable(path_, params_, &why).has_value());
  EXPECT_NE(why.find("not a level file by groups"), std::string::npos) << why;
}

TEST_F(ByGroupsFileTest, DamageIsNamedWhereItIs) {
  std::string why;
  // A byte in the middle of the last group's blocks: that group is refused, the others read.
  Flip(std::filesystem::file_size(path_) - 9);  // its last value byte
  EXPECT_FALSE(ReadLevelFileGroups(path_, params_, {groups_[0].group, groups_.back().group}, &why));
  EXPECT_EQ(why.rfind(path_.string() + ": group 000000000000000c: checksum mismatch", 0), 0u)
      << why;
  EXPECT_TRUE(ReadLevelFileGroups(path_, params_, {groups_[0].group}, &why).has_value()) << why;
  EXPECT_FALSE(ReadLevelFilePart(path_, params_, &why).has_value());
  EXPECT_EQ(why.rfind(path_.string() + ": ", 0), 0u) << why;
  // A byte of the group table.
  WriteLevelFilePart(path_, {level_.sum, 1, 3, {}, groups_}, params_);
  Flip(56 + 8 + 40 + 20);
  EXPECT_FALSE(ReadLevelFileGroupTable(path_, params_, &why).has_value());
  EXPECT_NE(why.find("group table: checksum mismatch"), std::string::npos) << why;
  EXPECT_FALSE(ReadLevelFileGroups(path_, params_, {groups_[0].group}, &why).has_value());
  // Every truncation and flipped byte of the whole file is refused.
  const std::string bytes = EncodeLevelFilePart({level_.sum, 1, 3, {}, groups_}, params_);
  for (std::size_t n = 0; n < bytes.size(); n += 1 + n / 64)
    EXPECT_FALSE(DecodePart(bytes.substr(0, n), params_, &why).has_value()) << n;
  for (std::size_t at = 0; at < bytes.size(); at += 1 + at / 32) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
    EXPECT_FALSE(DecodePart(damaged, params_, &why).has_value()) << "offset " << at;
  }
}

TEST_F(ByGroupsFileTest, WriterRefusesGroupsThatBreakTheFormat) {
  LevelFilePart bad{level_.sum, 1, 3, {}, groups_};
  std::swap(bad.groups[0], bad.groups[1]);
  EXPECT_THROW(EncodeLevelFilePart(bad, params_), std::invalid_argument);
  bad.groups = groups_;
  bad.groups[2].blocks.clear();
  EXPECT_THROW(EncodeLevelFilePart(bad, params_), std::invalid_argument);
  bad.groups = groups_;
  bad.classes = part_.classes;
  EXPECT_THROW(EncodeLevelFilePart(bad, params_), std::invalid_argument);
}

}  // namespace
}  // namespace seki
