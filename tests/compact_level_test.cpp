// Compact levels (storage/compact_level.hpp) and the compact level-file format (version 2,
// storage/level_file_compact.hpp): the Rice coding of key gaps at every kind of gap, a real level
// to compact and back, the walks in key order over parts, and every kind of damage to a file.
#include "storage/compact_level.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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
    part_ = {level_.sum, 1, 3, CompactFromLevel(level_)};
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

}  // namespace
}  // namespace seki
