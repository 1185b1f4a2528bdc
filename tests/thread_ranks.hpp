// ThreadRanks: the ranks of a job (engine/base/ranks.hpp) as threads of one process, for the tests
// of what spreads over ranks without MPI: the split down-set pass and its census, and the level
// engine on ranks (engine/run/level_ranks.hpp). Every collective step posts into shared slots and
// meets at a barrier.
// Concurrency: one ThreadRanks per rank thread, all sharing one Mailboxes; each rank calls the
// collective members in the same order, from its own thread.
#pragma once

#include <algorithm>
#include <barrier>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/base/ranks.hpp"

namespace seki::testing {

// What the ranks of one process share: words in flight [from][to], a slot per rank for maxima,
// sums, gathers and text, and a barrier.
struct Mailboxes {
  explicit Mailboxes(int ranks)
      : sync(ranks),
        mail(ranks, std::vector<std::vector<std::uint64_t>>(ranks)),
        slots(ranks),
        numbers(ranks),
        texts(ranks) {}
  std::barrier<> sync;
  std::vector<std::vector<std::vector<std::uint64_t>>> mail;
  std::vector<std::vector<std::uint64_t>> slots;
  std::vector<double> numbers;
  std::vector<std::string> texts;
};

class ThreadRanks final : public Ranks {
 public:
  ThreadRanks(Mailboxes& boxes, int rank) : boxes_(boxes), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return static_cast<int>(boxes_.mail.size()); }

  void SumAll(std::span<std::uint64_t> values) const override {
    const std::vector<std::uint64_t> all = AllGather(values);
    for (std::size_t k = 0; k < values.size(); ++k) {
      values[k] = 0;
      for (int q = 0; q < size(); ++q) values[k] += all[q * values.size() + k];
    }
  }
  double MaxAll(double value) const override {
    boxes_.numbers[rank_] = value;
    boxes_.sync.arrive_and_wait();
    const double most = *std::max_element(boxes_.numbers.begin(), boxes_.numbers.end());
    boxes_.sync.arrive_and_wait();
    return most;
  }
  std::vector<std::uint64_t> AllGather(std::span<const std::uint64_t> values) const override {
    boxes_.slots[rank_].assign(values.begin(), values.end());
    boxes_.sync.arrive_and_wait();
    std::vector<std::uint64_t> all;
    for (const auto& slot : boxes_.slots) all.insert(all.end(), slot.begin(), slot.end());
    boxes_.sync.arrive_and_wait();
    return all;
  }
  std::vector<std::uint64_t> Exchange(const std::vector<std::uint64_t>& words,
                                      std::span<const std::uint64_t> counts) const override {
    std::size_t at = 0;
    for (int q = 0; q < size(); ++q) {
      boxes_.mail[rank_][q].assign(words.begin() + at, words.begin() + at + counts[q]);
      at += counts[q];
      if (q != rank_) sent_ += counts[q] * sizeof(std::uint64_t);
    }
    boxes_.sync.arrive_and_wait();
    std::vector<std::uint64_t> in;
    for (int q = 0; q < size(); ++q)
      in.insert(in.end(), boxes_.mail[q][rank_].begin(), boxes_.mail[q][rank_].end());
    boxes_.sync.arrive_and_wait();
    return in;
  }
  std::string GatherText(std::string text) const override {
    boxes_.texts[rank_] = std::move(text);
    boxes_.sync.arrive_and_wait();
    std::string all;
    if (root())
      for (const std::string& t : boxes_.texts) all += t;
    boxes_.sync.arrive_and_wait();
    return all;
  }
  void Barrier() const override { boxes_.sync.arrive_and_wait(); }
  std::uint64_t exchanged_bytes() const override { return sent_; }

 private:
  Mailboxes& boxes_;
  int rank_;
  mutable std::uint64_t sent_ = 0;
};

}  // namespace seki::testing
