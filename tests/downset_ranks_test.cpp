// A down-set pass split among ranks (engine/solve/downset_ranks.hpp, downset_share.hpp) in one
// process: each rank a thread with its own buffer, the ranks' collective steps over a barrier.
// When every rank is done, every value a rank holds (its range and its halo: the last slab) is
// the value one whole pass leaves in that ring slot, in both storage modes (4 bits a matrix with
// odd chunks and layers: ranks meet inside a byte), on 2 and 3 ranks of 1 and 2 threads; the top
// rank finds the root's values. The shares cut the split digit into contiguous ranges.
#include "engine/solve/downset_ranks.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>
#include <vector>

#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_pass.hpp"
#include "engine/solve/downset_share.hpp"
#include "test_support.hpp"
#include "thread_ranks.hpp"

namespace seki {
namespace {

using testing::M;
using testing::Mailboxes;
using testing::ThreadRanks;

// The value of ring offset `offset` in a buffer whose slot 0 is offset `base`.
std::uint8_t ValueAt(const std::vector<std::uint8_t>& values, DownsetMode mode,
                     std::uint64_t offset, std::uint64_t base) {
  const std::uint64_t slot = offset - base;
  if (mode == DownsetMode::kBothGames) return values[slot];
  return (values[slot / 2] >> (slot & 1 ? 4 : 0)) & 0xF;
}

struct Ring {
  std::vector<std::uint8_t> values;
  std::uint8_t root = 0;
};

// One pass of game `game` on one rank's share (the whole ring when ranks is 1).
Ring RunShare(const DownsetLayout& layout, DownsetMode mode, int threads, const Ranks* ranks,
              const DownsetShare& share) {
  Ring ring;
  ring.values.assign(share.bytes(mode), 0);
  std::atomic<std::uint64_t> done{0};
  DownsetPass pass(layout, DownsetStore{ring.values.data(), false, mode, Game::kDSeki}, done, 0,
                   share);
  const bool completed =
      ranks ? RunOnRanks(pass, layout, share, mode, ring.values.data(), {}, threads, *ranks,
                         [](const DownsetPosition&) { return true; })
            : pass.Run({}, threads, nullptr);
  EXPECT_TRUE(completed);
  ring.root = pass.Root().bits;
  return ring;
}

TEST(DownsetOnRanks, SharesCutTheSplitDigitIntoContiguousRanges) {
  const DownsetLayout layout = DownsetLayout::For(M("44000/04400/00440/00044/40004"));
  ASSERT_EQ(DownsetSplitRadix(layout), 5);
  const std::uint64_t layer = layout.ring / 5;
  std::uint64_t next = 0;
  for (int q = 0; q < 3; ++q) {
    const DownsetShare s = DownsetShare::For(layout, q, 3);
    ASSERT_TRUE(s.split);
    EXPECT_EQ(s.first, next);
    EXPECT_GT(s.last, s.first);
    EXPECT_EQ(s.begin, s.first == 0 ? 0 : (s.first - 1) * layer);
    EXPECT_EQ(s.end, s.last * layer);
    EXPECT_EQ(s.base % 2, 0u);
    EXPECT_LE(s.begin - s.base, 1u);
    next = s.last;
  }
  EXPECT_EQ(next, 5u);
  EXPECT_FALSE(DownsetShare::For(layout, 0, 6).split);  // more ranks than values: not split
  EXPECT_EQ(DownsetSplitRadix(DownsetLayout::For(M("11/11"))), 0);  // one block a slab
}

TEST(DownsetOnRanks, EveryRankHoldsTheValuesOfOneWholePass) {
  for (const char* text : {"44000/04400/00440/00044/40004", "33000/03300/00330/00033/30003",
                           "2130/0312/1203/3021/1111", "2222/2222/2222/2220"}) {
    SCOPED_TRACE(text);
    const DownsetLayout layout = DownsetLayout::For(M(text));
    ASSERT_GT(DownsetSplitRadix(layout), 2);
    for (const DownsetMode mode : {DownsetMode::kBothGames, DownsetMode::kOneGame}) {
      const Ring whole = RunShare(layout, mode, 1, nullptr, DownsetShare::For(layout, 0, 1));
      ASSERT_NE(whole.root, 0);
      for (int size : {2, 3})
        for (int threads : {1, 2}) {
          SCOPED_TRACE(::testing::Message() << size << " ranks, " << threads << " threads, mode "
                                            << static_cast<int>(mode));
          Mailboxes boxes(size);
          std::vector<Ring> rings(size);
          std::vector<DownsetShare> shares(size);
          {
            std::vector<std::jthread> ranks;
            for (int q = 0; q < size; ++q)
              ranks.emplace_back([&, q] {
                ThreadRanks mine(boxes, q);
                shares[q] = DownsetShare::For(layout, q, size);
                rings[q] = RunShare(layout, mode, threads, &mine, shares[q]);
              });
          }
          EXPECT_EQ(rings[size - 1].root, whole.root);
          for (int q = 0; q < size; ++q) {
            std::uint64_t differ = 0;
            for (std::uint64_t x = shares[q].begin; x < shares[q].end; ++x)
              differ += ValueAt(rings[q].values, mode, x, shares[q].base) !=
                        ValueAt(whole.values, mode, x, 0);
            EXPECT_EQ(differ, 0u) << "rank " << q;
          }
        }
    }
  }
}

}  // namespace
}  // namespace seki
