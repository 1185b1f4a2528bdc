// ThreadRanks: the ranks of a split down-set pass (engine/solve/downset_ranks.hpp) as threads of
// one process, for the tests of the split pass and of what is taken from it: a mailbox and a
// maximum slot per rank, a barrier between steps.
// Concurrency: one ThreadRanks per rank thread, all sharing one Mailboxes.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <barrier>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/solve/downset_ranks.hpp"

namespace seki::testing {

// The ranks of one process: a mailbox and a maximum slot per rank, a barrier between steps.
struct Mailboxes {
  explicit Mailboxes(int ranks) : sync(ranks), mail(ranks), values(ranks) {}
  std::barrier<> sync;
  std::vector<std::vector<std::uint8_t>> mail;
  std::vector<std::uint64_t> values;
};

class ThreadRanks final : public DownsetRanks {
 public:
  ThreadRanks(Mailboxes& boxes, int rank) : boxes_(boxes), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return static_cast<int>(boxes_.mail.size()); }
  void Shift(std::span<const std::uint8_t> up, bool send, std::span<std::uint8_t> down,
             bool receive) override {
    if (send) boxes_.mail[rank_ + 1].assign(up.begin(), up.end());
    boxes_.sync.arrive_and_wait();
    if (receive) {
      EXPECT_EQ(boxes_.mail[rank_].size(), down.size());
      std::copy_n(boxes_.mail[rank_].begin(), std::min(down.size(), boxes_.mail[rank_].size()),
                  down.begin());
    }
    boxes_.sync.arrive_and_wait();
  }
  std::uint64_t Max(std::uint64_t value) override {
    boxes_.values[rank_] = value;
    boxes_.sync.arrive_and_wait();
    const std::uint64_t most = *std::max_element(boxes_.values.begin(), boxes_.values.end());
    boxes_.sync.arrive_and_wait();
    return most;
  }
  void Saved(std::uint64_t) override { boxes_.sync.arrive_and_wait(); }

 private:
  Mailboxes& boxes_;
  int rank_;
};

}  // namespace seki::testing
